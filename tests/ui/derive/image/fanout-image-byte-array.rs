use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: [u8; 4],
}

fn main() {}
