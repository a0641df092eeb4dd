use mcp_content::tool;

/// Gets the weather.
#[tool(meta("io.modelcontextprotocol/ui" = "x"))]
fn weather() -> String {
    String::new()
}

fn main() {}
