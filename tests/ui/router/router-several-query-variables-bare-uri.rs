// `search://items{?q,limit}` matches `search://items` (both undefined), and so does
// `search://items{?page}`: one error naming both.

use mcp_content::{resource, router};

/// A search.
#[resource(uri = "search://items{?q,limit}")]
fn search(q: Option<String>, limit: Option<String>) -> String {
    format!("{q:?}{limit:?}")
}

/// A page of everything.
#[resource(uri = "search://items{?page}")]
fn page(page: Option<String>) -> String {
    page.unwrap_or_default()
}

fn main() {
    let _ = router! { resources: [search, page] };
}
