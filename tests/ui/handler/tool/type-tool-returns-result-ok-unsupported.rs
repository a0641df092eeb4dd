use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> Result<u64, String> {
    Ok(1)
}

fn main() {}
