// A scope token has no space: two scopes are two strings.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos:read", "photos write"])]
fn act() -> String {
    String::new()
}

fn main() {}
