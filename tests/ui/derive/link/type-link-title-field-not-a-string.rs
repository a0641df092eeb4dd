// `title = field` takes a `String` field.
use mcp_content::Content;
struct X;
#[derive(Content)]
struct S { #[content(link(name = "n", title = t))] u: mcp_content::model::Uri, t: X }
fn main() {}
