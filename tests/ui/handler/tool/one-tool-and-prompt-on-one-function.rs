use mcp_content::{prompt, tool};

/// Both.
#[tool]
#[prompt]
fn both() -> String {
    String::new()
}

fn main() {}
