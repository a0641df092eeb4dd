// A string where a bool literal is needed.
use mcp_content::resource;
/// An app.
#[resource(uri = "ui://a", mime = "text/html;profile=mcp-app", ui(prefers_border = "yes"))]
fn app() -> String { String::new() }
fn main() {}
