use mcp_content::{router, tool};

#[tool]
fn count() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [count] }.build();
    let _ = count::NAME;
}
