use std::sync::Arc;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(image(mime = "image/png"))]
    body: Arc<[u8]>,
}

fn main() {}
