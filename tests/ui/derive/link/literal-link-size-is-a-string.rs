// The derive: a string where a number of bytes or a field is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(link(name = "n", size = "10"))] b: mcp_content::model::Uri }
fn main() {}
