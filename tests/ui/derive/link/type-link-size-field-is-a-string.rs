// `size = field` takes a `u64` field.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(link(name = "n", size = s))] u: mcp_content::model::Uri, s: String }
fn main() {}
