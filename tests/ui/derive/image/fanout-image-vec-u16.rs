use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: Vec<u16>,
}

fn main() {}
