use mcp_content::{router, tool};

/// One.
#[tool(name = "x")]
fn one() -> String {
    String::new()
}

/// Two.
#[tool(name = "x")]
fn two() -> String {
    String::new()
}

/// Three.
#[tool(name = "x")]
fn three() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [one, two, three] };
}
