// `input_schema` takes a path.
use mcp_content::tool;
/// Pings.
#[tool(input_schema = 5)]
fn ping() -> String { String::new() }
fn main() {}
