// A scope token has no space, on a prompt as on a tool.
use mcp_content::prompt;

/// Does it.
#[prompt(scopes = ["tickets read"])]
fn act() -> String {
    String::new()
}

fn main() {}
