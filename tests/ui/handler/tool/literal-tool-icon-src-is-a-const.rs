// A const where a literal is needed: "a literal is needed here", at the const.
use mcp_content::tool;
const SRC: &str = "https://a.example/i.png";
/// Pings.
#[tool(icon(src = SRC))]
fn ping() -> String { String::new() }
fn main() {}
