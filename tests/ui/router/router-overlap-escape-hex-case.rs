// `%2f` and `%2F` are one escape: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "x://a%2fb")]
fn first() -> String {
    String::new()
}

/// A resource.
#[resource(uri = "x://a%2Fb")]
fn second() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [first, second] };
}
