#![deny(warnings)] // the macros give the user no warning
use std::fmt::Display;

use mcp_content::{Content, IntoContent};

/// `write_only`: an ambiguous layout is fine when it is never read back.
#[derive(Content)]
#[content(write_only)]
struct Log {
    #[content(text)]
    lines: Vec<String>,
    #[content(text)]
    footer: String,
}

/// Generic types derive the writing side; bounds are the user's.
#[derive(Content)]
struct Labelled<T: Display> {
    #[content(text)]
    label: T,
}

fn main() {
    let _ = Log { lines: vec![], footer: "f".into() }.into_content();
    let _ = Labelled { label: 3 }.into_content();
}
