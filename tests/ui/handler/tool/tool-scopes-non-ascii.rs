// A scope token is ASCII.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["café:read"])]
fn act() -> String {
    String::new()
}

fn main() {}
