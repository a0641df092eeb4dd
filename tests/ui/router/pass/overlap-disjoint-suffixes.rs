#![deny(warnings)] // the macros give the user no warning
use mcp_content::{resource, router};

/// A record as JSON.
#[resource(uri = "data://{id}.json")]
fn as_json(id: String) -> String {
    id
}

/// A record as text: no URI ends in both `.json` and `.txt`.
#[resource(uri = "data://{id}.txt")]
fn as_text(id: String) -> String {
    id
}

/// Another scheme entirely.
#[resource(uri = "meta://{id}.json")]
fn other(id: String) -> String {
    id
}

fn main() {
    let router = router! { resources: [as_json, as_text, other] };
    assert!(router.build().is_ok());
}
