use mcp_content::resource;

/// The view.
#[resource(
    uri = "ui://weather/view.html",
    mime = "text/html;profile=mcp-app",
    ui(domain = "https://abc123.sandbox.example")
)]
fn view() -> &'static str {
    "<html></html>"
}

fn main() {}
