// A constant inside `audience = [...]`: one error naming the two entries allowed.
use mcp_content::Content;
const USER: &str = "user";
#[derive(Content)]
struct S { #[content(text, annotations(audience = [USER]))] t: String }
fn main() {}
