// A second `# Arguments` entry for one parameter would be dropped silently.

use mcp_content::tool;

/// Adds one.
///
/// # Arguments
/// * `x` - the number
/// * `x` - the number to increment
#[tool]
fn increment(x: u8) -> String {
    (x + 1).to_string()
}

fn main() {}
