// A resource's `uri` is a literal (its variables are fields).
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(resource(uri = u))] body: String, u: u32 }
fn main() {}
