use mcp_content::tool;

/// Reads.
#[tool(meta("bad key" = 1))]
fn read() -> String {
    String::new()
}

fn main() {}
