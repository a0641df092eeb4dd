use mcp_content::{tool, GetPromptResult};

/// Wrong kind.
#[tool]
fn wrong() -> GetPromptResult {
    GetPromptResult::new(Vec::new())
}

fn main() {}
