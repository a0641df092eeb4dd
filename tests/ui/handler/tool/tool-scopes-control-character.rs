// A scope token has no control character (DEL here).
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos:read\x7f"])]
fn act() -> String {
    String::new()
}

fn main() {}
