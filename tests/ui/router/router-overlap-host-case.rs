// `x://Docs/{page}` and `x://docs/{name}`: hosts are case-insensitive, so one error naming
// both.

use mcp_content::{resource, router};

/// A page.
#[resource(uri = "x://Docs/{page}")]
fn first(page: String) -> String {
    page
}

/// A page again, under the same host in lowercase.
#[resource(uri = "x://docs/{name}")]
fn second(name: String) -> String {
    name
}

fn main() {
    let _ = router! { resources: [first, second] };
}
