use mcp_content::tool;

/// Says hi.
#[tool(name = "a", name = "b")]
fn hi() -> String {
    String::new()
}

fn main() {}
