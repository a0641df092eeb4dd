use mcp_content::prompt;

/// Counts.
#[prompt]
fn count() -> u32 {
    3
}

fn main() {}
