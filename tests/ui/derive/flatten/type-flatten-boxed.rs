// `flatten` on a `Box` of a Content type: one error naming what flatten takes, not "derive Content on Box".
use mcp_content::Content;
#[derive(Content)]
struct Inner { #[content(text)] a: String }
#[derive(Content)]
struct Outer { #[content(text)] b: String, #[content(flatten)] inner: Box<Inner> }
fn main() {}
