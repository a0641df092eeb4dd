// Write-only: a `text(json)` field without `Serialize`, also a `_meta` value: one error.
use mcp_content::Content;
struct Code(u32);
#[derive(Content)]
#[content(write_only)]
struct S { #[content(text, meta("com.example/c" = code))] body: String, #[content(text(json))] code: Code }
fn main() {}
