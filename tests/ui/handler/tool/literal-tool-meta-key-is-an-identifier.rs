// A `_meta` key is a string literal.
use mcp_content::tool;
/// Pings.
#[tool(meta(key = "v"))]
fn ping() -> String { String::new() }
fn main() {}
