// `prompt:` for `prompts:`: one error with did-you-mean.

use mcp_content::{prompt, router};

/// Greets.
#[prompt]
fn greet() -> String {
    "hi".to_owned()
}

fn main() {
    let _ = router! { prompt: [greet] };
}
