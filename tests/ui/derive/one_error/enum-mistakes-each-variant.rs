use mcp_content::Content;

#[derive(Content)]
#[content(annotations(audience = ["user"]))]
enum Answer {
    #[content(annotations(priorty = 0.5))]
    Text(#[content(text)] String),
    #[content(meta("com.example/kind" = "chart"), skip)]
    Chart(#[content(image(mime = "image/png"))] Vec<u8>),
    Link(#[content(link(name = _1))] mcp_content::model::Uri, Option<String>),
    Many(#[content(text)] Vec<char>),
}

fn main() {}
