use std::rc::Rc;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    body: Vec<Rc<[u8]>>,
}

fn main() {}
