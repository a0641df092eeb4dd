// `priority = field` takes a `Priority` field.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(text, annotations(priority = p))] b: String, p: String }
fn main() {}
