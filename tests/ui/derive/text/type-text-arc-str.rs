use std::sync::Arc;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    summary: Arc<str>,
}

fn main() {}
