// A lifetime for a borrowed parameter: one error, at the parameter.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping<'a>(host: &'a str) -> String { host.to_owned() }
fn main() {}
