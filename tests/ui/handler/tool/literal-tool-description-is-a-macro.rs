// A macro call where a literal is needed is one error: no "a tool needs a description" after it.
use mcp_content::tool;
#[tool(description = concat!("a", "b"))]
fn ping() -> String { String::new() }
fn main() {}
