// A text field that is not text, a variable of two templates: one error.
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
#[derive(Content)]
struct S { #[content(resource(uri = "a://{code}"))] a: String, #[content(resource(uri = "b://{code}"))] b: String, #[content(text)] code: Code }
fn main() {}
