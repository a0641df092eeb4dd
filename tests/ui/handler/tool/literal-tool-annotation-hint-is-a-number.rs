// A number where a bool literal is needed.
use mcp_content::tool;
/// Pings.
#[tool(annotations(destructive_hint = 0))]
fn ping() -> String { String::new() }
fn main() {}
