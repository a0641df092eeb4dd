// A misspelt `scopes` is suggested.
use mcp_content::tool;

/// Does it.
#[tool(scope = ["photos:read"])]
fn act() -> String {
    String::new()
}

fn main() {}
