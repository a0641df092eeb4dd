use mcp_content::{prompt, router, tool};

/// A tool with a bad name.
#[tool(name = "a b")]
fn one() -> String {
    String::new()
}

/// Two.
#[tool(name = "a b")]
fn two() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [one, two] };
}
