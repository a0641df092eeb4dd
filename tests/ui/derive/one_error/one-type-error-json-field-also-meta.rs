// A `text(json)` field that is not serde, also a `_meta` value: one error.
use mcp_content::Content;
struct Code(u32);
#[derive(Content)]
struct S { #[content(text, meta("com.example/c" = code))] body: String, #[content(text(json))] code: Code }
fn main() {}
