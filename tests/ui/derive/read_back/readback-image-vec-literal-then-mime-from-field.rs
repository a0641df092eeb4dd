use mcp_content::{Content, model::MimeType};

// A MIME type taken from a field may be `image/png` too: the list would take its block.
#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    pngs: Vec<Vec<u8>>,
    #[content(image(mime = kind))]
    other: Vec<u8>,
    kind: MimeType,
}

fn main() {}
