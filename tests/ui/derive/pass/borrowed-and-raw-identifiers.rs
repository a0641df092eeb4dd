#![deny(warnings)] // the macros give the user no warning
use std::borrow::Cow;

use mcp_content::{Content, FromContent, IntoCallToolResult, IntoContent, model::Uri};

/// A struct with lifetimes writes borrowed text, bytes and template variables (write side only).
#[derive(Content)]
struct Borrowed<'a> {
    #[content(text)]
    title: &'a str,
    #[content(text)]
    body: Cow<'a, str>,
    #[content(image(mime = "image/png"))]
    png: &'a [u8],
    #[content(resource(uri = "file:///{dir}/x"))]
    raw: &'a str,
    dir: &'a str,
}

/// Raw identifiers: a template variable `{type}`, a link named after its field, a `_meta` value.
#[derive(Content, Debug, PartialEq)]
struct Raw {
    #[content(resource(uri = "file:///{type}/{match}.txt"))]
    body: String,
    r#type: String,
    r#match: u32,
    #[content(link)]
    r#ref: Uri,
    #[content(meta = "com.example/loop")]
    r#loop: bool,
}

fn main() {
    let blocks = Borrowed { title: "t", body: Cow::Borrowed("b"), png: &[1, 2], raw: "r", dir: "a b" }
        .into_content();
    assert_eq!(blocks.len(), 4);
    assert_eq!(
        serde_json::to_value(&blocks[3]).unwrap()["resource"]["uri"],
        "file:///a%20b/x"
    );

    let raw = Raw {
        body: "x".into(),
        r#type: "kind".into(),
        r#match: 3,
        r#ref: Uri::new("file:///r").unwrap(),
        r#loop: true,
    };
    let result = raw.into_call_tool_result();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["resource"]["uri"], "file:///kind/3.txt");
    assert_eq!(json["content"][1]["name"], "ref");
    assert_eq!(json["_meta"]["com.example/loop"], true);
    let back = Raw::from_call_tool_result(&result).unwrap();
    assert_eq!(back.r#type, "kind");
    assert_eq!(back.r#match, 3);
    assert!(back.r#loop);
}
