// A function without `#[resource]` under `resources`: one error at `helper`.

use mcp_content::{router};

/// A helper, with no handler attribute.
fn helper() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [helper] };
}
