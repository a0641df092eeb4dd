use std::collections::VecDeque;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(resource(uri = "file:///a"))]
    body: VecDeque<u8>,
}

fn main() {}
