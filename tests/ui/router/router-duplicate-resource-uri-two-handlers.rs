// Two resources at one URI: one error naming both.

use mcp_content::{resource, router};

/// The readme.
#[resource(uri = "docs://readme")]
fn readme() -> String {
    String::new()
}

/// The readme again.
#[resource(uri = "docs://readme")]
fn readme_again() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [readme, readme_again] };
}
