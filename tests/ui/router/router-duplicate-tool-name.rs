use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

/// Also gets the weather.
#[tool(name = "weather")]
fn forecast() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [weather, forecast] };
}
