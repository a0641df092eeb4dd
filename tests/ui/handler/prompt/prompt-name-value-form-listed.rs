use mcp_content::{prompt, router};

/// Greets: listed in `router!`, the refused attribute adds no error there.
#[prompt = "greet"]
fn greet() -> String {
    String::new()
}

fn main() {
    let _ = router! { prompts: [greet] };
}
