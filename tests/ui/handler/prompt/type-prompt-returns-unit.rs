use mcp_content::prompt;

/// Asks.
#[prompt]
fn ask() {}

fn main() {}
