// `priority` given twice in one `annotations(…)`: one error at the second, pointing at the first.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(text, annotations(priority = 0.5, priority = 0.7))] t: String }
fn main() {}
