//! Blocks read alone (`FromContent::from_content`) have no result: the literal result `_meta`
//! entries a derived type (a flattened type, an enum's variant) declares are not checked.
//! A result's `_meta` is always checked, an empty one too: the two are told apart by value,
//! not by which `Meta` is passed.

use mcp_content::model::Meta;
use mcp_content::{Content, FromContent, IntoCallToolResult};

const REST: &str =
    "(a block or result is read only when it carries the literal values its attributes write)";

#[derive(Content, Debug, PartialEq, Clone)]
#[content(meta("com.example/part" = "inner"))]
struct Inner {
    #[content(text)]
    b: String,
}

#[derive(Content, Debug, PartialEq, Clone)]
struct Outer {
    #[content(text)]
    a: String,
    #[content(flatten)]
    inner: Inner,
}

#[derive(Content, Debug, PartialEq, Clone)]
enum Event {
    #[content(meta("com.example/kind" = "info"))]
    Info(#[content(text)] String),
    #[content(meta("com.example/kind" = "warning"))]
    Warning(#[content(image(mime = "image/png"))] Vec<u8>),
}

#[test]
fn blocks_alone_skip_the_result_literals_a_result_does_not() {
    let value = Inner { b: "b".into() };
    let result = value.clone().into_call_tool_result();
    assert_eq!(Inner::from_content(&result.content).unwrap(), value);
    assert_eq!(
        Inner::from_content_and_meta(&result.content, &Meta::new())
            .unwrap_err()
            .to_string(),
        format!(
            "_meta.com.example/part: `Inner` declares _meta entry \"com.example/part\" \"inner\", found none {REST}"
        )
    );
    assert_eq!(
        Inner::from_content_and_meta(&result.content, &result.meta).unwrap(),
        value
    );
}

#[test]
fn a_flattened_type_read_from_blocks_alone_skips_its_result_literals() {
    let value = Outer {
        a: "a".into(),
        inner: Inner { b: "b".into() },
    };
    let result = value.clone().into_call_tool_result();
    assert_eq!(Outer::from_content(&result.content).unwrap(), value);
    let error = Outer::from_content_and_meta(&result.content, &Meta::new()).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("_meta.com.example/part: `Inner` declares"),
        "{error}"
    );
}

#[test]
fn an_enum_read_from_blocks_alone_skips_each_variants_result_literals() {
    let value = Event::Info("i".into());
    let result = value.clone().into_call_tool_result();
    assert_eq!(Event::from_content(&result.content).unwrap(), value);
    let error = Event::from_content_and_meta(&result.content, &Meta::new()).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("content: no variant of `Event` reads it: `Info`: _meta.com.example/kind"),
        "{error}"
    );
}
