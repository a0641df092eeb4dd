use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> Option<u64> {
    Some(1)
}

fn main() {}
