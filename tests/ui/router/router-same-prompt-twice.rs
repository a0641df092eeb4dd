// One prompt listed twice: one error at the second.

use mcp_content::{prompt, router};

/// Greets.
#[prompt]
fn greet() -> String {
    "hi".to_owned()
}

fn main() {
    let _ = router! { prompts: [greet, greet] };
}
