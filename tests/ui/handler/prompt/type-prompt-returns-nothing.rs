// A prompt that returns nothing: at the function's name, not the attribute.
use mcp_content::prompt;
/// Greets.
#[prompt]
fn greet() {}
fn main() {}
