// `Result` whose error is not an error type.
use mcp_content::prompt;
/// Greets.
#[prompt]
fn greet() -> Result<String, i32> { Ok(String::new()) }
fn main() {}
