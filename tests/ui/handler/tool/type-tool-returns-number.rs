// A return type that is no tool result, at the return type.
use mcp_content::tool;
/// Pings.
#[tool]
async fn ping() -> u32 { 1 }
fn main() {}
