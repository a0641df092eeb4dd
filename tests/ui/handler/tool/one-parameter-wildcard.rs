use mcp_content::tool;

/// Ignores.
#[tool]
fn ignore(_: String) -> String {
    String::new()
}

fn main() {}
