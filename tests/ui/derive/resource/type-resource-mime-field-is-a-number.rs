// A resource's `mime = field` takes a `MimeType` field.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(resource(uri = "a://b", mime = m))] body: String, m: u32 }
fn main() {}
