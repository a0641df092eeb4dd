use mcp_content::{resource, CallToolResult};

/// Wrong kind.
#[resource(uri = "numbers://wrong")]
fn wrong() -> CallToolResult {
    CallToolResult::default()
}

fn main() {}
