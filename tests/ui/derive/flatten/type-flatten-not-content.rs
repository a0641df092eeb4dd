// `flatten` on a type that is not Content.
use mcp_content::Content;
#[derive(Content)]
struct Outer { #[content(text)] b: String, #[content(flatten)] inner: String }
fn main() {}
