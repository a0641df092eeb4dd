use mcp_content::{model::GetPromptResult, tool};

/// Wrong kind.
#[tool]
fn wrong() -> GetPromptResult {
    GetPromptResult::new(Vec::new())
}

fn main() {}
