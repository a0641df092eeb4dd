// `#[arg(name = …)]` takes a string literal.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping(#[arg(name = 5)] host: String) -> String { host }
fn main() {}
