// A constant as an image's `mime`: one error at it (a string literal gives a fixed value).
use mcp_content::Content;
const PNG: &str = "image/png";
#[derive(Content)]
struct S { #[content(image(mime = PNG))] t: Vec<u8> }
fn main() {}
