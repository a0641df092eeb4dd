// A path to a constant as a resource's `mime`: one error saying a literal is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(resource(uri = "a://b", mime = mime::TEXT))] t: String }
fn main() {}
