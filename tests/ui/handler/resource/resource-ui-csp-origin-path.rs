use mcp_content::resource;

/// The view.
#[resource(
    uri = "ui://weather/view.html",
    mime = "text/html;profile=mcp-app",
    ui(csp(connect = ["https://api.weather.example/v1"]))
)]
fn view() -> &'static str {
    "<html></html>"
}

fn main() {}
