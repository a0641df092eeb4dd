// Two prompts with one name (one renamed onto the other): one error naming both.

use mcp_content::{prompt, router};

/// Greets.
#[prompt]
fn greet() -> String {
    "hi".to_owned()
}

/// Says hello.
#[prompt(name = "greet")]
fn hello() -> String {
    "hello".to_owned()
}

fn main() {
    let _ = router! { prompts: [greet, hello] };
}
