// A `#[prompt]` under `resources`, beside a right one: one error at `greet`.

use mcp_content::{prompt, resource, router};

/// Greets.
#[prompt]
fn greet() -> String {
    "hi".to_owned()
}

/// The readme.
#[resource(uri = "docs://readme")]
fn readme() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [readme, greet] };
}
