use mcp_content::tool;

/// Reads.
#[tool(annotations(read_only_hint, read_only_hint = false))]
fn read() -> String {
    String::new()
}

fn main() {}
