#![deny(warnings)] // the macros give the user no warning
// A query expression of one variable takes its own name only, and `{/x}` one segment: none
// of these share a URI with another, so `router!` compiles them and `build()` takes them.

use mcp_content::{resource, router};

/// A page of the list.
#[resource(uri = "notes://list{?page}")]
fn list(page: String) -> String {
    page
}

/// The list sorted: `sort` is not `page`.
#[resource(uri = "notes://list?sort=1")]
fn sorted() -> String {
    String::new()
}

/// The list with both: `{?page}` writes one name.
#[resource(uri = "notes://list?page=1&sort=1")]
fn first_sorted() -> String {
    String::new()
}

/// A file at one revision segment.
#[resource(uri = "files://{name}{/rev}")]
fn file(name: String, rev: String) -> String {
    format!("{name}{rev}")
}

/// Two segments after the name: `{/rev}` writes one.
#[resource(uri = "files://{name}/a/b")]
fn nested(name: String) -> String {
    name
}

fn main() {
    let router = router! { resources: [list, sorted, first_sorted, file, nested] };
    assert!(router.build().is_ok());
}
