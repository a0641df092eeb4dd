use std::sync::Arc;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Arc<[u8]>,
}

fn main() {}
