use mcp_content::Content;

#[derive(Content)]
struct Report {
    #[content(image(mime = kind))]
    chart: Vec<u8>,
    #[content(text)]
    kind: String,
}

fn main() {}
