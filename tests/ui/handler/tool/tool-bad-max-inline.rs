use mcp_content::tool;

/// Returns a chart.
#[tool(max_inline = "256 kilobytes")]
fn chart() -> Vec<u8> {
    Vec::new()
}

fn main() {}
