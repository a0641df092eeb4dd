// An empty tool name is one error, not also the tool-name rule's "empty tool name".

use mcp_content::tool;

/// Does nothing.
#[tool(name = "")]
fn nothing() {}

fn main() {}
