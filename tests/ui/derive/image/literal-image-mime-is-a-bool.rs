// The derive: a bool where a MIME string or a field is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(image(mime = true))] b: Vec<u8> }
fn main() {}
