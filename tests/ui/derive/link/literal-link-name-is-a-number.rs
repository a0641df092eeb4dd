// The derive: a number where a string or a field is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(link(name = 5))] b: mcp_content::model::Uri }
fn main() {}
