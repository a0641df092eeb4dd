use mcp_content::{prompt, router};

/// One.
#[prompt(name = "ask")]
fn one() -> String {
    String::new()
}

/// Two.
#[prompt]
fn ask() -> String {
    String::new()
}

fn main() {
    let _ = router! { prompts: [one, ask] };
}
