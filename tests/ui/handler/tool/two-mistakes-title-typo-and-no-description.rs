use mcp_content::tool;

// Two mistakes, two errors: `titel` is the title misspelt, and the description is missing.
#[tool(titel = "Hi")]
fn hi() -> String {
    String::new()
}

fn main() {}
