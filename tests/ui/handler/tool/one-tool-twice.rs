use mcp_content::tool;

/// Twice.
#[tool]
#[tool(name = "again")]
fn twice() -> String {
    String::new()
}

fn main() {}
