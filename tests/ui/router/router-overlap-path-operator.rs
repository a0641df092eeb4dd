// `a://r{/seg}` and `a://r/{name}` both match `a://r/x`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "a://r{/seg}")]
fn first(seg: String) -> String {
    seg
}

/// A resource.
#[resource(uri = "a://r/{name}")]
fn second(name: String) -> String {
    name
}

fn main() {
    let _ = router! { resources: [first, second] };
}
