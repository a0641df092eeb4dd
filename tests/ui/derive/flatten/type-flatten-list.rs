// `flatten` on a `Vec` of a Content type.
use mcp_content::Content;
#[derive(Content)]
struct Inner { #[content(text)] a: String }
#[derive(Content)]
struct Outer { #[content(text)] b: String, #[content(flatten)] inner: Vec<Inner> }
fn main() {}
