// A number where a string literal is needed.
use mcp_content::resource;
/// An app.
#[resource(uri = "ui://a", mime = "text/html;profile=mcp-app", ui(domain = 3))]
fn app() -> String { String::new() }
fn main() {}
