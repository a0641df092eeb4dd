// `icon(sizes = …)` takes a list.
use mcp_content::tool;
/// Pings.
#[tool(icon(src = "https://a.example/i.png", sizes = "48x48"))]
fn ping() -> String { String::new() }
fn main() {}
