use mcp_content::tool;

/// Reads.
#[tool(annotations(read_only_hnt = true))]
fn read() -> String {
    String::new()
}

fn main() {}
