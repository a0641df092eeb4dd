//! Reading untrusted input at more edges than `wire/untrusted_input.rs` walks, about the limits and
//! the checked path: the limits through other entry points (LLM messages, `read_value` of prompts);
//! `unlimited()` on other deep values; the `null` rule and the limits on the checked path that
//! member names with escapes take; a known block type never relayed as unknown; a byte order mark
//! between tokens. Apart so each file stays one concern: what is read and refused there, how far
//! and along which path here.

use crate::read_by_kind::{read_kind, read_value_kind};
use mcp_content::convert::{
    message_parts::DataPart, message_parts::Media, message_parts::MediaPart,
    message_parts::Message, message_parts::MessageRole, message_parts::Part,
};
use mcp_content::model::{GetPromptResult, ReadResourceResult};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with, read_value_with};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};
use serde_json::{Value, json};

/// The limits hold through the LLM message entry points too: a whole message, not only one
/// part.
#[test]
fn llm_messages_apply_the_limits() {
    let payload = "A".repeat(17 * 1024 * 1024 / 3 * 4 + 4);
    let media = |url: String| {
        Part::Media(MediaPart {
            media: Media {
                url,
                content_type: Some("audio/wav".into()),
            },
            metadata: mcp_content::model::JsonObject::new(),
        })
    };
    let message = Message {
        role: MessageRole::User,
        content: vec![media(format!("data:audio/wav;base64,{payload}"))],
        metadata: mcp_content::model::JsonObject::new(),
    };
    let error = message.into_prompt_message().expect_err("17 MiB audio");
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    assert!(error.path().starts_with("content[0]"), "{error}");

    let message = Message {
        role: MessageRole::Tool,
        content: vec![
            Part::text("a"),
            media(format!("data:audio/wav;base64,{payload}")),
        ],
        metadata: mcp_content::model::JsonObject::new(),
    };
    let error = message.into_call_tool_result().expect_err("17 MiB audio");
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    assert!(error.path().starts_with("content[1]"), "{error}");

    // A data part nested deeper than any reader takes.
    let mut deep = json!(1);
    for _ in 0..200 {
        deep = json!([deep]);
    }
    let message = Message {
        role: MessageRole::Tool,
        content: vec![Part::Data(DataPart {
            data: deep.into(),
            metadata: mcp_content::model::JsonObject::new(),
        })],
        metadata: mcp_content::model::JsonObject::new(),
    };
    let error = message
        .into_call_tool_result()
        .expect_err("a 200-deep data part");
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    assert!(error.path().starts_with("content[0].data"), "{error}");
}

/// `read_value_with` applies the same block and binary limits to prompts and resources as
/// `read_json_with`.
#[test]
fn read_value_applies_the_limits_to_every_result() {
    let limits = ReadLimits::default().with_max_blocks(1);
    let prompt = json!({"messages": [
        {"role": "user", "content": {"type": "text", "text": "a"}},
        {"role": "user", "content": {"type": "text", "text": "b"}},
    ]});
    let error = read_value_with::<GetPromptResult>(prompt, &limits).expect_err("2 messages");
    assert_eq!(error.rule(), Some(Rule::Limit));
    let small = ReadLimits::default().with_max_binary_bytes(2);
    let contents = json!({"contents": [{"uri": "a:b", "blob": "AAAAAAAA"}]});
    let error = read_value_with::<ReadResourceResult>(contents, &small).expect_err("6 bytes");
    assert_eq!(
        (error.path(), error.rule()),
        ("contents[0].blob", Some(Rule::Limit))
    );
    let prompt = json!({"messages": [{"role": "user", "content":
        {"type": "audio", "data": "AAAAAAAA", "mimeType": "audio/wav"}}]});
    let error = read_value_with::<GetPromptResult>(prompt, &small).expect_err("6 bytes");
    assert_eq!(
        (error.path(), error.rule()),
        ("messages[0].content.data", Some(Rule::Limit))
    );
}

/// `unlimited()` on deep values in other places: a tool's input schema, `_meta`, an unknown
/// field, a prompt's `_meta`; from bytes (the `Value` form is in `wire/reader_rules.rs`).
#[test]
fn unlimited_reads_of_other_deep_values_never_abort() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
            let objects = format!("{}1{}", r#"{"a":"#.repeat(100_000), "}".repeat(100_000));
            let docs = [
                (
                    "Tool",
                    format!(r#"{{"name":"t","inputSchema":{{"type":"object","x":{deep}}}}}"#),
                ),
                (
                    "CallToolResult",
                    format!(r#"{{"content":[],"_meta":{{"k":{objects}}}}}"#),
                ),
                (
                    "CallToolResult",
                    format!(r#"{{"content":[],"x-deep":{deep}}}"#),
                ),
                (
                    "GetPromptResult",
                    format!(r#"{{"messages":[],"_meta":{{"k":{deep}}}}}"#),
                ),
                (
                    "CallToolResult",
                    format!(r#"{{"content":[{{"type":"x-new","v":{objects}}}]}}"#),
                ),
            ];
            for (kind, doc) in docs {
                let error =
                    read_kind(kind, doc.as_bytes(), &ReadLimits::unlimited()).expect_err(kind);
                assert_eq!(error.rule(), Some(Rule::Limit), "{kind}: {error}");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// Member names with escapes send a read to the checked path, which keeps their spelling
/// (`wire::spelling`): the one `null` rule holds there as on the one pass, from bytes and
/// from a `Value`.
#[test]
fn the_null_rule_holds_with_escaped_names() {
    let cases = [
        (
            "CallToolResult",
            r#"{"content":[],"x\u0041":1,"is\u0045rror":null}"#,
            "isError",
        ),
        (
            "CallToolResult",
            r#"{"content":[{"type":"text","text":"t","\/":1,"annotations":{"x\"":1,"priority":null}}]}"#,
            "content[0].annotations.priority",
        ),
        (
            "CallToolResult",
            r#"{"content":[{"_meta":{"a.b/\u0063":1},"type":"resource_link","uri":"a:b","name":"n","size":null}]}"#,
            "content[0].size",
        ),
        (
            "GetPromptResult",
            r#"{"messages":[],"\\":1,"description":null}"#,
            "description",
        ),
        (
            "ReadResourceResult",
            r#"{"contents":[{"uri":"a:b","text":"t","\ud83d\ude00":1,"mimeType":null}]}"#,
            "contents[0].mimeType",
        ),
        (
            "Tool",
            r#"{"name":"t","inputSchema":{"\u0074ype":"object"},"title":null}"#,
            "title",
        ),
        (
            "Prompt",
            r#"{"name":"p","arguments":[{"name":"a","x\u0041":1,"required":null}]}"#,
            "arguments[0].required",
        ),
        (
            "Resource",
            r#"{"uri":"a:b","name":"n","_meta":{"a.b/\u0063":1},"icons":null}"#,
            "icons",
        ),
        (
            "ResourceTemplate",
            r#"{"uriTemplate":"a:{b}","name":"n","\u0041":1,"mimeType":null}"#,
            "mimeType",
        ),
    ];
    for (kind, doc, path) in cases {
        let error = read_kind(kind, doc.as_bytes(), &ReadLimits::default())
            .expect_err(&format!("{kind} {doc}: null read"));
        assert_eq!(error.path(), path, "{kind} {doc}: {error}");
        assert!(error.detail().contains("null"), "{kind} {doc}: {error}");
        let value: Value = serde_json::from_str(doc).unwrap();
        let error = read_value_kind(kind, value).expect_err("null read from a Value");
        assert_eq!(error.path(), path, "{kind} {doc} (Value): {error}");
    }
}

/// The limits on the checked path that member names with escapes take: depth, values, and
/// `unlimited()` on values nested past the parser's limit, from bytes and from a `Value`.
#[test]
fn the_limits_hold_with_escaped_names() {
    let doc = br#"{"content":[],"x\u0041":[[[[1]]]]}"#;
    let error = read_json_with::<CallToolResult>(doc, &ReadLimits::default().with_max_depth(3))
        .unwrap_err();
    assert_eq!(
        (error.path(), error.rule()),
        ("xA[0][0]", Some(Rule::Limit))
    );
    let error = read_json_with::<CallToolResult>(doc, &ReadLimits::default().with_max_values(4))
        .unwrap_err();
    assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
            let objects = format!(
                "{}1{}",
                r#"{"\u0061":"#.repeat(100_000),
                "}".repeat(100_000)
            );
            let docs = [
                format!(r#"{{"content":[],"x\u0041":{deep}}}"#),
                format!(r#"{{"content":[],"_meta":{{"k\u0041":{objects}}}}}"#),
                format!(r#"{{"content":[{{"t\u0079pe":"x-new","v":{objects}}}]}}"#),
            ];
            for doc in docs {
                let error = read_kind("CallToolResult", doc.as_bytes(), &ReadLimits::unlimited())
                    .expect_err("too deep");
                assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
            }
            // Built by hand: `json!` would serialize the inner value again at every level.
            let mut value = json!(1);
            for _ in 0..100_000 {
                let mut map = serde_json::Map::new();
                map.insert("A".to_owned(), value);
                value = Value::Object(map);
            }
            let mut map = serde_json::Map::new();
            map.insert("content".to_owned(), json!([]));
            map.insert("xA".to_owned(), value);
            let value = Value::Object(map);
            let error = read_value_with::<CallToolResult>(value, &ReadLimits::unlimited())
                .expect_err("too deep");
            assert_eq!(error.rule(), Some(Rule::Limit), "{error}");
        })
        .unwrap()
        .join()
        .unwrap();
}

/// An unknown block of a type a known block has is never taken as unknown: a `text` block
/// without its `text` is refused, not relayed as an unknown block.
#[test]
fn a_known_type_is_never_an_unknown_block() {
    // A missing field is named in the detail, at the block's path.
    for (doc, field) in [
        (r#"{"content":[{"type":"text"}]}"#, "text"),
        (
            r#"{"content":[{"type":"image","data":"AAAA"}]}"#,
            "mimeType",
        ),
        (r#"{"content":[{"type":"resource"}]}"#, "resource"),
        (
            r#"{"content":[{"type":"resource_link","uri":"a:b"}]}"#,
            "name",
        ),
    ] {
        let error = read_json::<CallToolResult>(doc.as_bytes()).expect_err(doc);
        assert!(error.path().starts_with("content[0]"), "{doc}: {error}");
        assert!(
            error.to_string().contains(&format!("`{field}`")),
            "{doc}: {error}"
        );
    }
    let fields = json!({"type": "audio", "data": "AAAA"});
    assert!(
        mcp_content::model::UnknownBlock::new(fields.as_object().unwrap().clone()).is_err(),
        "an UnknownBlock cannot claim a known type"
    );
    let fields = json!({"type": "x-new"});
    let mut unknown =
        mcp_content::model::UnknownBlock::new(fields.as_object().unwrap().clone()).unwrap();
    assert!(unknown.insert("type", json!("resource_link")).is_err());
    assert_eq!(ContentBlock::Unknown(unknown).kind(), "x-new");
}

/// A byte order mark anywhere outside a string (after leading whitespace, between members,
/// after the value) is named as such with its path, from `read_json` and from the parsers
/// of kept JSON text; inside a string it is the character U+FEFF, read and kept.
#[test]
fn a_byte_order_mark_between_tokens_is_named() {
    for (doc, path) in [
        (&b" \xEF\xBB\xBF{\"content\":[]}"[..], "."),
        // The path of the value just before it (where `serde_json` stops).
        (b"{\"content\":[],\xEF\xBB\xBF\"isError\":true}", "content"),
        (
            b"{\"content\":[{\"type\":\"text\",\"text\":\"t\"}\xEF\xBB\xBF]}",
            "content[0]",
        ),
        (b"{\"content\":[]}\xEF\xBB\xBF", "."),
        (
            b"{\"content\":[],\"structuredContent\":{\"a\":\xEF\xBB\xBF1}}",
            "structuredContent.a",
        ),
    ] {
        let error = read_json::<CallToolResult>(doc).unwrap_err();
        assert!(
            error.detail().contains("byte order mark"),
            "{}: {error}",
            String::from_utf8_lossy(doc)
        );
        assert_eq!(
            error.path(),
            path,
            "{}: {error}",
            String::from_utf8_lossy(doc)
        );
    }
    let error = mcp_content::model::RawJson::parse("[1,\u{feff}2]").unwrap_err();
    assert!(error.to_string().contains("byte order mark"), "{error}");
    // Inside strings, in values and names, it is a character like any other.
    let doc =
        "{\"content\":[{\"type\":\"text\",\"text\":\"\u{feff}a\"}],\"\u{feff}x\":\"\u{feff}\"}";
    let result: CallToolResult = read_json(doc.as_bytes()).unwrap();
    assert_eq!(
        String::from_utf8(result.to_json_for(ProtocolVersion::V2025_11_25)).unwrap(),
        doc
    );
}
