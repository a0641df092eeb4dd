// Generic handlers are refused at the generics.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping<T: Default>() -> String { String::new() }
fn main() {}
