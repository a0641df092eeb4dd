#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, IntoContent};

#[derive(Content)]
struct Inner {
    #[content(text)]
    a: String,
}

/// A generic wrapper that flattens any `Content` type: written only.
#[derive(Content)]
struct Wrapper<T: IntoContent> {
    #[content(text)]
    title: String,
    #[content(flatten)]
    inner: T,
}

fn main() {
    let blocks = Wrapper { title: "t".into(), inner: Inner { a: "a".into() } }.into_content();
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[1].as_text(), Some("a"));
}
