// A scope token has no `\`.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["photos\\write"])]
fn act() -> String {
    String::new()
}

fn main() {}
