// A function call as a link's `name`: one error saying a literal (or a field name) is needed.
use mcp_content::Content;
fn name() -> &'static str { "n" }
#[derive(Content)]
struct S { #[content(link(name = name()))] u: mcp_content::model::Uri }
fn main() {}
