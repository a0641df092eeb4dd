use mcp_content::{router, tool};

/// Hi.
#[tool]
fn hi() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [crate::hi, self::hi] };
}
