#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

/// `text` from a `String`, any `Display + FromStr` type, and `text(json)` from a `Serialize` type.
#[derive(Content, Debug, PartialEq)]
struct Texts {
    #[content(text)]
    summary: String,
    #[content(text)]
    count: u32,
    #[content(text)]
    ratio: f64,
    #[content(text(json))]
    point: Point,
}

/// Borrowed text: the type has a lifetime, so only the writing side is derived.
#[derive(Content)]
struct Borrowed<'a> {
    #[content(text)]
    summary: &'a str,
}

fn main() {
    let blocks = Texts { summary: "s".into(), count: 1, ratio: 0.5, point: Point { x: 1, y: 2 } }.into_content();
    let _ = Texts::from_content(&blocks);
    let _ = Borrowed { summary: "s" }.into_content();
}
