// An optional text field that is not text, also a `_meta` value: one error.
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
#[derive(Content)]
struct S { #[content(text, meta("com.example/c" = code))] body: String, #[content(text)] code: Option<Code> }
fn main() {}
