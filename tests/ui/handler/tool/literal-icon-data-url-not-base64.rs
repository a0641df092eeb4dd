// A `data:` icon that declares base64 must carry base64: no client can show this one.

use mcp_content::tool;

/// Does nothing.
#[tool(icon = "data:image/png;base64,@@@")]
fn nothing() {}

fn main() {}
