#![deny(warnings)] // the macros give the user no warning
//! `text(json)` on an `Option` of bytes writes one text block, the JSON array of the bytes
//! (an `Option` is written once, never fanned out), and reads it back.
use mcp_content::{Content, ContentBlock, FromContent, IntoCallToolResult};

#[derive(Content, Debug, PartialEq, Clone)]
struct Digest {
    #[content(text(json))]
    digest: Option<Vec<u8>>,
}

fn main() {
    let value = Digest { digest: Some(vec![1, 2, 3]) };
    let result = value.clone().into_call_tool_result();
    assert_eq!(result.content.len(), 1);
    match &result.content[0] {
        ContentBlock::Text(text) => assert_eq!(text.text, "[1,2,3]"),
        other => panic!("{other:?}"),
    }
    assert_eq!(Digest::from_call_tool_result(&result).unwrap(), value);
    let none = Digest { digest: None };
    let result = none.clone().into_call_tool_result();
    assert!(result.content.is_empty());
    assert_eq!(Digest::from_call_tool_result(&result).unwrap(), none);
}
