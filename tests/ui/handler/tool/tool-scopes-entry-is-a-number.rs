// A list entry of the wrong kind is named at the entry.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos:read", 3])]
fn act() -> String {
    String::new()
}

fn main() {}
