use std::borrow::Cow;
use mcp_content::Content;

#[derive(Content)]
struct S {
    #[content(text)]
    summary: Cow<'static, str>,
}

fn main() {}
