// `impl Trait` is refused at the return type.
use mcp_content::tool;
/// Pings.
#[tool]
fn ping() -> impl std::fmt::Display { 1 }
fn main() {}
