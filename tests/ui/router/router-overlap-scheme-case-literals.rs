// `x://a` and `X://a` are one URI (schemes are case-insensitive): one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "x://a")]
fn first() -> String {
    String::new()
}

/// A resource.
#[resource(uri = "X://a")]
fn second() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [first, second] };
}
