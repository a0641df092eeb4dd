use mcp_content::tool;

/// Says hi.
#[tool(name = "grüßen")]
fn hi() -> String {
    String::new()
}

fn main() {}
