// The attribute goes on a function.
use mcp_content::tool;
/// Pings.
#[tool]
struct Ping;
fn main() {}
