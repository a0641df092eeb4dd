// `notes://list{?page}` matches `notes://list?page=2` (page = "2"): one error naming both.

use mcp_content::{resource, router};

/// A page of the list.
#[resource(uri = "notes://list{?page}")]
fn list(page: String) -> String {
    page
}

/// The second page, served apart.
#[resource(uri = "notes://list?page=2")]
fn second() -> String {
    String::new()
}

fn main() {
    let _ = router! { resources: [list, second] };
}
