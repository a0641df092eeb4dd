use mcp_content::tool;

/// Shows the forecast.
#[tool(ui = "ui://weather/view.html", visibility = ["model", "user"])]
fn forecast() -> String {
    String::new()
}

fn main() {}
