// A const where a literal is needed.
use mcp_content::tool;
const NAME: &str = "x";
/// Pings.
#[tool(name = NAME)]
fn ping() -> String { String::new() }
fn main() {}
