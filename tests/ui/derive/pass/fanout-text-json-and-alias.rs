#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent};

type Blob = Vec<u8>;

/// `text(json)` writes one block of a value's JSON (a byte array is one JSON array, never a
/// block per byte); a list of strings fans out one text block each; a single `char` is text.
#[derive(Content, Debug, PartialEq)]
struct Json {
    #[content(text(json))]
    fixed: [u8; 3],
    #[content(text(json))]
    alias: Blob,
    #[content(text)]
    initial: char,
    #[content(text)]
    lines: Vec<String>,
}

fn main() {
    let value = Json { fixed: [1, 2, 3], alias: vec![4, 5], initial: 'x', lines: vec!["a".into(), "b".into()] };
    let blocks = value.into_content();
    assert_eq!(blocks.len(), 5);
    assert_eq!(blocks[0].as_text(), Some("[1,2,3]"));
    assert_eq!(blocks[1].as_text(), Some("[4,5]"));
    assert_eq!(blocks[2].as_text(), Some("x"));
    let back = Json::from_content(&blocks).unwrap();
    assert_eq!(back.alias, vec![4, 5]);
    assert_eq!(back.lines, ["a", "b"]);
}
