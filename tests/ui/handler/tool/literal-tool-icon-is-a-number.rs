// `icon = …` takes a string literal.
use mcp_content::tool;
/// Pings.
#[tool(icon = 5)]
fn ping() -> String { String::new() }
fn main() {}
