use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/*"))]
    body: Vec<u8>,
}

fn main() {}
