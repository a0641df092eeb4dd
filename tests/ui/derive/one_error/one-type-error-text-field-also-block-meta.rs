// A text field that is not text, also a block's `_meta` value: one error (not a second for `Display`).
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
#[derive(Content)]
struct S { #[content(text, meta("com.example/c" = code))] body: String, #[content(text)] code: Code }
fn main() {}
