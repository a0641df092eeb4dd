// `users://{id}/posts/{id}` matches `users://7/posts/7` (id = "7" both times): one error
// naming both.

use mcp_content::{resource, router};

/// A user's own post (the same id twice).
#[resource(uri = "users://{id}/posts/{id}")]
fn own_post(id: String) -> String {
    id
}

/// The seventh user's own seventh post, served apart.
#[resource(uri = "users://7/posts/7")]
fn seventh() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [own_post, seventh] };
}
