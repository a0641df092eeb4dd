// A `#[tool]` under `prompts`: one error at `weather`.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { prompts: [weather] };
}
