// A name that is not defined under `tools`: one error at `wether`.

use mcp_content::{router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

fn main() {
    let _ = router! { tools: [wether] };
}
