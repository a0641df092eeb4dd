use std::borrow::Cow;

use mcp_content::Content;

#[derive(Content)]
struct Borrowed<'a> {
    #[content(text)]
    body: Cow<'a, [u8]>,
}

fn main() {}
