use mcp_content::tool;

/// Gets the weather.
#[tool(name = "get weather")]
fn weather() -> String {
    String::new()
}

fn main() {}
