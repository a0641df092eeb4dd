// A const where a literal is needed.
use mcp_content::resource;
const MIME: &str = "text/plain";
/// A file.
#[resource(uri = "file:///a", mime = MIME)]
fn file() -> String { String::new() }
fn main() {}
