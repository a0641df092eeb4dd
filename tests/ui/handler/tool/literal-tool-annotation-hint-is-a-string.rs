// A string where a bool literal is needed: the message names the key and what it takes.
use mcp_content::tool;
/// Pings.
#[tool(annotations(read_only_hint = "true"))]
fn ping() -> String { String::new() }
fn main() {}
