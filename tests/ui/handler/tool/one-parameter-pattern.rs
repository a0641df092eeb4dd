use mcp_content::tool;

/// Adds a pair.
#[tool]
fn add((a, b): (i64, i64)) -> String {
    (a + b).to_string()
}

fn main() {}
