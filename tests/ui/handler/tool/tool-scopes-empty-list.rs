// An empty list would read as "no scope needed" but means the default: omit the key.
use mcp_content::tool;

/// Does it.
#[tool(scopes = [])]
fn act() -> String {
    String::new()
}

fn main() {}
