use mcp_content::prompt;

/// Asks.
#[prompt]
fn ask() -> Option<String> {
    None
}

fn main() {}
