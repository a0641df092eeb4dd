// The derive: a macro call where a literal is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(resource(uri = concat!("a://", "b")))] b: String }
fn main() {}
