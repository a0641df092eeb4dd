use mcp_content::tool;

/// Says hi: the name-value form is refused by the compiler, and that is the only error.
#[tool = "hi"]
fn hi() -> String {
    String::new()
}

fn main() {}
