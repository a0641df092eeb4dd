// A list entry of the wrong kind is named at the entry.
use mcp_content::tool;
/// Pings.
#[tool(ui = "ui://a", visibility = ["model", 3])]
fn ping() -> String { String::new() }
fn main() {}
