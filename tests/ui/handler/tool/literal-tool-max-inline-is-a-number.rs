// `max_inline` takes a size string such as "256KiB".
use mcp_content::tool;
/// Pings.
#[tool(max_inline = 256)]
fn ping() -> String { String::new() }
fn main() {}
