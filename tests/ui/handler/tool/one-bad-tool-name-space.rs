use mcp_content::{router, tool};

/// Says hi.
#[tool(name = "say hi")]
fn hi() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [hi] };
}
