use mcp_content::tool;

/// Counts.
#[tool]
async fn count() -> i32 {
    1
}

fn main() {}
