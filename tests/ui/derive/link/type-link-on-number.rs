// A `link` field is a `Uri`.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(link(name = "n"))] u: u32 }
fn main() {}
