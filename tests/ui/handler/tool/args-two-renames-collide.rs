use mcp_content::tool;

/// Moves a point.
#[tool]
fn shift(#[arg(name = "delta")] dx: i64, #[arg(name = "delta")] dy: i64) -> String {
    format!("{dx} {dy}")
}

fn main() {}
