use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> i32 {
    1
}

fn main() {}
