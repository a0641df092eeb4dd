// `Notes://{id}` matches `notes://today`: one error naming both.

use mcp_content::{resource, router};

/// A resource.
#[resource(uri = "Notes://{id}")]
fn first(id: String) -> String {
    id
}

/// A resource.
#[resource(uri = "notes://today")]
fn second() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [first, second] };
}
