use mcp_content::tool;

/// Says hi.
#[tool(name = "")]
fn hi() -> String {
    String::new()
}

fn main() {}
