use mcp_content::tool;

/// Says hi.
#[tool(name = "greet/hi")]
fn hi() -> String {
    String::new()
}

fn main() {}
