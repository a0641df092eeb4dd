use mcp_content::tool;

/// Says hi.
#[tool = "hi"]
fn hi() -> String {
    String::new()
}

fn main() {}
