// A macro call where a literal is needed is one error: no "a resource needs a URI" after it.
use mcp_content::resource;
/// A file.
#[resource(uri = concat!("file:///", "a"))]
fn file() -> String { String::new() }
fn main() {}
