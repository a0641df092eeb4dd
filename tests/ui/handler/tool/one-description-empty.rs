use mcp_content::tool;

#[tool(description = "")]
fn hi() -> String {
    String::new()
}

fn main() {}
