//! Template variables: the vMCP key scheme, pinned rule by rule.

use mcp_content::convert::{
    template_vars::template_vars, template_vars::tool_result_template_vars,
};
use mcp_content::model::{
    AudioContent, BlobResourceContents, EmbeddedResource, ImageContent, MimeType, ResourceLink,
    TextResourceContents, Uri,
};
use mcp_content::{CallToolResult, ContentBlock};
use serde_json::{Map, Value, json};

fn image(bytes: &[u8]) -> ContentBlock {
    ImageContent::new(bytes.to_vec(), MimeType::new("image/png").unwrap())
        .unwrap()
        .into()
}

fn text_resource(text: &str) -> ContentBlock {
    EmbeddedResource::new(TextResourceContents::new(
        Uri::new("file:///a.txt").unwrap(),
        text,
    ))
    .into()
}

fn blob_resource(bytes: &[u8]) -> ContentBlock {
    EmbeddedResource::new(BlobResourceContents::new(
        Uri::new("file:///a.bin").unwrap(),
        bytes.to_vec(),
    ))
    .into()
}

fn as_json(vars: Map<String, Value>) -> Value {
    Value::Object(vars)
}

#[test]
fn twelve_text_blocks_are_text_then_text_1_to_text_11() {
    let blocks: Vec<ContentBlock> = (0..12)
        .map(|i| ContentBlock::text(format!("t{i}")))
        .collect();
    let vars = template_vars(&blocks);
    assert_eq!(vars.len(), 12);
    assert_eq!(vars["text"], "t0");
    for i in 1..12 {
        assert_eq!(vars[&format!("text_{i}")], format!("t{i}"), "text_{i}");
    }
    assert!(!vars.contains_key("text_0"));
    assert!(!vars.contains_key("text_12"));
}

#[test]
fn interleaved_text_image_resource_keep_separate_counters() {
    let blocks = vec![
        image(b"i0"),
        ContentBlock::text("a"),
        text_resource("r0"),
        image(b"i1"),
        ContentBlock::text("b"),
        text_resource("r1"),
        text_resource("r2"),
        image(b"i2"),
    ];
    assert_eq!(
        as_json(template_vars(&blocks)),
        json!({
            "image_0": "aTA=", "image_1": "aTE=", "image_2": "aTI=",
            "text": "a", "text_1": "b",
            "resource": "r0", "resource_1": "r1", "resource_2": "r2",
        })
    );
}

#[test]
fn blob_resource_gives_its_base64() {
    let vars = template_vars(&[blob_resource(&[0xde, 0xad, 0xbe, 0xef]), text_resource("t")]);
    assert_eq!(
        as_json(vars),
        json!({"resource": "3q2+7w==", "resource_1": "t"})
    );
}

#[test]
fn blob_read_from_the_wire_keeps_its_base64_as_received() {
    let block: ContentBlock = serde_json::from_value(json!({
        "type": "resource",
        "resource": {"uri": "file:///a.bin", "blob": "aGVsbG8="}
    }))
    .unwrap();
    assert_eq!(template_vars(&[block])["resource"], "aGVsbG8=");
}

#[test]
fn audio_links_and_unknown_blocks_are_skipped_without_using_up_an_index() {
    let audio: ContentBlock =
        AudioContent::new(b"wav".to_vec(), MimeType::new("audio/wav").unwrap())
            .unwrap()
            .into();
    let link: ContentBlock = ResourceLink::new(Uri::new("file:///x").unwrap(), "x").into();
    let unknown: ContentBlock =
        serde_json::from_value(json!({"type": "video", "url": "https://example.com/v"})).unwrap();
    let blocks = vec![
        audio.clone(),
        link.clone(),
        unknown.clone(),
        ContentBlock::text("first"),
        audio,
        link,
        unknown,
        ContentBlock::text("second"),
    ];
    assert_eq!(
        as_json(template_vars(&blocks)),
        json!({"text": "first", "text_1": "second"})
    );
}

#[test]
fn only_skipped_blocks_give_an_empty_map() {
    let link: ContentBlock = ResourceLink::new(Uri::new("file:///x").unwrap(), "x").into();
    assert!(template_vars(&[link]).is_empty());
}

#[test]
fn empty_input_gives_an_empty_map() {
    assert!(template_vars(&[]).is_empty());
    assert!(tool_result_template_vars(&CallToolResult::new(vec![])).is_empty());
}

#[test]
fn empty_text_still_takes_its_key() {
    let vars = template_vars(&[ContentBlock::text(""), ContentBlock::text("x")]);
    assert_eq!(as_json(vars), json!({"text": "", "text_1": "x"}));
}

#[test]
fn tool_result_prefers_object_structured_content() {
    let result =
        CallToolResult::structured(json!({"temperature": 22, "unit": "C", "nested": {"a": [1]}}));
    assert_eq!(
        as_json(tool_result_template_vars(&result)),
        json!({"temperature": 22, "unit": "C", "nested": {"a": [1]}})
    );
}

#[test]
fn tool_result_with_non_object_structured_content_uses_the_blocks() {
    for structured in [json!([1, 2]), json!(3), json!("s"), Value::Null] {
        let result = CallToolResult {
            structured_content: Some(structured.clone().into()),
            ..CallToolResult::text("fallback")
        };
        assert_eq!(
            as_json(tool_result_template_vars(&result)),
            json!({"text": "fallback"}),
            "{structured}"
        );
    }
}

#[test]
fn tool_result_without_structured_content_uses_the_blocks() {
    let result = CallToolResult::new(vec![ContentBlock::text("a"), image(b"png")]);
    assert_eq!(
        as_json(tool_result_template_vars(&result)),
        json!({"text": "a", "image_0": "cG5n"})
    );
}
