use mcp_content::tool;

/// Adds.
#[tool]
fn add(#[arg(name = "b")] a: i64, b: i64) -> String {
    (a + b).to_string()
}

fn main() {}
