// `resource:` for `resources:`: one error with did-you-mean.

use mcp_content::{resource, router};

/// The readme.
#[resource(uri = "docs://readme")]
fn readme() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [readme], resource: [readme] };
}
