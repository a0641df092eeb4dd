// A text field that is not text, also a URI template variable: one error.
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
#[derive(Content)]
struct S { #[content(resource(uri = "a://{code}"))] body: String, #[content(text)] code: Code }
fn main() {}
