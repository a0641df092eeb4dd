use mcp_content::tool;

/// Gets the weather.
#[tool(icon = "http://example.com/icon.png")]
fn weather() -> String {
    String::new()
}

fn main() {}
