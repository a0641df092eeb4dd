// `task` takes "optional" or "required", not a bool.
use mcp_content::tool;
/// Pings.
#[tool(task = true)]
async fn ping() -> String { String::new() }
fn main() {}
