// `unsafe` is refused, `async` is not the mistake.
use mcp_content::prompt;
/// Greets.
#[prompt]
async unsafe fn greet() -> String { String::new() }
fn main() {}
