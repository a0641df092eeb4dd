use std::collections::VecDeque;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: VecDeque<u8>,
}

fn main() {}
