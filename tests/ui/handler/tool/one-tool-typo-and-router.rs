use mcp_content::{router, tool};

/// Reads.
#[tool(annotation(read_only_hint))]
fn read() -> String {
    String::new()
}

fn main() {
    let router = router! { tools: [read] }.build().unwrap();
    let _ = router.list_tools();
    let _ = read::NAME;
}
