// `a://{path}` and `a://{+rest}`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "a://{path}")]
fn first(path: String) -> String {
    path
}

/// A resource.
#[resource(uri = "a://{+rest}")]
fn second(rest: String) -> String {
    rest
}

fn main() {
    let _ = router! { resources: [first, second] };
}
