use mcp_content::prompt;

/// Asks.
#[prompt]
fn ask() -> i32 {
    1
}

fn main() {}
