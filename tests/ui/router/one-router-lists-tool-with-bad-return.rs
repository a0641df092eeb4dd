use mcp_content::{router, tool};

/// Counts.
#[tool]
fn count() -> u64 {
    1
}

fn main() {
    let _ = router! { tools: [count] }.build();
}
