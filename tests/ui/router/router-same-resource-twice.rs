// One resource listed twice: one error at the second.

use mcp_content::{resource, router};

/// The readme.
#[resource(uri = "docs://readme")]
fn readme() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [readme, readme] };
}
