use mcp_content::{resource, router};

/// Any path under the tree.
#[resource(uri = "tree:///{+path}")]
fn subtree(path: String) -> String {
    path
}

/// A top-level entry, which `subtree` matches too.
#[resource(uri = "tree:///{entry}")]
fn top(entry: String) -> String {
    entry
}

fn main() {
    let _ = router! { resources: [subtree, top] };
}
