// A misspelled key in `image(…)`: one error with "did you mean".
use mcp_content::Content;
#[derive(Content)]
struct S { #[content(image(mim = "image/png"))] t: Vec<u8> }
fn main() {}
