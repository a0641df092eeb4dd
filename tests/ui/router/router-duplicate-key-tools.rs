// `tools` twice: one error at the second.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

/// The forecast.
#[tool]
fn forecast() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [weather], tools: [forecast] };
}
