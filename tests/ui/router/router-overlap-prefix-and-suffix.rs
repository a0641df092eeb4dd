// `a://x{y}` and `a://{y}z` both match `a://xz`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "a://x{y}")]
fn first(y: String) -> String {
    y
}

/// A resource.
#[resource(uri = "a://{z}z")]
fn second(z: String) -> String {
    z
}

fn main() {
    let _ = router! { resources: [first, second] };
}
