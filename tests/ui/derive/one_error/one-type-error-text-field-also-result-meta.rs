// A text field that is not text, also the result's `_meta` value: one error.
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
#[derive(Content)]
#[content(meta("com.example/c" = code))]
struct S { #[content(text)] code: Code }
fn main() {}
