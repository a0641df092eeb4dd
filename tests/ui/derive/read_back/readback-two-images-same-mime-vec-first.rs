use mcp_content::Content;

// Told apart only by a MIME type both declare alike: the first list takes every block.
#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    pngs: Vec<Vec<u8>>,
    #[content(image(mime = "IMAGE/PNG; q=1"))]
    more: Vec<Vec<u8>>,
}

fn main() {}
