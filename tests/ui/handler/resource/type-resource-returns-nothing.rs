// A resource that returns nothing: at the function's name.
use mcp_content::resource;
/// A file.
#[resource(uri = "file:///a")]
fn file() {}
fn main() {}
