// A scope listed twice is refused at the second.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos:read", "photos:write", "photos:read"])]
fn act() -> String {
    String::new()
}

fn main() {}
