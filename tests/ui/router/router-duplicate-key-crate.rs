// `crate` twice: one error at the second.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { crate = mcp_content, tools: [weather], crate = mcp_content };
}
