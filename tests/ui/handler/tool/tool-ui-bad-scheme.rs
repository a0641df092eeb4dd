use mcp_content::tool;

/// Shows the forecast.
#[tool(ui = "https://weather/view.html")]
fn forecast() -> String {
    String::new()
}

fn main() {}
