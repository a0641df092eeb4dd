use mcp_content::tool;

/// Lists.
#[tool]
fn list() -> Vec<String> {
    Vec::new()
}

fn main() {}
