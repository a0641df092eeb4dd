// A `#[resource]` under `prompts`: one error at `readme`.

use mcp_content::{resource, router};

/// The readme.
#[resource(uri = "docs://readme")]
fn readme() -> String {
    String::new()
}

fn main() {
    let _ = router! { prompts: [readme] };
}
