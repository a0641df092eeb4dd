use mcp_content::prompt;

/// Reviews code.
#[prompt]
fn review() -> u8 {
    0
}

fn main() {}
