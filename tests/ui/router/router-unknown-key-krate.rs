// `krate = ...` for `crate = ...`: one error with did-you-mean.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [weather], krate = mcp_content };
}
