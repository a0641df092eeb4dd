// An empty list is refused on a prompt: omit the key.
use mcp_content::prompt;

/// Does it.
#[prompt(scopes = [])]
fn act() -> String {
    String::new()
}

fn main() {}
