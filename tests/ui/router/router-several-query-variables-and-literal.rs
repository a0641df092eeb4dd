// `search://items{?q,limit}` matches `search://items?limit=5&q=rust` (its names, in another
// order): one error naming both.

use mcp_content::{resource, router};

/// A search.
#[resource(uri = "search://items{?q,limit}")]
fn search(q: Option<String>, limit: Option<String>) -> String {
    format!("{q:?}{limit:?}")
}

/// A saved search, served apart.
#[resource(uri = "search://items?limit=5&q=rust")]
fn saved() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [search, saved] };
}
