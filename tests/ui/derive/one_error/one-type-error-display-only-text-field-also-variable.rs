// A text field with `Display` but no `FromStr`, also a template variable: one error.
use mcp_content::Content;
#[derive(serde::Serialize, serde::Deserialize)]
struct Code(u32);
impl std::fmt::Display for Code { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) } }
#[derive(Content)]
struct S { #[content(resource(uri = "a://{code}"))] body: String, #[content(text)] code: Code }
fn main() {}
