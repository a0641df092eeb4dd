use std::sync::Arc;
use mcp_content::Content;

#[derive(Content)]
struct Inner {
    #[content(text)]
    a: String,
}

#[derive(Content)]
struct S {
    #[content(flatten)]
    inner: Arc<Inner>,
}

fn main() {}
