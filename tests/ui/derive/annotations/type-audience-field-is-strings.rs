// `audience = field` takes a `Vec<Role>` field.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(text, annotations(audience = a))] b: String, a: Vec<String> }
fn main() {}
