// A number as `crate = …`: one error saying it takes a string.
use mcp_content::Content;
#[derive(Content)]
#[content(crate = 1)]
struct S { #[content(text)] t: String }
fn main() {}
