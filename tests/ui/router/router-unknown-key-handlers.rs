// An unknown key not close to any: one error listing the keys.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { handlers: [weather] };
}
