use mcp_content::prompt;

/// Lines.
#[prompt]
fn lines() -> Vec<String> {
    Vec::new()
}

fn main() {}
