// `scopes` takes a list, even of one scope.
use mcp_content::tool;

/// Does it.
#[tool(scopes = "photos:read")]
fn act() -> String {
    String::new()
}

fn main() {}
