use mcp_content::{resource, router, tool};

/// The view.
#[resource(uri = "ui://weather/other.html", mime = "text/html;profile=mcp-app")]
fn view() -> &'static str {
    "<html></html>"
}

/// Shows the forecast.
#[tool(ui = "ui://weather/view.html")]
fn forecast() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [forecast], resources: [view] };
}
