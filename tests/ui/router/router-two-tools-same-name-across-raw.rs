use mcp_content::{router, tool};

/// One.
#[tool]
fn r#match() -> String {
    String::new()
}

/// Two.
#[tool(name = "match")]
fn other() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [r#match, other] };
}
