use mcp_content::{tool, GetPromptResult};

/// Wrong kind.
#[tool]
fn wrong() -> GetPromptResult {
    unimplemented!()
}

fn main() {}
