use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> Result<impl std::fmt::Display, String> {
    Ok(1)
}

fn main() {}
