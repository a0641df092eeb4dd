use mcp_content::tool;

/// Gets the weather.
#[tool]
fn météo() -> String {
    String::new()
}

fn main() {}
