use mcp_content::tool;

/// Gets the weather.
#[tool(annotations(read_only = true))]
fn weather() -> String {
    String::new()
}

fn main() {}
