use mcp_content::model::GetPromptResult;
use mcp_content::tool;

/// Wrong kind.
#[tool]
fn wrong() -> GetPromptResult {
    GetPromptResult::new(Vec::new())
}

fn main() {}
