// A boxed trait object is no tool result.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping() -> Box<dyn std::fmt::Display> { Box::new(1) }
fn main() {}
