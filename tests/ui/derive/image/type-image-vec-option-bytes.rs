use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: Vec<Option<Vec<u8>>>,
}

fn main() {}
