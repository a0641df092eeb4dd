//! LLM message parts: every block type, both roles, tool results with structured content,
//! and the round trip wherever the mapping is reversible.

use mcp_content::convert::{
    message_parts::Message, message_parts::MessageRole, message_parts::Part,
    message_parts::block_to_part, message_parts::blocks_to_parts, message_parts::part_to_block,
};
use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, EmbeddedResource, GetPromptResult,
    ImageContent, MimeType, Priority, PromptMessage, ResourceLink, Role, TextResourceContents, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::{CallToolResult, ContentBlock};
use serde_json::{Value, json};

fn uri(text: &str) -> Uri {
    Uri::new(text).unwrap()
}

fn image() -> ContentBlock {
    ImageContent::new(b"png".to_vec(), MimeType::new("image/png").unwrap())
        .unwrap()
        .into()
}

fn audio() -> ContentBlock {
    AudioContent::new(b"wav".to_vec(), MimeType::new("audio/wav").unwrap())
        .unwrap()
        .into()
}

fn text_resource() -> ContentBlock {
    let mut contents = TextResourceContents::new(uri("file:///notes.md"), "# Notes");
    contents.mime_type = Some(MimeType::new("text/markdown").unwrap());
    EmbeddedResource::new(contents).into()
}

fn blob_resource(mime: Option<&str>) -> ContentBlock {
    let mut contents = BlobResourceContents::new(uri("file:///report.pdf"), b"%PDF".to_vec());
    contents.mime_type = mime.map(|m| MimeType::new(m).unwrap());
    EmbeddedResource::new(contents).into()
}

fn link() -> ContentBlock {
    let mut link = ResourceLink::new(uri("https://example.com/data.csv"), "data.csv");
    link.mime_type = Some(MimeType::new("text/csv").unwrap());
    link.title = Some("Data".into());
    link.description = Some("The numbers".into());
    link.size = Some(1234_u64.into());
    link.into()
}

fn unknown() -> ContentBlock {
    serde_json::from_value(
        json!({"type": "video", "url": "https://example.com/v.mp4", "seconds": 3}),
    )
    .unwrap()
}

fn every_block() -> Vec<ContentBlock> {
    vec![
        ContentBlock::text("hello"),
        image(),
        audio(),
        text_resource(),
        blob_resource(Some("application/pdf")),
        blob_resource(None),
        link(),
        unknown(),
    ]
}

fn part_json(block: &ContentBlock) -> Value {
    serde_json::to_value(block_to_part(block)).unwrap()
}

#[test]
fn each_block_type_has_its_part() {
    assert_eq!(
        part_json(&ContentBlock::text("hello")),
        json!({"text": "hello"})
    );
    assert_eq!(
        part_json(&image()),
        json!({"media": {"url": "data:image/png;base64,cG5n", "contentType": "image/png"}})
    );
    assert_eq!(
        part_json(&audio()),
        json!({"media": {"url": "data:audio/wav;base64,d2F2", "contentType": "audio/wav"}})
    );
    assert_eq!(
        part_json(&text_resource()),
        json!({"resource": {"uri": "file:///notes.md", "mimeType": "text/markdown", "text": "# Notes"}})
    );
    assert_eq!(
        part_json(&blob_resource(Some("application/pdf"))),
        json!({
            "media": {"url": "data:application/pdf;base64,JVBERg==", "contentType": "application/pdf"},
            "metadata": {"mcp": {"resource": {"uri": "file:///report.pdf"}}}
        })
    );
    assert_eq!(
        part_json(&blob_resource(None)),
        json!({
            "media": {"url": "data:application/octet-stream;base64,JVBERg=="},
            "metadata": {"mcp": {"resource": {"uri": "file:///report.pdf"}}}
        })
    );
    assert_eq!(
        part_json(&link()),
        json!({"resource": {
            "uri": "https://example.com/data.csv", "name": "data.csv", "title": "Data",
            "description": "The numbers", "mimeType": "text/csv", "size": 1234
        }})
    );
    assert_eq!(
        part_json(&unknown()),
        json!({"custom": {"type": "video", "url": "https://example.com/v.mp4", "seconds": 3}})
    );
}

#[test]
fn every_block_type_round_trips() {
    for block in every_block() {
        let part = block_to_part(&block);
        // Through JSON too, as an agent framework would store it.
        let part: Part = serde_json::from_value(serde_json::to_value(&part).unwrap()).unwrap();
        assert_eq!(part_to_block(part).unwrap(), block, "{}", block.kind());
    }
}

#[test]
fn annotations_meta_and_unknown_fields_survive_the_round_trip() {
    let full: Vec<ContentBlock> = serde_json::from_value(json!([
        {"type": "text", "text": "t", "annotations": {"priority": 0.0, "audience": ["user"]},
         "_meta": {"com.example/k": 1}, "x-new": [1]},
        {"type": "image", "data": "cG5n", "mimeType": "image/png",
         "annotations": {"lastModified": "2025-01-12T15:00:58Z"}, "_meta": {"com.example/alt": "chart"}},
        {"type": "audio", "data": "d2F2", "mimeType": "audio/wav", "x-new": true},
        {"type": "resource", "resource": {"uri": "file:///a", "text": "a", "_meta": {"com.example/inner": 1}, "x-inner": 2},
         "annotations": {"audience": ["assistant"]}, "_meta": {"com.example/outer": 1}},
        {"type": "resource", "resource": {"uri": "file:///b", "blob": "AQID", "mimeType": "application/zip",
         "_meta": {"com.example/inner": 2}}, "_meta": {"com.example/outer": 2}},
        {"type": "resource_link", "uri": "file:///c", "name": "c",
         "icons": [{"src": "https://example.com/i.png"}], "annotations": {"priority": 1.0}}
    ]))
    .unwrap();
    let parts = blocks_to_parts(&full);
    let json = serde_json::to_value(&parts).unwrap();
    assert_eq!(
        json[0]["metadata"],
        json!({"mcp": {"annotations": {"audience": ["user"], "priority": 0.0},
                       "_meta": {"com.example/k": 1}, "extra": {"x-new": [1]}}})
    );
    assert_eq!(
        json[3]["metadata"]["mcp"]["resource"],
        json!({"_meta": {"com.example/inner": 1}, "extra": {"x-inner": 2}})
    );
    let parts: Vec<Part> = serde_json::from_value(json).unwrap();
    let back: Vec<ContentBlock> = parts
        .into_iter()
        .map(|p| part_to_block(p).unwrap())
        .collect();
    assert_eq!(back, full);
    assert_eq!(
        serde_json::to_value(&back).unwrap(),
        serde_json::to_value(&full).unwrap()
    );
}

#[test]
fn prompt_messages_of_both_roles() {
    let user = PromptMessage::new(Role::User, "What is in this picture?");
    let assistant = PromptMessage::new(Role::Assistant, image());
    let user_message = Message::from_prompt_message(&user);
    let assistant_message = Message::from_prompt_message(&assistant);
    assert_eq!(
        serde_json::to_value(&user_message).unwrap(),
        json!({"role": "user", "content": [{"text": "What is in this picture?"}]})
    );
    assert_eq!(assistant_message.role, MessageRole::Model);
    assert_eq!(
        serde_json::to_value(&assistant_message).unwrap()["role"],
        json!("model")
    );
    assert_eq!(user_message.into_prompt_message().unwrap(), user);
    assert_eq!(assistant_message.into_prompt_message().unwrap(), assistant);
}

#[test]
fn prompt_messages_of_every_block_type_round_trip() {
    for (i, block) in every_block().into_iter().enumerate() {
        let role = if i % 2 == 0 {
            Role::User
        } else {
            Role::Assistant
        };
        let mut message = PromptMessage::new(role, block);
        if i == 0 {
            message.extra.insert("x-new", json!(1));
        }
        let converted = Message::from_prompt_message(&message);
        let converted: Message =
            serde_json::from_value(serde_json::to_value(&converted).unwrap()).unwrap();
        assert_eq!(converted.into_prompt_message().unwrap(), message);
    }
}

#[test]
fn get_prompt_result_gives_one_message_each() {
    let result = GetPromptResult::new(vec![
        PromptMessage::new(Role::User, "Hi"),
        PromptMessage::new(Role::Assistant, audio()),
    ]);
    let messages = Message::from_get_prompt_result(&result);
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[1].role, MessageRole::Model);
    assert!(matches!(messages[1].content[0], Part::Media(_)));
}

#[test]
fn tool_results_keep_every_block_and_structured_content() {
    let mut result = CallToolResult::structured(json!({"temperature": 22}));
    result.content.extend(every_block());
    let message = Message::from_call_tool_result(&result);
    assert_eq!(message.role, MessageRole::Tool);
    assert_eq!(message.content.len(), 1 + every_block().len() + 1);
    assert_eq!(
        serde_json::to_value(message.content.last().unwrap()).unwrap(),
        json!({"data": {"temperature": 22}})
    );
    let json = serde_json::to_value(&message).unwrap();
    let back: Message = serde_json::from_value(json).unwrap();
    assert_eq!(back.into_call_tool_result().unwrap(), result);
}

#[test]
fn tool_result_fields_travel_in_message_metadata() {
    let mut result: CallToolResult = serde_json::from_value(json!({
        "content": [],
        "structuredContent": [1, 2],
        "isError": true,
        "_meta": {"com.example/k": "v"},
        "resultType": "complete",
        "x-new": 1
    }))
    .unwrap();
    let message = Message::from_call_tool_result(&result);
    assert_eq!(
        serde_json::to_value(&message).unwrap(),
        json!({
            "role": "tool",
            "content": [{"data": [1, 2]}],
            "metadata": {"mcp": {"isError": true, "_meta": {"com.example/k": "v"},
                                 "resultType": "complete", "extra": {"x-new": 1}}}
        })
    );
    assert_eq!(message.into_call_tool_result().unwrap(), result);

    // An explicit `null` structured value is kept too.
    result.structured_content = Some(Value::Null.into());
    let back = Message::from_call_tool_result(&result)
        .into_call_tool_result()
        .unwrap();
    assert_eq!(back.structured_content, Some(Value::Null.into()));
}

#[test]
fn an_empty_tool_result_is_an_empty_message() {
    let result = CallToolResult::new(vec![]);
    let message = Message::from_call_tool_result(&result);
    assert_eq!(
        serde_json::to_value(&message).unwrap(),
        json!({"role": "tool", "content": []})
    );
    assert_eq!(message.into_call_tool_result().unwrap(), result);
}

#[test]
fn annotations_with_priority_zero_are_carried() {
    let mut block = ContentBlock::text("t");
    block.set_annotations(Some(
        Annotations::new().priority(Priority::new(0.0).unwrap()),
    ));
    assert_eq!(
        part_json(&block)["metadata"]["mcp"]["annotations"],
        json!({"priority": 0.0})
    );
    let mut empty = ContentBlock::text("t");
    empty.set_annotations(Some(Annotations::new()));
    assert_eq!(part_json(&empty), json!({"text": "t"}));
}

// --- parts from other frameworks (fallbacks) and errors --------------------------------

fn part(json: Value) -> Part {
    serde_json::from_value(json).unwrap()
}

#[test]
fn genkit_resource_part_with_only_a_uri_is_a_link_named_by_it() {
    let block = part_to_block(part(json!({"resource": {"uri": "file:///x.txt"}}))).unwrap();
    let ContentBlock::ResourceLink(link) = block else {
        panic!("{block:?}")
    };
    assert_eq!(link.uri, "file:///x.txt");
    assert_eq!(link.name, "file:///x.txt");
}

#[test]
fn media_by_reference_is_a_link_to_it() {
    let block = part_to_block(part(
        json!({"media": {"url": "https://example.com/cat.jpg", "contentType": "image/jpeg"}}),
    ))
    .unwrap();
    let ContentBlock::ResourceLink(link) = block else {
        panic!("{block:?}")
    };
    assert_eq!(link.uri, "https://example.com/cat.jpg");
    assert_eq!(link.mime_type.unwrap(), "image/jpeg");
}

#[test]
fn media_type_comes_from_content_type_else_from_the_url() {
    let block = part_to_block(part(
        json!({"media": {"url": "data:image/gif;base64,R0lG"}}),
    ))
    .unwrap();
    assert_eq!(block.kind(), "image");
    let block = part_to_block(part(
        json!({"media": {"url": "data:audio/mpeg;base64,SUQz", "contentType": "audio/mpeg"}}),
    ))
    .unwrap();
    assert_eq!(block.kind(), "audio");
}

#[test]
fn unsupported_media_without_a_resource_uri_is_an_error() {
    let err = part_to_block(part(
        json!({"media": {"url": "data:application/pdf;base64,JVBERg==", "contentType": "application/pdf"}}),
    ))
    .unwrap_err();
    assert_eq!(err.path(), "media");
    assert_eq!(err.rule(), Some(Rule::MimeKind));
    assert!(
        err.to_string().contains("metadata.mcp.resource.uri"),
        "{err}"
    );
}

#[test]
fn malformed_data_urls_are_errors_with_their_rule() {
    let err =
        part_to_block(part(json!({"media": {"url": "data:image/png;base64,cG5"}}))).unwrap_err();
    assert_eq!((err.path(), err.rule()), ("media.url", Some(Rule::Base64)));
    let err = part_to_block(part(json!({"media": {"url": "data:image/png"}}))).unwrap_err();
    assert_eq!((err.path(), err.rule()), ("media.url", Some(Rule::Uri)));
    let err = part_to_block(part(
        json!({"media": {"url": "data:,x", "contentType": "nope"}}),
    ))
    .unwrap_err();
    assert_eq!(
        (err.path(), err.rule()),
        ("media.contentType", Some(Rule::MimeType))
    );
}

#[test]
fn data_parts_have_no_block() {
    let err = part_to_block(part(json!({"data": {"a": 1}}))).unwrap_err();
    assert_eq!((err.path(), err.rule()), ("data", Some(Rule::Type)));
    let message = Message {
        role: MessageRole::User,
        content: vec![part(json!({"data": 1}))],
        metadata: mcp_content::model::JsonObject::new(),
    };
    assert_eq!(
        message.into_prompt_message().unwrap_err().path(),
        "content[0].data"
    );
}

#[test]
fn a_tool_result_takes_at_most_one_data_part() {
    let message: Message = serde_json::from_value(json!({
        "role": "tool", "content": [{"data": 1}, {"text": "x"}, {"data": 2}]
    }))
    .unwrap();
    let err = message.into_call_tool_result().unwrap_err();
    assert_eq!(
        (err.path(), err.rule()),
        ("content[2]", Some(Rule::ExactlyOne))
    );
}

#[test]
fn prompt_messages_need_one_part_and_an_mcp_role() {
    let two: Message = serde_json::from_value(json!({
        "role": "user", "content": [{"text": "a"}, {"text": "b"}]
    }))
    .unwrap();
    let err = two.into_prompt_message().unwrap_err();
    assert_eq!(
        (err.path(), err.rule()),
        ("content", Some(Rule::ExactlyOne))
    );

    for role in ["system", "tool"] {
        let message: Message =
            serde_json::from_value(json!({"role": role, "content": [{"text": "a"}]})).unwrap();
        assert_eq!(message.into_prompt_message().unwrap_err().path(), "role");
    }
}

#[test]
fn errors_inside_a_message_name_the_part() {
    let message: Message = serde_json::from_value(json!({
        "role": "tool",
        "content": [{"text": "ok"}, {"resource": {"uri": "relative/path"}}]
    }))
    .unwrap();
    let err = message.into_call_tool_result().unwrap_err();
    assert_eq!(
        (err.path(), err.rule()),
        ("content[1].resource.uri", Some(Rule::Uri))
    );

    let message: Message = serde_json::from_value(json!({
        "role": "tool",
        "content": [{"text": "ok", "metadata": {"mcp": {"annotations": {"priority": 2}}}}]
    }))
    .unwrap();
    let err = message.into_call_tool_result().unwrap_err();
    assert!(
        err.path()
            .starts_with("content[0].metadata.mcp.annotations"),
        "{err}"
    );
    assert_eq!(err.rule(), Some(Rule::Priority));
}

#[test]
fn custom_parts_must_be_blocks() {
    let err = part_to_block(part(json!({"custom": {"no": "type"}}))).unwrap_err();
    assert!(err.path().starts_with("custom"), "{err}");
}

#[test]
fn parts_are_told_apart_by_their_one_key() {
    assert!(matches!(
        part(json!({"text": "a", "metadata": {"x": 1}})),
        Part::Text(_)
    ));
    assert!(matches!(part(json!({"data": null})), Part::Data(_)));
    assert!(matches!(part(json!({"custom": {}})), Part::Custom(_)));
    let err = serde_json::from_value::<Part>(json!({"toolRequest": {"name": "x"}})).unwrap_err();
    assert!(
        err.to_string()
            .contains("`toolRequest` part has no MCP content"),
        "{err}"
    );
    let err = serde_json::from_value::<Part>(json!({"text": "a", "data": 1})).unwrap_err();
    assert!(err.to_string().contains("exactly one"), "{err}");
    let err = serde_json::from_value::<Part>(json!({})).unwrap_err();
    assert!(err.to_string().contains("a part needs one of"), "{err}");
    let err = serde_json::from_value::<Part>(json!({"text": 1})).unwrap_err();
    assert!(err.to_string().contains("in a `text` part"), "{err}");
}

#[test]
fn foreign_metadata_is_not_carried_back() {
    let block =
        part_to_block(part(json!({"text": "a", "metadata": {"genkit": {"x": 1}}}))).unwrap();
    assert_eq!(block, ContentBlock::text("a"));
}
