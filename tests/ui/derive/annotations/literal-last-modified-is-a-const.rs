// A constant as `last_modified`: one error at it (a string literal gives a fixed value).
use mcp_content::Content;
const WHEN: &str = "2025-01-01";
#[derive(Content)]
struct S { #[content(text, annotations(last_modified = WHEN))] t: String }
fn main() {}
