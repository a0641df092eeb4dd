//! Reading untrusted input at edges `reader_edges.rs` does not walk: `null` inside arrays and
//! on required fields, in other document types and through `read_value`; what the spec
//! allows in descriptors and for other versions; error text from other values (URIs, tool
//! names, base64, themes, keys); encoding faults in other places (keys, unknown fields,
//! descriptors, overlong UTF-8, a high surrogate at the end); the limits through other
//! entry points (LLM messages, `read_value` of prompts); `unlimited()` on other deep values;
//! the `null` rule and the limits on the checked path that member names with escapes take;
//! a byte order mark between tokens.

use mcp_content::convert::{DataPart, Media, MediaPart, Message, MessageRole, Part};
use mcp_content::rules::Rule;
use mcp_content::{
    CallToolResult, ContentBlock, GetPromptResult, JsonInteger, Prompt, ProtocolVersion, ReadError,
    ReadLimits, ReadResourceResult, Resource, ResourceTemplate, SerializeFor, Tool, read_json,
    read_json_with, read_value, read_value_with,
};
use serde_json::{Value, json};

fn read_kind(kind: &str, bytes: &[u8], limits: &ReadLimits) -> Result<(), ReadError> {
    match kind {
        "CallToolResult" => read_json_with::<CallToolResult>(bytes, limits).map(drop),
        "GetPromptResult" => read_json_with::<GetPromptResult>(bytes, limits).map(drop),
        "ReadResourceResult" => read_json_with::<ReadResourceResult>(bytes, limits).map(drop),
        "Tool" => read_json_with::<Tool>(bytes, limits).map(drop),
        "Prompt" => read_json_with::<Prompt>(bytes, limits).map(drop),
        "Resource" => read_json_with::<Resource>(bytes, limits).map(drop),
        "ResourceTemplate" => read_json_with::<ResourceTemplate>(bytes, limits).map(drop),
        _ => unreachable!("{kind}"),
    }
}

fn read_value_kind(kind: &str, value: Value) -> Result<(), ReadError> {
    match kind {
        "CallToolResult" => read_value::<CallToolResult>(value).map(drop),
        "GetPromptResult" => read_value::<GetPromptResult>(value).map(drop),
        "ReadResourceResult" => read_value::<ReadResourceResult>(value).map(drop),
        "Tool" => read_value::<Tool>(value).map(drop),
        "Prompt" => read_value::<Prompt>(value).map(drop),
        "Resource" => read_value::<Resource>(value).map(drop),
        "ResourceTemplate" => read_value::<ResourceTemplate>(value).map(drop),
        _ => unreachable!("{kind}"),
    }
}

/// `null` where the schemas give no `null`: array elements, required fields, a block's
/// `type`; refused with the path, from bytes and from a `Value`.
#[test]
#[allow(clippy::too_many_lines)] // one table of cases
fn null_in_arrays_and_required_fields_is_refused_with_its_path() {
    let cases: &[(&str, Value, &str)] = &[
        ("CallToolResult", json!({"content": [null]}), "content[0]"),
        (
            "CallToolResult",
            json!({"content": [{"type": null, "text": "t"}]}),
            "content[0].type",
        ),
        (
            "CallToolResult",
            json!({"content": [{"type": "text", "text": null}]}),
            "content[0].text",
        ),
        (
            "CallToolResult",
            json!({"content": [{"type": "text", "text": "t", "annotations": {"audience": [null]}}]}),
            "content[0].annotations.audience[0]",
        ),
        ("CallToolResult", json!({"content": null}), "content"),
        (
            "CallToolResult",
            json!({"content": [{"type": "image", "data": null, "mimeType": "image/png"}]}),
            "content[0].data",
        ),
        (
            "CallToolResult",
            json!({"content": [{"type": "resource", "resource": {"uri": "a:b", "text": null}}]}),
            "content[0].resource.text",
        ),
        (
            "CallToolResult",
            json!({"content": [{"type": "resource_link", "uri": "a:b", "name": "n",
                "icons": [{"src": "https://e.com/i.png", "sizes": [null]}]}]}),
            "content[0].icons[0].sizes[0]",
        ),
        (
            "GetPromptResult",
            json!({"messages": [{"role": null, "content": {"type": "text", "text": "t"}}]}),
            "messages[0].role",
        ),
        (
            "GetPromptResult",
            json!({"messages": [{"role": "user", "content": null}]}),
            "messages[0].content",
        ),
        (
            "GetPromptResult",
            json!({"messages": [null]}),
            "messages[0]",
        ),
        (
            "ReadResourceResult",
            json!({"contents": [{"uri": null, "text": "t"}]}),
            "contents[0].uri",
        ),
        (
            "ReadResourceResult",
            json!({"contents": [{"uri": "a:b", "blob": null}]}),
            "contents[0].blob",
        ),
        (
            "Tool",
            json!({"name": "t", "inputSchema": null}),
            "inputSchema",
        ),
        (
            "Tool",
            json!({"name": "t", "inputSchema": {"type": "object"}, "icons": [null]}),
            "icons[0]",
        ),
        (
            "Prompt",
            json!({"name": "p", "arguments": [null]}),
            "arguments[0]",
        ),
        ("Prompt", json!({"name": null}), "name"),
        (
            "Prompt",
            json!({"name": "p", "arguments": [{"name": null}]}),
            "arguments[0].name",
        ),
        ("Resource", json!({"uri": "a:b", "name": null}), "name"),
        (
            "Resource",
            json!({"uri": "a:b", "name": "n", "annotations": {"priority": null}}),
            "annotations.priority",
        ),
        (
            "ResourceTemplate",
            json!({"uriTemplate": null, "name": "n"}),
            "uriTemplate",
        ),
    ];
    for (kind, doc, path) in cases {
        let bytes = serde_json::to_vec(doc).unwrap();
        let error = read_kind(kind, &bytes, &ReadLimits::default())
            .expect_err(&format!("{kind} {doc}: null read"));
        assert_eq!(error.path(), *path, "{kind} {doc}: {error}");
        assert!(error.detail().contains("null"), "{kind} {doc}: {error}");
        let error = read_value_kind(kind, doc.clone()).expect_err("null read from a Value");
        assert_eq!(error.path(), *path, "{kind} {doc} (Value): {error}");
    }
    // `null` as a value of free-form JSON is data: kept, and written back.
    let doc = br#"{"content":[{"type":"text","text":"t","_meta":{"k":null}}],"structuredContent":{"a":[null]},"x-unknown":null}"#;
    let result: CallToolResult = read_json(doc).unwrap();
    let written = result.to_json_for(ProtocolVersion::V2025_11_25);
    assert_eq!(
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(doc)
    );
}

/// What the spec allows, in descriptors and written for every version.
#[test]
fn what_the_spec_allows_is_read_in_descriptors_too() {
    // A date-only `lastModified` on a resource's annotations, written back unchanged for
    // every version.
    let doc = r#"{"uri":"file:///a","name":"a","annotations":{"lastModified":"2025-01-12"}}"#;
    let resource: Resource = read_json(doc.as_bytes()).unwrap();
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        assert_eq!(
            String::from_utf8(resource.to_json_for(version)).unwrap(),
            doc,
            "{version}"
        );
    }
    // Sizes in other spellings JSON Schema counts as integers.
    for (size, expected) in [
        ("2.0", 2),
        ("1.0e0", 1),
        ("10E-1", 1),
        ("0.1e1", 1),
        ("25e-1", 0),
    ] {
        let doc = format!(r#"{{"uri":"file:///a","name":"a","size":{size}}}"#);
        let read = read_json::<Resource>(doc.as_bytes());
        if size == "25e-1" {
            assert_eq!(read.expect_err(size).path(), "size", "2.5 is no integer");
        } else {
            assert_eq!(
                read.unwrap_or_else(|e| panic!("{size}: {e}")).size,
                Some(JsonInteger::from(expected))
            );
        }
    }
    // A decimal spelling at or past 2^53 is read from its text, never as its float
    // neighbour: within 64 bits as the integer it names, past them as it is spelled.
    for (size, written) in [
        ("9007199254740993.0", "9007199254740993"),
        ("9007199254740992.0", "9007199254740992"),
        ("18446744073709551616.0", "18446744073709551616.0"),
        ("1e300", "1e300"),
        ("-1.0", "-1"),
    ] {
        let doc = format!(r#"{{"uri":"file:///a","name":"a","size":{size}}}"#);
        let read = read_json::<Resource>(doc.as_bytes()).unwrap_or_else(|e| panic!("{size}: {e}"));
        assert_eq!(read.size.unwrap().to_string(), written, "{size}");
    }
    let exact: Resource =
        read_json(br#"{"uri":"file:///a","name":"a","size":9007199254740993}"#).unwrap();
    assert_eq!(
        exact.size,
        Some(JsonInteger::from(9_007_199_254_740_993_u64))
    );
    let below: Resource =
        read_json(br#"{"uri":"file:///a","name":"a","size":9007199254740991.0}"#).unwrap();
    assert_eq!(
        below.size,
        Some(JsonInteger::from(9_007_199_254_740_991_u64))
    );
    // `ttlMs` as an integer-valued decimal.
    let ttl: ReadResourceResult = read_json(br#"{"contents":[],"ttlMs":1000.0}"#).unwrap();
    assert_eq!(ttl.ttl_ms, Some(JsonInteger::from(1000_u64)));
    // `http:` icons on prompts, resources, templates and resource links.
    let icon = r#"[{"src":"http://example.com/i.png"}]"#;
    let docs = [
        ("Prompt", format!(r#"{{"name":"p","icons":{icon}}}"#)),
        (
            "Resource",
            format!(r#"{{"uri":"a:b","name":"r","icons":{icon}}}"#),
        ),
        (
            "ResourceTemplate",
            format!(r#"{{"uriTemplate":"a:{{x}}","name":"r","icons":{icon}}}"#),
        ),
        (
            "CallToolResult",
            format!(
                r#"{{"content":[{{"type":"resource_link","uri":"a:b","name":"n","icons":{icon}}}]}}"#
            ),
        ),
    ];
    let strict = ReadLimits::default().with_https_icons_only(true);
    for (kind, doc) in docs {
        read_kind(kind, doc.as_bytes(), &ReadLimits::default())
            .unwrap_or_else(|e| panic!("{kind}: {e}"));
        let error = read_kind(kind, doc.as_bytes(), &strict).expect_err(kind);
        assert_eq!(error.rule(), Some(Rule::IconSrc), "{kind}: {error}");
        assert!(error.path().ends_with("icons[0].src"), "{kind}: {error}");
    }
}

/// Quoted values in errors are cut, whichever value is quoted.
#[test]
fn error_text_is_cut_for_other_values() {
    let long = "x".repeat(1 << 20);
    let docs: Vec<(&str, &str, String)> = vec![
        (
            "a 1 MiB relative URI",
            "CallToolResult",
            format!(r#"{{"content":[{{"type":"resource_link","uri":"{long}","name":"n"}}]}}"#),
        ),
        (
            "a 1 MiB tool name",
            "Tool",
            format!(r#"{{"name":"a b{long}","inputSchema":{{"type":"object"}}}}"#),
        ),
        (
            "1 MiB of bad base64",
            "CallToolResult",
            format!(
                r#"{{"content":[{{"type":"image","data":"{long}!","mimeType":"image/png"}}]}}"#
            ),
        ),
        (
            "a 1 MiB icon theme",
            "Prompt",
            format!(r#"{{"name":"p","icons":[{{"src":"https://e.com/i","theme":"{long}"}}]}}"#),
        ),
        (
            "a 1 MiB audience",
            "Resource",
            format!(r#"{{"uri":"a:b","name":"n","annotations":{{"audience":["{long}"]}}}}"#),
        ),
        (
            "a 1 MiB lastModified",
            "CallToolResult",
            format!(
                r#"{{"content":[{{"type":"text","text":"t","annotations":{{"lastModified":"{long}"}}}}]}}"#
            ),
        ),
        (
            "a 1 MiB template",
            "ResourceTemplate",
            format!(r#"{{"uriTemplate":"a:{{{long}","name":"n"}}"#),
        ),
        (
            "a 1 MiB reserved meta key in a prompt",
            "GetPromptResult",
            format!(r#"{{"messages":[],"_meta":{{"{long}-":1}}}}"#),
        ),
        (
            "a 1 MiB duplicate unknown key",
            "ReadResourceResult",
            format!(r#"{{"contents":[],"{long}":1,"{long}":2}}"#),
        ),
        (
            // (A 1 MiB integer is a valid size, kept as read: a fraction is not.)
            "a 1 MiB fraction as a size",
            "Resource",
            format!(
                r#"{{"uri":"a:b","name":"n","size":1{}.5}}"#,
                "0".repeat(1 << 20)
            ),
        ),
    ];
    for (name, kind, doc) in docs {
        let error = read_kind(kind, doc.as_bytes(), &ReadLimits::default()).expect_err(name);
        let text = error.to_string();
        assert!(
            text.len() < 600,
            "{name}: {} bytes: {}",
            text.len(),
            &text[..600]
        );
        assert!(
            error.path().chars().count() < 200,
            "{name}: {}",
            error.path().len()
        );
    }
}

/// Encoding faults in places other than a text block and structured content.
#[test]
fn encoding_faults_are_named_everywhere() {
    let cases: &[(&str, &[u8], &str, &str)] = &[
        (
            "GetPromptResult",
            b"\xEF\xBB\xBF{\"messages\":[]}",
            ".",
            "byte order mark",
        ),
        (
            "Tool",
            b"\xEF\xBB\xBF{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"}}",
            ".",
            "byte order mark",
        ),
        (
            "Tool",
            b"{\"name\":\"t\",\"description\":\"caf\xe9\",\"inputSchema\":{\"type\":\"object\"}}",
            "description",
            "invalid UTF-8",
        ),
        (
            "CallToolResult",
            b"{\"content\":[],\"x-\xc0\xaf\":1}",
            ".",
            "invalid UTF-8",
        ),
        (
            "CallToolResult",
            br#"{"content":[],"_meta":{"com.example/\ud800":1}}"#,
            "_meta",
            "lone surrogate escape `\\ud800`",
        ),
        (
            "CallToolResult",
            br#"{"content":[],"x-unknown":"\udc00"}"#,
            "x-unknown",
            "lone surrogate escape `\\udc00`",
        ),
        (
            "CallToolResult",
            br#"{"content":[{"type":"text","text":"end \ud83d"}]}"#,
            "content[0].text",
            "lone surrogate escape `\\ud83d`",
        ),
        (
            "GetPromptResult",
            br#"{"messages":[{"role":"user","content":{"type":"text","text":"\uDBFF\u0020"}}]}"#,
            "messages[0].content.text",
            "lone surrogate escape `\\uDBFF`",
        ),
        (
            "ReadResourceResult",
            br#"{"contents":[{"uri":"a:b","text":"\udfff"}]}"#,
            "contents[0].text",
            "lone surrogate escape `\\udfff`",
        ),
        (
            "Prompt",
            b"{\"name\":\"p\",\"arguments\":[{\"name\":\"\xed\xa0\x80\"}]}",
            "arguments[0].name",
            "invalid UTF-8",
        ),
    ];
    for (kind, doc, path, detail) in cases {
        let error = read_kind(kind, doc, &ReadLimits::default()).expect_err(detail);
        assert!(
            error.path() == *path || error.path().starts_with(path),
            "{kind}: path {} for {path}: {error}",
            error.path()
        );
        assert!(error.detail().contains(detail), "{kind}: {error}");
        assert!(
            !error.detail().contains("expected value"),
            "{kind}: {error}"
        );
        assert!(!error.detail().contains("hex escape"), "{kind}: {error}");
    }
    // A surrogate pair split across an escaped and a literal character is no pair.
    let valid = "{\"content\":[{\"type\":\"text\",\"text\":\"\\udbff\\udfff \u{1F600}\"}]}";
    read_json::<CallToolResult>(valid.as_bytes()).unwrap();
}

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
            metadata: mcp_content::JsonObject::new(),
        })
    };
    let message = Message {
        role: MessageRole::User,
        content: vec![media(format!("data:audio/wav;base64,{payload}"))],
        metadata: mcp_content::JsonObject::new(),
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
        metadata: mcp_content::JsonObject::new(),
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
            metadata: mcp_content::JsonObject::new(),
        })],
        metadata: mcp_content::JsonObject::new(),
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
/// field, a prompt's `_meta`; from bytes (the `Value` form is in `reader_edges.rs`).
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
        mcp_content::UnknownBlock::new(fields.as_object().unwrap().clone()).is_err(),
        "an UnknownBlock cannot claim a known type"
    );
    let fields = json!({"type": "x-new"});
    let mut unknown = mcp_content::UnknownBlock::new(fields.as_object().unwrap().clone()).unwrap();
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
    let error = mcp_content::RawJson::parse("[1,\u{feff}2]").unwrap_err();
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
