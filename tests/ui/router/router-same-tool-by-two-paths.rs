// One tool by two paths: the same name, one error naming both.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [weather, self::weather] };
}
