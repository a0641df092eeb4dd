// An `Option` returned from a resource: one error at the return type, in the resource's
// words (a missing resource is an `Err`).
use mcp_content::resource;

/// A page.
#[resource(uri = "page://home")]
fn page() -> Option<String> {
    None
}

fn main() {}
