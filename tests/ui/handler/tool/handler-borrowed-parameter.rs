// Parameters are owned.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping(host: &str) -> String { host.to_owned() }
fn main() {}
