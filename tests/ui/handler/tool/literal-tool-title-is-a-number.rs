// A number where a string literal is needed.
use mcp_content::tool;
/// Pings.
#[tool(title = 5)]
fn ping() -> String { String::new() }
fn main() {}
