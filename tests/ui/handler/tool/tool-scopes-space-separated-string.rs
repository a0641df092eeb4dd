// Scopes joined by spaces, as OAuth writes them, are one string: the error shows the list.
use mcp_content::tool;

/// Does it.
#[tool(scopes = "photos:read photos:write")]
fn act() -> String {
    String::new()
}

fn main() {}
