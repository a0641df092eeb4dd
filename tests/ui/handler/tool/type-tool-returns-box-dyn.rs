use mcp_content::tool;

/// Counts.
#[tool]
fn count() -> Box<dyn std::fmt::Display> {
    Box::new(1)
}

fn main() {}
