use mcp_content::tool;

/// Gets the weather.
#[tool(descripton = "Weather")]
fn weather() -> String {
    String::new()
}

fn main() {}
