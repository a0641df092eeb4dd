use mcp_content::tool;

/// Gets the weather.
#[tool(name = "weather", name = "forecast")]
fn weather() -> String {
    String::new()
}

fn main() {}
