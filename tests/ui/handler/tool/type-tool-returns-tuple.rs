use mcp_content::tool;

/// Two strings in a tuple: one error at the return type.
#[tool]
fn pair() -> (String, String) {
    (String::new(), String::new())
}

fn main() {}
