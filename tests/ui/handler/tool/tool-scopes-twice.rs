// `scopes` is given once.
use mcp_content::tool;

/// Does it.
#[tool(scopes = ["a"], scopes = ["b"])]
fn act() -> String {
    String::new()
}

fn main() {}
