#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, IntoContent};

/// MIME types are case-insensitive and take parameters; a priority may be any number
/// spelling from 0 to 1.
#[derive(Content)]
#[content(annotations(priority = 1e0))]
struct Spelled {
    #[content(image(mime = "IMAGE/PNG"))]
    upper: Vec<u8>,
    #[content(resource(uri = "file:///a.svg", mime = "image/svg+xml; charset=utf-8"), annotations(priority = 0))]
    svg: String,
    #[content(text, annotations(priority = 0.000_1, last_modified = "2025-01-12T15:00:58.5+02:00"))]
    note: String,
}

fn main() {
    let blocks = Spelled { upper: vec![1], svg: "<svg/>".into(), note: "n".into() }.into_content();
    assert_eq!(blocks.len(), 3);
}
