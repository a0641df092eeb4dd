#![deny(warnings)] // the macros give the user no warning
// A variable used twice takes one value: `users://{id}/posts/{id}` never matches
// `users://7/posts/8`, so `router!` compiles the two and `build()` takes them.

use mcp_content::{resource, router};

/// A user's own post (the same id twice).
#[resource(uri = "users://{id}/posts/{id}")]
fn own_post(id: String) -> String {
    id
}

/// One post of another user.
#[resource(uri = "users://7/posts/8")]
fn other_post() -> String {
    String::new()
}

fn main() {
    let router = router! { resources: [own_post, other_post] };
    assert!(router.build().is_ok());
}
