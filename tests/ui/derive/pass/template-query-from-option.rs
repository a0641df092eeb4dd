#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent};

/// An `Option` field in a query expression: `None` leaves it out, and it reads back as `None`.
#[derive(Content, Debug, PartialEq)]
struct Page {
    #[content(resource(uri = "docs://{name}{?rev}"))]
    body: String,
    name: String,
    rev: Option<u32>,
}

fn main() {
    for rev in [None, Some(3)] {
        let page = Page { body: "text".into(), name: "intro".into(), rev };
        let blocks = Page { body: "text".into(), name: "intro".into(), rev }.into_content();
        assert_eq!(Page::from_content(&blocks).unwrap(), page);
    }
}
