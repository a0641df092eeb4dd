// An argument named "" cannot be sent by a client that names its arguments.

use mcp_content::tool;

/// Adds one.
#[tool]
fn increment(#[arg(name = "")] x: u8) -> String {
    (x + 1).to_string()
}

fn main() {}
