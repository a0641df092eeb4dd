// `a://r{?q}` and `a://r{?page}` both match `a://r`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "a://r{?q}")]
fn first(q: String) -> String {
    q
}

/// A resource.
#[resource(uri = "a://r{?page}")]
fn second(page: String) -> String {
    page
}

fn main() {
    let _ = router! { resources: [first, second] };
}
