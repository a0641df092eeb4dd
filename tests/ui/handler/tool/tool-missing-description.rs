use mcp_content::tool;

#[tool]
fn undocumented() -> String {
    String::new()
}

fn main() {}
