// A `#[prompt]` under `tools`: one error at `greet`.

use mcp_content::{prompt, router};

/// Greets.
#[prompt]
fn greet() -> String {
    "hi".to_owned()
}

fn main() {
    let _ = router! { tools: [greet] };
}
