// A scope token has no `"`.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["say\"hi"])]
fn act() -> String {
    String::new()
}

fn main() {}
