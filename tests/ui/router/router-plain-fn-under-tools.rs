// A function without `#[tool]` under `tools`: one error at `helper`.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

/// A helper, with no handler attribute.
fn helper() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [weather, helper] };
}
