// A refused description is one error: no "a prompt needs a description" after it.
use mcp_content::prompt;
const D: &str = "Greets.";
#[prompt(description = D)]
fn greet() -> String { String::new() }
fn main() {}
