// A struct without `#[derive(Content)]` returned from a resource: one error at the return
// type, naming what a resource returns (never the internal `IntoContent`).
use mcp_content::resource;

struct Page {
    _text: String,
}

/// A page.
#[resource(uri = "page://home")]
fn page() -> Page {
    Page { _text: String::new() }
}

fn main() {}
