// A `#[prompt]` named like a tool, listed under `tools`: one error (the list), not a second
// for the shared name.

use mcp_content::{prompt, router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

/// Asks about the weather.
#[prompt(name = "weather")]
fn weather_prompt() -> String {
    "weather?".to_owned()
}

fn main() {
    let _ = router! { tools: [weather, weather_prompt] };
}
