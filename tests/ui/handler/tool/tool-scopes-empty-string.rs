// A scope token is not empty.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos:read", ""])]
fn act() -> String {
    String::new()
}

fn main() {}
