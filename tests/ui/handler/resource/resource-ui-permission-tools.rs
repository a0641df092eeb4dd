use mcp_content::resource;

/// The view.
#[resource(
    uri = "ui://weather/view.html",
    mime = "text/html;profile=mcp-app",
    ui(permissions(camera, tools))
)]
fn view() -> &'static str {
    "<html></html>"
}

fn main() {}
