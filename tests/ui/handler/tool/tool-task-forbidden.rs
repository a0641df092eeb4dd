use mcp_content::tool;

/// Never runs as a task.
#[tool(task = "forbidden")]
fn quick() -> String {
    String::new()
}

fn main() {}
