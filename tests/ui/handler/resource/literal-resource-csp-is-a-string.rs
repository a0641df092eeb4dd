// `csp(connect = …)` takes a list.
use mcp_content::resource;
/// An app.
#[resource(uri = "ui://a", mime = "text/html;profile=mcp-app", ui(csp(connect = "https://a.example")))]
fn app() -> String { String::new() }
fn main() {}
