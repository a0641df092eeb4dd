use std::collections::VecDeque;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: VecDeque<u8>,
}

fn main() {}
