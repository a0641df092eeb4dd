//! Normalization for gateways: nothing → `None`, something kept; schemas; reserved `_meta`
//! on egress; the dedicated `progressToken`.

use mcp_content::convert::{
    normalize::MetaEgress, normalize::ProgressToken, normalize::normalize_annotations,
    normalize::normalize_call_tool_result, normalize::normalize_meta,
    normalize::normalize_output_schema, normalize::normalize_tool,
    normalize::normalize_tool_annotations, normalize::progress_token, normalize::request_meta,
};
use mcp_content::model::{
    Annotations, EmbeddedResource, GetPromptResult, JsonObject, Meta, MetaKey, Priority,
    PromptMessage, Role, TextResourceContents, Timestamp, Tool, ToolAnnotations, Uri,
};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion};
use serde_json::{Map, Value, json};

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn reserved_meta(pairs: &[(&str, Value)]) -> Meta {
    let mut meta = Meta::new();
    for (key, value) in pairs {
        meta.insert_key(MetaKey::new(*key).unwrap(), value.clone());
    }
    meta
}

// --- annotations ---------------------------------------------------------------------

#[test]
fn annotations_that_carry_nothing_are_none() {
    assert_eq!(normalize_annotations(None), None);
    assert_eq!(normalize_annotations(Some(Annotations::new())), None);
    assert_eq!(
        normalize_annotations(Some(Annotations::new().audience([]))),
        None
    );
    let read: Annotations = serde_json::from_value(json!({})).unwrap();
    assert_eq!(normalize_annotations(Some(read)), None);
}

#[test]
fn annotations_with_only_priority_zero_are_kept() {
    let zero = Annotations::new().priority(Priority::new(0.0).unwrap());
    let kept = normalize_annotations(Some(zero.clone())).unwrap();
    assert_eq!(kept, zero);
    assert_eq!(
        serde_json::to_value(&kept).unwrap(),
        json!({"priority": 0.0})
    );

    // Read from the wire too.
    let read: Annotations = serde_json::from_value(json!({"priority": 0})).unwrap();
    assert!(normalize_annotations(Some(read)).is_some());
}

#[test]
fn every_annotation_field_is_something() {
    for annotations in [
        Annotations::new().audience([Role::User]),
        Annotations::new().last_modified(Timestamp::new("2025-01-12T15:00:58Z").unwrap()),
        serde_json::from_value(json!({"future": false})).unwrap(),
    ] {
        assert_eq!(
            normalize_annotations(Some(annotations.clone())),
            Some(annotations)
        );
    }
}

#[test]
fn an_empty_audience_is_dropped_from_kept_annotations() {
    let annotations = Annotations::new()
        .audience([])
        .priority(Priority::new(1.0).unwrap());
    let kept = normalize_annotations(Some(annotations)).unwrap();
    assert_eq!(kept.audience, None);
}

#[test]
fn tool_annotations_that_carry_nothing_are_none() {
    assert_eq!(normalize_tool_annotations(None), None);
    assert_eq!(
        normalize_tool_annotations(Some(ToolAnnotations::default())),
        None
    );
    let empty_title = ToolAnnotations {
        title: Some(String::new()),
        ..ToolAnnotations::default()
    };
    assert_eq!(normalize_tool_annotations(Some(empty_title)), None);
}

#[test]
fn a_hint_of_false_is_something() {
    for hints in [
        json!({"readOnlyHint": false}),
        json!({"destructiveHint": false}),
        json!({"idempotentHint": false}),
        json!({"openWorldHint": false}),
        json!({"title": "Search"}),
        json!({"futureHint": 0}),
    ] {
        let annotations: ToolAnnotations = serde_json::from_value(hints.clone()).unwrap();
        let kept = normalize_tool_annotations(Some(annotations)).expect("kept");
        assert_eq!(serde_json::to_value(&kept).unwrap(), hints);
    }
}

#[test]
fn meta_that_carries_nothing_is_none() {
    assert_eq!(normalize_meta(None), None);
    assert_eq!(normalize_meta(Some(Meta::new())), None);
    let mut meta = Meta::new();
    meta.insert("com.example/zero", 0).unwrap();
    assert_eq!(normalize_meta(Some(meta.clone())), Some(meta));
}

// --- schemas -------------------------------------------------------------------------

fn rich_input_schema() -> Map<String, Value> {
    object(json!({
        "type": "object",
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": {"unit": {"enum": ["C", "F"]}},
        "properties": {
            "city": {"type": "string", "minLength": 1},
            "unit": {"$ref": "#/$defs/unit"}
        },
        "required": [],
        "additionalProperties": false,
        "x-vendor": {"keep": true}
    }))
}

#[test]
fn input_schemas_pass_through_untouched() {
    let mut tool = Tool::new("weather".parse().unwrap());
    tool.input_schema = rich_input_schema().into();
    let normalized = normalize_tool(tool);
    assert_eq!(normalized.input_schema, rich_input_schema());

    // And through JSON, as a gateway relays it.
    let json = serde_json::to_value(&normalized).unwrap();
    assert_eq!(json["inputSchema"], Value::Object(rich_input_schema()));
    let read: Tool = serde_json::from_value(json).unwrap();
    assert_eq!(normalize_tool(read).input_schema, rich_input_schema());
}

#[test]
fn input_schema_without_type_is_untouched_too() {
    let mut tool = Tool::new("t".parse().unwrap());
    tool.input_schema = object(json!({"properties": {}})).into();
    assert_eq!(
        normalize_tool(tool).input_schema,
        object(json!({"properties": {}}))
    );
}

#[test]
fn output_schema_without_a_type_is_none() {
    assert_eq!(normalize_output_schema(None), None);
    assert_eq!(normalize_output_schema(Some(JsonObject::new())), None);
    assert_eq!(
        normalize_output_schema(Some(
            object(json!({"properties": {"a": {"type": "string"}}})).into()
        )),
        None
    );
    assert_eq!(
        normalize_output_schema(Some(object(json!({"type": null})).into())),
        None
    );
    let typed = JsonObject::from(object(
        json!({"type": "object", "properties": {}, "required": []}),
    ));
    assert_eq!(normalize_output_schema(Some(typed.clone())), Some(typed));
    let union = JsonObject::from(object(json!({"type": ["object", "null"]})));
    assert_eq!(normalize_output_schema(Some(union.clone())), Some(union));
}

#[test]
fn normalize_tool_touches_only_annotations_and_output_schema() {
    let tool: Tool = serde_json::from_value(json!({
        "name": "t",
        "title": "T",
        "inputSchema": {"type": "object"},
        "outputSchema": {"properties": {}},
        "annotations": {},
        "_meta": {"com.example/k": 1},
        "x-extra": true
    }))
    .unwrap();
    let normalized = normalize_tool(tool);
    assert_eq!(
        serde_json::to_value(&normalized).unwrap(),
        json!({
            "name": "t",
            "title": "T",
            "inputSchema": {"type": "object"},
            "_meta": {"com.example/k": 1},
            "x-extra": true
        })
    );
}

#[test]
fn normalize_call_tool_result_clears_empty_block_annotations() {
    let mut empty = ContentBlock::text("a");
    empty.set_annotations(Some(Annotations::new()));
    let mut zero = ContentBlock::text("b");
    zero.set_annotations(Some(
        Annotations::new().priority(Priority::new(0.0).unwrap()),
    ));
    let result = normalize_call_tool_result(CallToolResult::new(vec![empty, zero]));
    assert_eq!(result.content[0].annotations(), None);
    assert!(result.content[1].annotations().is_some());
}

// --- reserved `_meta` on egress ------------------------------------------------------

#[test]
fn reserved_keys_are_stripped_user_keys_kept() {
    let mut meta = reserved_meta(&[
        (
            "io.modelcontextprotocol/related-task",
            json!({"taskId": "1"}),
        ),
        ("dev.mcp/x", json!(1)),
        ("com.example/trace", json!("t")),
        ("com.example.mcp/x", json!(2)),
        ("progressToken", json!(5)),
    ]);
    MetaEgress::new(ProtocolVersion::LATEST).strip(&mut meta);
    let mut keys: Vec<String> = meta.iter().map(|(k, _)| k.into_owned()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["com.example.mcp/x", "com.example/trace", "progressToken"]
    );
}

#[test]
fn pass_through_list_keeps_exact_keys_and_prefixes() {
    let egress = MetaEgress::default()
        .pass_through("io.modelcontextprotocol/related-task")
        .pass_through("dev.mcp/");
    let mut meta = reserved_meta(&[
        ("io.modelcontextprotocol/related-task", json!(1)),
        ("io.modelcontextprotocol/related-taskx", json!(2)),
        ("io.modelcontextprotocol/other", json!(3)),
        ("dev.mcp/a", json!(4)),
        ("dev.mcp/b", json!(5)),
    ]);
    egress.strip(&mut meta);
    let mut keys: Vec<String> = meta.iter().map(|(k, _)| k.into_owned()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "dev.mcp/a",
            "dev.mcp/b",
            "io.modelcontextprotocol/related-task"
        ]
    );
}

#[test]
fn the_peer_version_decides_what_is_reserved() {
    // Under 2025-06-18 any label before the last may reserve; later versions look at the second.
    assert!(MetaEgress::new(ProtocolVersion::V2025_06_18).is_stripped("mcp.dev/x"));
    assert!(!MetaEgress::new(ProtocolVersion::V2025_11_25).is_stripped("mcp.dev/x"));
    assert!(MetaEgress::new(ProtocolVersion::V2025_11_25).is_stripped("io.modelcontextprotocol/x"));
}

#[test]
fn every_meta_of_a_tool_result_is_stripped() {
    let mut contents = TextResourceContents::new(Uri::new("file:///a").unwrap(), "a");
    contents.meta = reserved_meta(&[
        ("io.modelcontextprotocol/inner", json!(1)),
        ("com.example/k", json!(1)),
    ]);
    let mut embedded = EmbeddedResource::new(contents);
    embedded.meta = reserved_meta(&[("io.modelcontextprotocol/block", json!(1))]);
    let unknown: ContentBlock =
        serde_json::from_value(json!({"type": "video", "_meta": {"io.modelcontextprotocol/x": 1}}))
            .unwrap();
    let mut result = CallToolResult::new(vec![embedded.into(), unknown.clone()]);
    result.meta = reserved_meta(&[
        ("io.modelcontextprotocol/related-task", json!(1)),
        ("io.modelcontextprotocol/result", json!(2)),
    ]);
    MetaEgress::default()
        .pass_through("io.modelcontextprotocol/related-task")
        .strip_call_tool_result(&mut result);
    assert_eq!(
        serde_json::to_value(&result).unwrap(),
        json!({
            "content": [
                {"type": "resource", "resource": {"uri": "file:///a", "text": "a", "_meta": {"com.example/k": 1}}},
                {"type": "video", "_meta": {"io.modelcontextprotocol/x": 1}}
            ],
            "_meta": {"io.modelcontextprotocol/related-task": 1},
            "resultType": "complete"
        })
    );
}

#[test]
fn prompt_results_and_tools_are_stripped() {
    let mut message = PromptMessage::new(Role::User, "hi");
    *message.content.meta_mut().unwrap() =
        reserved_meta(&[("io.modelcontextprotocol/x", json!(1))]);
    let mut result = GetPromptResult::new(vec![message]);
    result.meta = reserved_meta(&[("io.modelcontextprotocol/y", json!(1))]);
    MetaEgress::default().strip_get_prompt_result(&mut result);
    assert!(result.meta.is_empty());
    assert!(result.messages[0].content.meta().unwrap().is_empty());

    let mut tool = Tool::new("t".parse().unwrap());
    tool.meta = reserved_meta(&[
        ("io.modelcontextprotocol/ui", json!(1)),
        ("com.example/k", json!(2)),
    ]);
    MetaEgress::default().strip_tool(&mut tool);
    assert_eq!(tool.meta.len(), 1);
}

// --- progressToken -------------------------------------------------------------------

#[test]
fn the_dedicated_token_is_params_meta_progress_token() {
    let params = object(json!({
        "name": "slow",
        "arguments": {"progressToken": "from-arguments"},
        "progressToken": "from-params",
        "_meta": {"progressToken": "dedicated", "com.example/k": 1}
    }));
    assert_eq!(
        progress_token(&params),
        Some(ProgressToken::from("dedicated"))
    );
    let integer = object(json!({"_meta": {"progressToken": 7}}));
    assert_eq!(progress_token(&integer), Some(ProgressToken::from(7)));
}

#[test]
fn a_token_smuggled_elsewhere_is_never_the_dedicated_one() {
    for params in [
        json!({"name": "slow", "arguments": {"progressToken": "a"}}),
        json!({"name": "slow", "progressToken": "b"}),
        json!({"name": "slow", "_meta": {"com.example/progressToken": "c"}}),
        json!({"name": "slow", "_meta": {"progressToken": {"nested": 1}}}),
        json!({"name": "slow", "_meta": {"progressToken": true}}),
        json!({"name": "slow", "_meta": {"progressToken": 1.5}}),
        json!({"name": "slow", "_meta": {"progressToken": null}}),
        json!({"name": "slow", "_meta": "not an object"}),
    ] {
        assert_eq!(progress_token(&object(params.clone())), None, "{params}");
    }
}

#[test]
fn the_dedicated_token_wins_when_meta_is_forwarded() {
    let fields = object(json!({"progressToken": "smuggled", "com.example/trace": "t1"}));
    let meta = request_meta(Some(&ProgressToken::from("dedicated")), fields.clone());
    assert_eq!(
        Value::Object(meta),
        json!({"com.example/trace": "t1", "progressToken": "dedicated"})
    );
    // Without a dedicated token, a smuggled one is dropped rather than promoted.
    assert_eq!(
        Value::Object(request_meta(None, fields)),
        json!({"com.example/trace": "t1"})
    );
    assert_eq!(
        Value::Object(request_meta(Some(&ProgressToken::from(3)), Map::new())),
        json!({"progressToken": 3})
    );
}

#[test]
fn progress_tokens_serialize_as_the_spec_types() {
    assert_eq!(
        serde_json::to_value(ProgressToken::from("a")).unwrap(),
        json!("a")
    );
    assert_eq!(
        serde_json::to_value(ProgressToken::from(-1)).unwrap(),
        json!(-1)
    );
    let big: ProgressToken = serde_json::from_value(json!(u64::MAX)).unwrap();
    assert_eq!(serde_json::to_value(big).unwrap(), json!(u64::MAX));
    let err = serde_json::from_value::<ProgressToken>(json!(1.5)).unwrap_err();
    assert!(err.to_string().contains("(rule: type)"), "{err}");
}
