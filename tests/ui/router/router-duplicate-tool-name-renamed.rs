// Two tools with one name (`name = ...`): one error naming both.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

/// The forecast.
#[tool(name = "weather")]
fn forecast() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [forecast, weather] };
}
