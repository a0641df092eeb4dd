// A constant as the key of `meta = …`: one error saying the key is a string.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(meta = KEY)] t: String }
fn main() {}
