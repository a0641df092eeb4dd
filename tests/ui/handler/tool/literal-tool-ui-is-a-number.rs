// `ui = …` on a tool takes a string literal.
use mcp_content::tool;
/// Pings.
#[tool(ui = 5)]
fn ping() -> String { String::new() }
fn main() {}
