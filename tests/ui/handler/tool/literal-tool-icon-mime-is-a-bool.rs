// `icon(mime = …)` takes a string literal.
use mcp_content::tool;
/// Pings.
#[tool(icon(src = "https://a.example/i.png", mime = true))]
fn ping() -> String { String::new() }
fn main() {}
