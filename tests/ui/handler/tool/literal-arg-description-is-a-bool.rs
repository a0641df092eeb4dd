// `#[arg(description = …)]` takes a string literal.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping(#[arg(description = true)] host: String) -> String { host }
fn main() {}
