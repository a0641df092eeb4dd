// `last_modified = field` takes a `Timestamp` field.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(text, annotations(last_modified = t))] b: String, t: u64 }
fn main() {}
