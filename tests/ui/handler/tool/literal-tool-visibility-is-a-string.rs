// `visibility` takes a list.
use mcp_content::tool;
/// Pings.
#[tool(ui = "ui://a", visibility = "model")]
fn ping() -> String { String::new() }
fn main() {}
