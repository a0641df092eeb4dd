// A function without `#[prompt]` under `prompts`: one error at `helper`.

use mcp_content::{router};

/// A helper, with no handler attribute.
fn helper() -> String {
    String::new()
}

fn main() {
    let _ = router! { prompts: [helper] };
}
