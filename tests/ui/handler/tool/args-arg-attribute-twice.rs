// `#[arg(name = …)]` given in two attributes: a duplicate, not a silent override.

use mcp_content::tool;

/// Adds one.
#[tool]
fn increment(#[arg(name = "value")] #[arg(name = "number")] x: u8) -> String {
    (x + 1).to_string()
}

fn main() {}
