// A `where` clause is refused.
use mcp_content::prompt;
/// Greets.
#[prompt]
fn greet() -> String where String: Clone { String::new() }
fn main() {}
