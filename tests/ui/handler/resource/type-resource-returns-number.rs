// A return type that is no resource result.
use mcp_content::resource;
/// A file.
#[resource(uri = "file:///a")]
fn file() -> u32 { 1 }
fn main() {}
