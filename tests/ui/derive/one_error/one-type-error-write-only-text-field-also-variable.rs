// Write-only: a text field without `Display`, also a template variable: one error.
use mcp_content::Content;
struct Code(u32);
#[derive(Content)]
#[content(write_only)]
struct S { #[content(resource(uri = "a://{code}"))] body: String, #[content(text)] code: Code }
fn main() {}
