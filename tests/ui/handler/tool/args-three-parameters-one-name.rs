use mcp_content::tool;

/// Sums three.
#[tool]
fn sum(x: i64, #[arg(name = "x")] y: i64, #[arg(name = "x")] z: i64) -> String {
    (x + y + z).to_string()
}

fn main() {}
