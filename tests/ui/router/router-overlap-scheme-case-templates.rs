// `x://{a}` and `X://{b}` match the same URIs: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "x://{a}")]
fn first(a: String) -> String {
    a
}

/// A resource.
#[resource(uri = "X://{b}")]
fn second(b: String) -> String {
    b
}

fn main() {
    let _ = router! { resources: [first, second] };
}
