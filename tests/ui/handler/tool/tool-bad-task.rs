use mcp_content::tool;

/// Runs slowly.
#[tool(task = "requried")]
async fn slow() -> String {
    String::new()
}

fn main() {}
