// `size` given twice in one `link(…)`: one error at the second, pointing at the first.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(link(name = "n", size = 1, size = 2))] u: mcp_content::model::Uri }
fn main() {}
