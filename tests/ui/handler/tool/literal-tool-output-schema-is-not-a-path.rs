// A string that is no path.
use mcp_content::tool;
/// Pings.
#[tool(output_schema = "not a path")]
fn ping() -> String { String::new() }
fn main() {}
