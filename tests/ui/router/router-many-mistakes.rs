// Four mistakes in one `router!`, each reported once at its own place: a prompt under
// `tools`, a struct under `resources`, a typo'd key, the same key twice.

use mcp_content::{prompt, resource, router, tool};

/// Gets the weather.
#[tool]
fn weather() -> String {
    String::new()
}

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

/// Not a handler.
struct Config;

fn main() {
    let _ = Config;
    let _ = router! {
        tools: [weather, greet],
        resources: [readme, Config],
        promts: [greet],
        tools: [weather],
    };
}
