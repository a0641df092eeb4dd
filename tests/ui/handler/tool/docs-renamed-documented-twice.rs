use mcp_content::tool;

/// Moves.
///
/// # Arguments
/// * `dx` - the offset
/// * `delta` - the offset again
#[tool]
fn shift(#[arg(name = "delta")] dx: i64) -> String {
    dx.to_string()
}

fn main() {}
