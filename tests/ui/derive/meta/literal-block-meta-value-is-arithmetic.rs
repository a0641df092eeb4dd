// An expression as a block's `_meta` value: one error saying a literal (or a field name) is needed.
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(text, meta("com.example/k" = 1 + 1))] t: String }
fn main() {}
