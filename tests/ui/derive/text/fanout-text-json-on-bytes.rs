// `text(json)` on a list fans out one JSON text per element: on bytes, one block per byte.

use mcp_content::Content;

#[derive(Content)]
struct Raw {
    #[content(text(json))]
    data: Vec<u8>,
}

fn main() {}
