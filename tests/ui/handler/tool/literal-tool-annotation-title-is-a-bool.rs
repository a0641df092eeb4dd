// A bool where a string literal is needed.
use mcp_content::tool;
/// Pings.
#[tool(annotations(title = true))]
fn ping() -> String { String::new() }
fn main() {}
