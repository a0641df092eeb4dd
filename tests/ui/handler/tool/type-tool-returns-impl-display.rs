use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> impl std::fmt::Display {
    1
}

fn main() {}
