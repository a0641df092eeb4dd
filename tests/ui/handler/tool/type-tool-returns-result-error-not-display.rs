use mcp_content::tool;

#[derive(Debug)]
struct Failure;

/// Counts.
#[tool]
fn count() -> Result<String, Failure> {
    Err(Failure)
}

fn main() {}
