#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, IntoContent};

/// A written-only type (write_only, or generic) flattens into a written-only type.
#[derive(Content)]
#[content(write_only)]
struct Inner {
    #[content(text)]
    a: String,
}

#[derive(Content)]
struct Generic<T: std::fmt::Display> {
    #[content(text)]
    value: T,
}

#[derive(Content)]
#[content(write_only)]
struct Outer {
    #[content(flatten)]
    inner: Inner,
    #[content(flatten)]
    generic: Generic<u32>,
}

fn main() {
    let blocks = Outer { inner: Inner { a: "a".into() }, generic: Generic { value: 7 } }.into_content();
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[1].as_text(), Some("7"));
}
