// `flatten` on an `Rc` of a Content type.
use mcp_content::Content;
#[derive(Content)]
struct Inner { #[content(text)] a: String }
#[derive(Content)]
struct Outer { #[content(text)] b: String, #[content(flatten)] inner: std::rc::Rc<Inner> }
fn main() {}
