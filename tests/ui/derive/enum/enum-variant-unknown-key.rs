use mcp_content::Content;

#[derive(Content)]
enum Answer {
    Text(#[content(text)] String),
    #[content(skp)]
    Nothing,
}

fn main() {}
