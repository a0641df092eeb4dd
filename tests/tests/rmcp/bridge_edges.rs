//! The rmcp bridge at edges `rmcp/bridge.rs` does not walk: an `extra` key that names one of
//! its owner's own fields, for every convertible type, standalone and nested at every depth,
//! for every protocol version (refused with its path, never dropped); rmcp's `f32`
//! priorities at other values and depths; unknown blocks and unknown fields in prompt
//! messages and resource contents; numbers rmcp's `Value` cannot hold; what crosses
//! unchanged (`_meta` and structured content of other shapes, open result types); every
//! `f32` priority over `0..=1` both ways; the depth `from_rmcp` takes; conversion errors cut
//! like read errors; `lastModified` forms and input schemas across the bridge.

// Priorities are compared exactly: exactness is what these tests are about.
#![allow(clippy::float_cmp)]

use mcp_content::model::{
    Annotations, GetPromptResult, Icon, Prompt, PromptArgument, PromptMessage, ReadResourceResult,
    Resource, ResourceContents, ResourceTemplate, Role, Tool, ToolAnnotations,
};
use mcp_content::rmcp::RmcpModel;
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, read_json};
use serde_json::{Value, json};

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

#[track_caller]
fn shadow_refused<T: RmcpModel>(value: &T, path: &str, type_name: &str) -> usize {
    let mut cases = 0;
    for version in VERSIONS {
        let Err(error) = value.to_rmcp_for(version) else {
            panic!("{version}: converted, dropping the shadowing extra key at {path}");
        };
        assert_eq!(error.path(), path, "{version}: {error}");
        assert!(
            error
                .message()
                .contains(&format!("is a field of {type_name}")),
            "{version}: {error}"
        );
        assert!(error.message().contains("drop"), "{error}");
        cases += 1;
    }
    cases
}

fn read<T: serde::de::DeserializeOwned>(doc: &Value) -> T {
    read_json(&serde_json::to_vec(doc).unwrap()).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

fn text_block(block: &mut ContentBlock) -> &mut mcp_content::model::TextContent {
    match block {
        ContentBlock::Text(text) => text,
        other => panic!("not text: {other:?}"),
    }
}

/// Every convertible type with `extra`, a shadowing key at the root and nested, in
/// containers `rmcp/bridge.rs` and `model/extra_shadowing.rs` do not use.
#[test]
fn a_shadowing_extra_key_is_refused_by_to_rmcp_at_every_depth() {
    let mut cases = 0;

    // A prompt message's block, inside a prompt result.
    let mut prompt: GetPromptResult = read(&json!({"messages": [
        {"role": "user", "content": {"type": "text", "text": "a"}},
        {"role": "assistant", "content": {"type": "text", "text": "b"}},
    ]}));
    text_block(&mut prompt.messages[1].content)
        .extra
        .insert("text", json!("c"));
    cases += shadow_refused(&prompt, "messages[1].content.text", "TextContent");
    // The message alone, and its block alone.
    let message = prompt.messages[1].clone();
    cases += shadow_refused(&message, "content.text", "TextContent");
    cases += shadow_refused(&message.content, "text", "TextContent");

    // A prompt result's own field.
    let mut prompt: GetPromptResult = read(&json!({"messages": []}));
    prompt.extra.insert("messages", json!([]));
    cases += shadow_refused(&prompt, "messages", "GetPromptResult");

    // Resource contents: a text contents claiming a blob, a blob contents claiming a text.
    let mut contents: ReadResourceResult = read(&json!({"contents": [
        {"uri": "file:///a", "text": "a"},
        {"uri": "file:///b", "blob": "AAAA"},
    ]}));
    let mut second = contents.clone();
    if let ResourceContents::Text(text) = &mut contents.contents[0] {
        text.extra.insert("blob", json!("AAAA"));
    }
    cases += shadow_refused(&contents, "contents[0].blob", "TextResourceContents");
    cases += shadow_refused(&contents.contents[0], "blob", "TextResourceContents");
    if let ResourceContents::Blob(blob) = &mut second.contents[1] {
        blob.extra.insert("mimeType", json!("text/plain"));
    }
    cases += shadow_refused(&second, "contents[1].mimeType", "BlobResourceContents");
    let mut read_result: ReadResourceResult = read(&json!({"contents": []}));
    read_result.extra.insert("contents", json!([]));
    cases += shadow_refused(&read_result, "contents", "ReadResourceResult");

    // An embedded resource's inner contents and a resource link's annotations, in a tool
    // result.
    let mut result: CallToolResult = read(&json!({"content": [
        {"type": "resource", "resource": {"uri": "file:///a", "text": "a"}},
        {"type": "resource_link", "uri": "file:///b", "name": "b",
         "annotations": {"audience": ["user"]}},
    ]}));
    let mut linked = result.clone();
    if let ContentBlock::Resource(embedded) = &mut result.content[0]
        && let ResourceContents::Text(text) = &mut embedded.resource
    {
        text.extra.insert("uri", json!("file:///other"));
    }
    cases += shadow_refused(&result, "content[0].resource.uri", "TextResourceContents");
    if let ContentBlock::ResourceLink(link) = &mut linked.content[1] {
        link.annotations
            .as_mut()
            .unwrap()
            .extra
            .insert("audience", json!(["assistant"]));
    }
    cases += shadow_refused(&linked, "content[1].annotations.audience", "Annotations");

    // Standalone annotations and icons (the "plain" conversions).
    let mut annotations = Annotations::new();
    annotations
        .extra
        .insert("lastModified", json!("2025-01-12"));
    cases += shadow_refused(&annotations, "lastModified", "Annotations");
    let mut icon = Icon::new("https://example.com/i.png").unwrap();
    icon.extra.insert("theme", json!("dark"));
    cases += shadow_refused(&icon, "theme", "Icon");

    // Descriptors: a tool's own field, its annotations, its icon; a prompt's argument; a
    // resource and a template.
    let mut tool: Tool = read(&json!({"name": "t", "inputSchema": {"type": "object"},
        "annotations": {"title": "T"}, "icons": [{"src": "https://example.com/i.png"}]}));
    let mut tool_icon = tool.clone();
    let mut tool_own = tool.clone();
    tool.annotations
        .as_mut()
        .unwrap()
        .extra
        .insert("readOnlyHint", json!(true));
    cases += shadow_refused(&tool, "annotations.readOnlyHint", "ToolAnnotations");
    let mut tool_annotations = ToolAnnotations::default();
    tool_annotations.extra.insert("openWorldHint", json!(false));
    cases += shadow_refused(&tool_annotations, "openWorldHint", "ToolAnnotations");
    tool_icon.icons[0].extra.insert("sizes", json!(["48x48"]));
    cases += shadow_refused(&tool_icon, "icons[0].sizes", "Icon");
    // `outputSchema` is absent: the shadowing entry would be the only one, and still
    // never written.
    tool_own
        .extra
        .insert("outputSchema", json!({"type": "object"}));
    cases += shadow_refused(&tool_own, "outputSchema", "Tool");

    let mut prompt: Prompt = read(&json!({"name": "p", "arguments": [{"name": "a"}]}));
    let arguments = prompt.arguments.as_mut().unwrap();
    arguments[0].extra.insert("required", json!(true));
    let argument: PromptArgument = arguments[0].clone();
    cases += shadow_refused(&prompt, "arguments[0].required", "PromptArgument");
    cases += shadow_refused(&argument, "required", "PromptArgument");
    let mut prompt: Prompt = read(&json!({"name": "p"}));
    prompt.extra.insert("name", json!("q"));
    cases += shadow_refused(&prompt, "name", "Prompt");

    let mut resource: Resource = read(&json!({"uri": "file:///a", "name": "a"}));
    resource.extra.insert("size", json!(3));
    cases += shadow_refused(&resource, "size", "Resource");
    let mut template: ResourceTemplate = read(&json!({"uriTemplate": "file:///{x}", "name": "a"}));
    template.extra.insert("uriTemplate", json!("file:///{y}"));
    cases += shadow_refused(&template, "uriTemplate", "ResourceTemplate");

    // A field the version written does not have (icons before 2025-11-25) is refused too:
    // it is dropped whatever the version.
    let mut resource: Resource = read(&json!({"uri": "file:///a", "name": "a"}));
    resource.extra.insert("icons", json!([]));
    cases += shadow_refused(&resource, "icons", "Resource");

    assert_eq!(cases, 66);
}

/// Without the shadowing key, every value above converts and comes back equal: the refusal
/// is about the key, not the value.
#[test]
fn the_same_values_without_the_key_convert() {
    let prompt: GetPromptResult = read(&json!({"messages": [
        {"role": "assistant", "content": {"type": "text", "text": "b"}},
    ]}));
    let back = GetPromptResult::from_rmcp(&prompt.to_rmcp().unwrap()).unwrap();
    assert_eq!(back.messages, prompt.messages);
    let contents: ReadResourceResult = read(&json!({"contents": [
        {"uri": "file:///a", "text": "a"}, {"uri": "file:///b", "blob": "AAAA"},
    ]}));
    let back = ReadResourceResult::from_rmcp(&contents.to_rmcp().unwrap()).unwrap();
    assert_eq!(back.contents, contents.contents);
    let tool: Tool = read(&json!({"name": "t", "inputSchema": {"type": "object"},
        "annotations": {"title": "T"}, "icons": [{"src": "https://example.com/i.png"}]}));
    assert_eq!(Tool::from_rmcp(&tool.to_rmcp().unwrap()).unwrap(), tool);
}

/// rmcp's `f32` priorities come back as their shortest decimal at other values and in other
/// places than a tool result's block: a prompt message, a resource, standalone.
#[test]
fn rmcp_priorities_come_back_short_everywhere() {
    for value in [0.3_f32, 0.7, 0.9, 0.01, 0.333, 1.0, 0.0, 0.5] {
        let expected: f64 = value.to_string().parse().unwrap();
        let annotations = rmcp::model::Annotations::default().with_priority(value);
        let ours = Annotations::from_rmcp(&annotations).unwrap();
        assert_eq!(ours.priority.unwrap().get(), expected, "{value}");

        let mut resource = rmcp::model::Resource::new("file:///a", "a");
        resource.annotations = Some(annotations.clone());
        let ours = Resource::from_rmcp(&resource).unwrap();
        assert_eq!(
            ours.annotations.unwrap().priority.unwrap().get(),
            expected,
            "{value}"
        );

        // rmcp reads the priority into its `f32`.
        let theirs: rmcp::model::GetPromptResult = serde_json::from_value(json!({"messages": [
            {"role": "user", "content": {"type": "text", "text": "t",
             "annotations": {"priority": value}}},
        ]}))
        .unwrap();
        let ours = GetPromptResult::from_rmcp(&theirs).unwrap();
        let priority = ours.messages[0]
            .content
            .annotations()
            .unwrap()
            .priority
            .unwrap()
            .get();
        assert_eq!(priority, expected, "{value}");
        // And back to rmcp unchanged.
        let again = ours.to_rmcp().unwrap();
        assert_eq!(
            serde_json::to_value(&again).unwrap()["messages"][0]["content"]["annotations"],
            serde_json::to_value(&theirs).unwrap()["messages"][0]["content"]["annotations"],
        );
    }
}

type Convert = Box<dyn Fn() -> Result<(), mcp_content::rmcp::ConvertError>>;

/// Unknown fields in places `rmcp/bridge.rs` does not try: the inner contents of a read
/// result, a prompt message itself, an icon of a prompt.
#[test]
fn unknown_fields_in_other_places_are_refused_with_their_path() {
    let cases: [(&str, Convert); 4] = [
        (
            "contents[1].x-etag",
            Box::new(|| {
                read::<ReadResourceResult>(&json!({"contents": [
                    {"uri": "file:///a", "text": "a"},
                    {"uri": "file:///b", "blob": "AAAA", "x-etag": "\"1\""},
                ]}))
                .to_rmcp()
                .map(drop)
            }),
        ),
        (
            "messages[0].x-turn",
            Box::new(|| {
                read::<GetPromptResult>(&json!({"messages": [
                    {"role": "user", "content": {"type": "text", "text": "a"}, "x-turn": 3},
                ]}))
                .to_rmcp()
                .map(drop)
            }),
        ),
        (
            "icons[0].x-alt",
            Box::new(|| {
                read::<Prompt>(&json!({"name": "p",
                    "icons": [{"src": "https://example.com/i.png", "x-alt": "i"}]}))
                .to_rmcp()
                .map(drop)
            }),
        ),
        (
            "content[0].resource.x-v",
            Box::new(|| {
                read::<CallToolResult>(&json!({"content": [
                    {"type": "resource", "resource": {"uri": "a:b", "blob": "", "x-v": [1]}},
                ]}))
                .to_rmcp()
                .map(drop)
            }),
        ),
    ];
    for (path, convert) in cases {
        let error = convert().expect_err(path);
        assert_eq!(error.path(), path, "{error}");
        assert!(error.message().contains("unknown field"), "{error}");
    }
}

/// An unknown block in a prompt result written for an older version, and as a message's
/// content alone.
#[test]
fn an_unknown_block_in_a_prompt_is_refused_for_every_version() {
    let prompt: GetPromptResult = read(&json!({"messages": [
        {"role": "user", "content": {"type": "text", "text": "a"}},
        {"role": "user", "content": {"data": "x", "type": "x-video"}},
    ]}));
    for version in VERSIONS {
        let error = prompt.to_rmcp_for(version).unwrap_err();
        assert_eq!(error.path(), "messages[1].content.type", "{version}");
        assert!(error.message().contains("\"x-video\""), "{error}");
    }
}

/// `_meta` and structured content of shapes rmcp's `Value` holds exactly cross unchanged.
#[test]
fn meta_and_structured_content_of_other_shapes_cross_unchanged() {
    let doc = json!({"content": [],
        "structuredContent": [null, true, "s", {"": {}}, [], -5, 18_446_744_073_709_551_615_u64],
        "_meta": {"com.example/x": {"nested": [{"type": "text"}]}, "k": null}});
    let ours: CallToolResult = read(&doc);
    let back = CallToolResult::from_rmcp(&ours.to_rmcp().unwrap()).unwrap();
    assert_eq!(back.structured_content, ours.structured_content);
    assert_eq!(back.meta, ours.meta);
    let prompt: GetPromptResult = read(&json!({"messages": [], "_meta": {"a.b/c": 0.5}}));
    let back = GetPromptResult::from_rmcp(&prompt.to_rmcp().unwrap()).unwrap();
    assert_eq!(back.meta, prompt.meta);
}

/// A number rmcp's `serde_json::Value` cannot hold (an integer beyond 64 bits, a decimal
/// with more digits than an `f64`) is refused with its path, in every free-form place; a
/// number it holds exactly in another spelling crosses.
#[test]
fn numbers_rmcp_would_round_are_refused_with_their_path() {
    let refused: [(&str, &str); 5] = [
        (
            r#"{"content":[],"structuredContent":{"id":123456789012345678901234567890}}"#,
            "structuredContent.id",
        ),
        (
            r#"{"content":[],"_meta":{"com.example/n":[1,-99999999999999999999]}}"#,
            "_meta.com.example/n[1]",
        ),
        (
            r#"{"content":[],"structuredContent":{"p":0.30000000000000001}}"#,
            "structuredContent.p",
        ),
        (
            r#"{"content":[{"type":"text","text":"t","_meta":{"k":18446744073709551616}}]}"#,
            "content[0]._meta.k",
        ),
        (
            r#"{"content":[],"x":1}"#.replace("\"x\":1", "\"structuredContent\":[1e-400]").leak(),
            "structuredContent[0]",
        ),
    ];
    for (doc, path) in refused {
        let ours: CallToolResult =
            read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let error = ours.to_rmcp().expect_err(doc);
        assert_eq!(error.path(), path, "{error}");
        assert!(error.message().contains("no exact form"), "{error}");
    }
    let tool =
        br#"{"name":"t","inputSchema":{"type":"object","maximum":123456789012345678901234567}}"#;
    let tool: Tool = read_json(tool).unwrap();
    assert_eq!(tool.to_rmcp().unwrap_err().path(), "inputSchema.maximum");

    // Held exactly: other spellings of values a `Value` holds.
    for number in [
        "1E2",
        "-0",
        "1.0",
        "1e-7",
        "1.50",
        "18446744073709551615",
        "-9223372036854775808",
        "0.1",
    ] {
        let doc = format!(r#"{{"content":[],"structuredContent":{{"n":{number}}}}}"#);
        let ours: CallToolResult = read_json(doc.as_bytes()).unwrap();
        let theirs = ours.to_rmcp().unwrap_or_else(|e| panic!("{number}: {e}"));
        let held = &theirs.structured_content.as_ref().unwrap()["n"];
        let expected: Value = serde_json::from_str(number).unwrap();
        assert_eq!(*held, expected, "{number}");
    }
}

/// A role converts both ways (the one type with no `extra`).
#[test]
fn roles_convert_both_ways() {
    for role in [Role::User, Role::Assistant] {
        assert_eq!(Role::from_rmcp(&role.to_rmcp().unwrap()).unwrap(), role);
    }
    let message = PromptMessage::new(Role::Assistant, "hi");
    assert_eq!(
        PromptMessage::from_rmcp(&message.to_rmcp().unwrap()).unwrap(),
        message
    );
}

/// rmcp's `f32` priorities across the whole of `0..=1`, thousands of them spread over the
/// bit patterns (subnormals, values near 0 and 1, every exponent): each comes back as the
/// shortest decimal that reads as the same `f32` (its `Display`), and crosses back to rmcp
/// as the same bits; written by us, the JSON holds that decimal.
#[test]
fn every_f32_priority_crosses_as_its_shortest_decimal_both_ways() {
    let one = 1.0_f32.to_bits();
    let mut cases = 0;
    let mut bits = 0_u32;
    while bits <= one {
        let value = f32::from_bits(bits);
        let annotations = rmcp::model::Annotations::default().with_priority(value);
        let ours = Annotations::from_rmcp(&annotations).unwrap_or_else(|e| panic!("{value}: {e}"));
        let priority = ours.priority.unwrap().get();
        let shortest: f64 = value.to_string().parse().unwrap();
        assert_eq!(priority.to_bits(), shortest.to_bits(), "{value:e}");
        let back = ours.to_rmcp().unwrap_or_else(|e| panic!("{value:e}: {e}"));
        assert_eq!(back.priority.unwrap().to_bits(), bits, "{value:e}");
        let written = serde_json::to_value(&ours).unwrap();
        assert_eq!(
            written["priority"].as_f64().unwrap().to_bits(),
            shortest.to_bits()
        );
        cases += 1;
        // About 4,000 values, with 0, the smallest subnormal and 1 among them.
        bits = match bits {
            0 => 1,
            b if b >= one => break,
            b => (b + 0x0004_0000 + b % 7919).min(one),
        };
    }
    assert!(cases > 3_000, "{cases}");
}

/// `from_rmcp` applies no untrusted-input limit to the free-form JSON of a value built in
/// this process (structured content, `_meta` values, schemas): 100 levels convert (the
/// default read limit is 64). Past the JSON parser's 128 levels, which no reader of this
/// crate or of rmcp passes, the value is refused with its path and rule, never cut short.
#[test]
fn from_rmcp_takes_free_form_json_to_the_parsers_depth_and_names_what_is_deeper() {
    let nested = |depth: usize| {
        let mut deep = json!(1);
        for _ in 0..depth {
            deep = json!([deep]);
        }
        deep
    };
    let structured = |deep: &Value| rmcp::model::CallToolResult::structured(deep.clone());
    let meta = |deep: &Value| {
        let mut meta = rmcp::model::MetaObject(serde_json::Map::new());
        meta.0.insert("com.example/deep".into(), deep.clone());
        let mut theirs = rmcp::model::CallToolResult::success(vec![]);
        theirs.meta = Some(meta);
        theirs
    };
    let deep = nested(100);
    let ours = CallToolResult::from_rmcp(&structured(&deep)).unwrap();
    assert_eq!(ours.structured_content, Some(deep.clone().into()));
    assert_eq!(
        ours.to_rmcp().unwrap().structured_content,
        Some(deep.clone())
    );
    let ours = CallToolResult::from_rmcp(&meta(&deep)).unwrap();
    assert_eq!(ours.meta.get_value("com.example/deep"), Some(deep.clone()));
    let schema = json!({"type": "object", "properties": {"a": {"default": deep}}});
    let tool = rmcp::model::Tool::new(
        "t",
        "d",
        std::sync::Arc::new(schema.as_object().unwrap().clone()),
    );
    let ours = Tool::from_rmcp(&tool).unwrap();
    assert_eq!(Value::Object(ours.input_schema.to_map()), schema);
    for depth in [128, 200] {
        let deep = nested(depth);
        for (what, result) in [
            ("structured", CallToolResult::from_rmcp(&structured(&deep))),
            ("meta", CallToolResult::from_rmcp(&meta(&deep))),
        ] {
            let error = result.unwrap_err();
            assert!(
                error.path().starts_with("structuredContent[0]")
                    || error.path().starts_with("_meta.com.example/deep[0]"),
                "{what} {depth}: {error}"
            );
            assert!(
                error.message().contains("127 levels"),
                "{what} {depth}: {error}"
            );
        }
    }
}

/// A conversion error names a path and quotes values as the reader's errors do: cut to 80
/// characters, whatever the length of the key or value.
#[test]
fn conversion_errors_are_cut_like_read_errors() {
    let long = "k".repeat(100_000);
    let mut ours = CallToolResult::text("x");
    ours.extra.insert(long.clone(), json!(1));
    let error = ours.to_rmcp().unwrap_err();
    assert_eq!(error.path(), format!("{}…", &long[..80]));
    assert!(
        error.to_string().len() < 300,
        "{} bytes",
        error.to_string().len()
    );
    // A key of many short segments is cut too: `a.b.c…` is one key, not a path.
    let mut meta = rmcp::model::MetaObject(serde_json::Map::new());
    meta.0.insert(format!("bad key {long}"), json!(1));
    let mut theirs = rmcp::model::CallToolResult::success(vec![]);
    theirs.meta = Some(meta);
    let error = CallToolResult::from_rmcp(&theirs).unwrap_err();
    assert!(
        error.to_string().len() < 400,
        "{} bytes",
        error.to_string().len()
    );
}

/// `lastModified` in the ISO 8601 forms we read crosses rmcp (a string there) unchanged;
/// a tool whose rmcp input schema has no `"type": "object"` is refused with the path, as a
/// peer's would be.
#[test]
fn what_rmcp_holds_as_text_crosses_unchanged_and_bad_schemas_are_named() {
    for last_modified in [
        "2025",
        "2025-01",
        "2025-01-12",
        "2025-W02-7",
        "2025-01-12T10Z",
    ] {
        let mut annotations = rmcp::model::Annotations::default();
        annotations.last_modified = Some(last_modified.to_owned());
        let ours = Annotations::from_rmcp(&annotations).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ours.last_modified.as_ref().unwrap().as_str(), last_modified);
        let back = ours.to_rmcp().unwrap();
        assert_eq!(back.last_modified.as_deref(), Some(last_modified));
    }
    let tool = rmcp::model::Tool::new("t", "d", std::sync::Arc::new(serde_json::Map::new()));
    let error = Tool::from_rmcp(&tool).unwrap_err();
    assert_eq!(error.path(), "inputSchema.type", "{error}");
}

/// rmcp can hold a NaN or infinite `f32` priority (which `serde_json` writes as `null`):
/// `from_rmcp` names it as such, with its path and rule, not as a `null` to leave out.
#[test]
fn a_priority_rmcp_holds_as_nan_or_infinity_is_named() {
    for value in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let mut annotations = rmcp::model::Annotations::default();
        annotations.priority = Some(value);
        let error = Annotations::from_rmcp(&annotations).unwrap_err();
        assert_eq!(error.path(), "priority", "{error}");
        assert!(error.message().contains("not a finite number"), "{error}");
        assert!(error.message().ends_with("(rule: priority)"), "{error}");

        let mut text = rmcp::model::TextContent::new("t");
        text.annotations = Some(annotations);
        let theirs = rmcp::model::CallToolResult::success(vec![
            rmcp::model::ContentBlock::text("a"),
            rmcp::model::ContentBlock::Text(text),
        ]);
        let error = CallToolResult::from_rmcp(&theirs).unwrap_err();
        assert_eq!(error.path(), "content[1].annotations.priority", "{error}");
        assert!(error.message().contains("not a finite number"), "{error}");
    }
}
