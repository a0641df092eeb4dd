//! A sweep of the wire classes over every member of every model type, and the edges the
//! other files do not walk: `null` in each member of a document with every optional field
//! present (one rule, one message, one rule name, from bytes and from a `Value`); ISO 8601
//! forms of `lastModified`; error text for numbers far out of range; a tool's input schema
//! that no version allows; the icons of typed `_meta` values. JSON text that no reader takes
//! back, paths and quotations of `validate()` and the conversions, and the multi round-trip
//! fields are in `wire/text_and_paths.rs`.

use mcp_content::model::{
    GetPromptResult, MetaKey, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool,
};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with, read_value, read_value_with};
use mcp_content::{CallToolResult, ProtocolVersion, ReadError, SerializeFor, Validate, read_json};
use serde_json::{Value, json};

fn read_kind(kind: &str, bytes: &[u8]) -> Result<(), ReadError> {
    let limits = ReadLimits::default();
    match kind {
        "CallToolResult" => read_json_with::<CallToolResult>(bytes, &limits).map(drop),
        "GetPromptResult" => read_json_with::<GetPromptResult>(bytes, &limits).map(drop),
        "ReadResourceResult" => read_json_with::<ReadResourceResult>(bytes, &limits).map(drop),
        "Tool" => read_json_with::<Tool>(bytes, &limits).map(drop),
        "Prompt" => read_json_with::<Prompt>(bytes, &limits).map(drop),
        "Resource" => read_json_with::<Resource>(bytes, &limits).map(drop),
        "ResourceTemplate" => read_json_with::<ResourceTemplate>(bytes, &limits).map(drop),
        _ => unreachable!("{kind}"),
    }
}
fn read_value_kind(kind: &str, value: Value) -> Result<(), ReadError> {
    let limits = ReadLimits::default();
    match kind {
        "CallToolResult" => read_value_with::<CallToolResult>(value, &limits).map(drop),
        "GetPromptResult" => read_value_with::<GetPromptResult>(value, &limits).map(drop),
        "ReadResourceResult" => read_value_with::<ReadResourceResult>(value, &limits).map(drop),
        "Tool" => read_value_with::<Tool>(value, &limits).map(drop),
        "Prompt" => read_value_with::<Prompt>(value, &limits).map(drop),
        "Resource" => read_value_with::<Resource>(value, &limits).map(drop),
        "ResourceTemplate" => read_value_with::<ResourceTemplate>(value, &limits).map(drop),
        _ => unreachable!("{kind}"),
    }
}

fn annotations() -> Value {
    json!({"audience": ["user", "assistant"], "priority": 0.5, "lastModified": "2025-01-12T10:00:00Z"})
}
fn icons() -> Value {
    json!([{"src": "https://e.com/i.png", "mimeType": "image/png", "sizes": ["48x48"], "theme": "dark"}])
}
fn blocks() -> Value {
    json!([
        {"type": "text", "text": "t", "annotations": annotations(), "_meta": {"a.b/c": 1}},
        {"type": "image", "data": "AAAA", "mimeType": "image/png", "annotations": annotations(), "_meta": {"a.b/c": 1}},
        {"type": "audio", "data": "AAAA", "mimeType": "audio/wav", "annotations": annotations(), "_meta": {"a.b/c": 1}},
        {"type": "resource_link", "uri": "a:b", "name": "n", "title": "T", "description": "d", "mimeType": "text/plain", "size": 3, "icons": icons(), "annotations": annotations(), "_meta": {"a.b/c": 1}},
        {"type": "resource", "resource": {"uri": "a:b", "mimeType": "text/plain", "text": "x", "_meta": {"a.b/c": 1}}, "annotations": annotations(), "_meta": {"a.b/c": 1}},
        {"type": "resource", "resource": {"uri": "a:b", "mimeType": "text/plain", "blob": "AAAA", "_meta": {"a.b/c": 1}}, "annotations": annotations(), "_meta": {"a.b/c": 1}}
    ])
}
fn docs() -> Vec<(&'static str, Value)> {
    vec![
        (
            "CallToolResult",
            json!({"content": blocks(), "structuredContent": {"a": 1}, "isError": false, "_meta": {"a.b/c": 1}, "resultType": "complete"}),
        ),
        (
            "GetPromptResult",
            json!({"description": "d", "messages": [{"role": "user", "content": blocks()[0]}, {"role": "assistant", "content": blocks()[3]}, {"role": "user", "content": blocks()[5]}], "_meta": {"a.b/c": 1}, "resultType": "complete"}),
        ),
        (
            "ReadResourceResult",
            json!({"contents": [blocks()[4]["resource"], blocks()[5]["resource"]], "_meta": {"a.b/c": 1}, "resultType": "complete", "ttlMs": 5, "cacheScope": "public"}),
        ),
        (
            "Tool",
            json!({"name": "t", "title": "T", "description": "d", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}, "annotations": {"title": "T", "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}, "icons": icons(), "_meta": {"a.b/c": 1}}),
        ),
        (
            "Prompt",
            json!({"name": "p", "title": "T", "description": "d", "arguments": [{"name": "a", "title": "A", "description": "d", "required": true}], "icons": icons(), "_meta": {"a.b/c": 1}}),
        ),
        (
            "Resource",
            json!({"uri": "a:b", "name": "n", "title": "T", "description": "d", "mimeType": "text/plain", "size": 3, "annotations": annotations(), "icons": icons(), "_meta": {"a.b/c": 1}}),
        ),
        (
            "ResourceTemplate",
            json!({"uriTemplate": "a:{x}", "name": "n", "title": "T", "description": "d", "mimeType": "text/plain", "annotations": annotations(), "icons": icons(), "_meta": {"a.b/c": 1}}),
        ),
    ]
}

/// Every (path, pointer) of a member or element the model interprets.
fn slots(value: &Value, path: &str, pointer: &str, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let ptr = format!("{pointer}/{k}");
                out.push((p.clone(), ptr.clone()));
                if matches!(
                    k.as_str(),
                    "_meta" | "structuredContent" | "inputSchema" | "outputSchema"
                ) {
                    continue;
                }
                slots(v, &p, &ptr, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let p = format!("{path}[{i}]");
                let ptr = format!("{pointer}/{i}");
                out.push((p.clone(), ptr.clone()));
                slots(v, &p, &ptr, out);
            }
        }
        _ => {}
    }
}

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// `null` in every member and element the model interprets, of a document of each type
/// with every optional field present: refused at that member's path with rule `type` and
/// the one message (`null is not allowed here`), whether the field is optional or
/// required, from bytes and from a `Value`. `structuredContent: null` is a value (2026-07-28
/// takes any JSON value), read and written back.
#[test]
fn null_in_every_member_of_every_model_type_is_refused_the_same_way() {
    let mut cases = 0;
    for (kind, doc) in docs() {
        read_kind(kind, &serde_json::to_vec(&doc).unwrap())
            .unwrap_or_else(|e| panic!("{kind}: the full document: {e}"));
        let mut members = vec![];
        slots(&doc, "", "", &mut members);
        for (path, pointer) in members {
            let mut nulled = doc.clone();
            *nulled.pointer_mut(&pointer).unwrap() = Value::Null;
            let bytes = serde_json::to_vec(&nulled).unwrap();
            if path == "structuredContent" {
                read_kind(kind, &bytes).unwrap();
                continue;
            }
            for (how, read) in [
                ("bytes", read_kind(kind, &bytes)),
                ("Value", read_value_kind(kind, nulled.clone())),
            ] {
                let error = read.expect_err(&format!("{kind} {path} ({how}): null read"));
                assert_eq!(error.path(), path, "{kind} ({how}): {error}");
                assert_eq!(error.rule(), Some(Rule::Type), "{kind} ({how}): {error}");
                assert!(
                    error.detail().starts_with("null is not allowed here"),
                    "{kind} ({how}): {error}"
                );
                cases += 1;
            }
        }
    }
    // 232 members and elements, each from bytes and from a `Value`.
    assert_eq!(cases, 464, "{cases} cases");
    // A required field and an optional one say the same thing, naming what was expected.
    let error = read_json::<ReadResourceResult>(br#"{"contents":[{"uri":"a:b","blob":null}]}"#)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "contents[0].blob: null is not allowed here: expected a string (rule: type)"
    );
    let error = read_json::<CallToolResult>(br#"{"content":[null]}"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "content[0]: null is not allowed here: expected a content block object (rule: type)"
    );
}

fn text_with_last_modified(last_modified: &str) -> String {
    format!(
        r#"{{"content":[{{"type":"text","text":"t","annotations":{{"lastModified":"{last_modified}"}}}}]}}"#
    )
}

/// `lastModified` is "an ISO 8601 formatted string": the extended and basic formats, week
/// and ordinal dates, reduced precision (a year, a year and month, an hour), decimal
/// commas, `24:00`, the minus sign ISO 8601 prints (U+2212), offsets of every length, with
/// or without an offset: read and written back unchanged for every version. What ISO 8601
/// does not allow is refused at its path with rule `timestamp`.
#[test]
fn last_modified_in_every_iso_8601_form_is_read_and_written_back_unchanged() {
    let good = [
        "2025-01-12T15:00:58Z",
        "2025-01-12",
        "20250112",
        "2025-01-12T10:00Z",
        "2025-01-12T10Z",
        "2025-01-12T10",
        "2025-01-12T10+01",
        "2025-01-12T10:00:00,5Z",
        "2025-W02-7",
        "2025-012",
        "2025-01",
        "2025",
        "2025-01-12T24:00:00Z",
        "2025-01-12T24:00",
        "2025-01-12T10:00:00+0100",
        "2025-01-12T10:00:00+01",
        "2025-01-12T10:00:00\u{2212}01:00",
        "2025-01-12T23:59:60Z",
        "2025-01-12T10:00:00",
        "20250112T100000Z",
        "2025-01-12T10:00:00.123456789Z",
    ];
    let mut cases = 0;
    for last_modified in good {
        let doc = text_with_last_modified(last_modified);
        let read: CallToolResult =
            read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{last_modified}: {e}"));
        for version in VERSIONS {
            assert_eq!(
                String::from_utf8(read.to_json_for(version)).unwrap(),
                doc.replace(
                    "]}",
                    if version == ProtocolVersion::V2026_07_28 {
                        r#"],"resultType":"complete"}"#
                    } else {
                        "]}"
                    }
                ),
                "{last_modified} {version}"
            );
            cases += 1;
        }
        assert!(
            mcp_content::model::Timestamp::new(last_modified).is_ok(),
            "{last_modified}"
        );
    }
    let bad = [
        "",
        "yesterday",
        "2025-13",
        "2025-00",
        "202501",
        "25",
        "2025-1",
        "2025-01-12T25Z",
        "2025-01-12T24:30:00Z",
        "2025-01-12T24:00:01Z",
        "2025-01-12T1Z",
        "2025-02-30",
        "T10:00Z",
        "2025-01-12TZ",
    ];
    for last_modified in bad {
        let doc = text_with_last_modified(last_modified);
        let error = read_json::<CallToolResult>(doc.as_bytes())
            .map(|r| format!("{r:?}"))
            .expect_err(last_modified);
        assert_eq!(
            error.path(),
            "content[0].annotations.lastModified",
            "{error}"
        );
        assert_eq!(
            error.rule(),
            Some(Rule::Timestamp),
            "{last_modified}: {error}"
        );
        assert!(
            mcp_content::model::Timestamp::new(last_modified).is_err(),
            "{last_modified}"
        );
        cases += 1;
    }
    assert_eq!(cases, good.len() * 3 + bad.len());
}

/// A number far outside a rule's range is quoted short: `Display` spells `1e300` with 301
/// digits.
#[test]
fn numbers_far_out_of_range_are_quoted_short() {
    for (number, shown) in [("1e300", "1e300"), ("-1e-300", "-1e-300"), ("1.5", "1.5")] {
        let doc = format!(
            r#"{{"content":[{{"type":"text","text":"t","annotations":{{"priority":{number}}}}}]}}"#
        );
        let error = read_json::<CallToolResult>(doc.as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "content[0].annotations.priority: priority {shown} is outside 0 to 1 (rule: priority)"
            )
        );
        let value: Value = serde_json::from_str(&doc).unwrap();
        let error = read_value::<CallToolResult>(value).unwrap_err();
        assert!(error.to_string().len() < 120, "{error}");
    }
}

/// Every version's schema requires `"type": "object"` at the root of a tool's input schema:
/// a tool without it is refused on read at `inputSchema.type` (as `validate()` reports it
/// for one built in code), from bytes and from a `Value`; the rest of the schema is free.
#[test]
fn a_tool_whose_input_schema_is_not_an_object_schema_is_refused_on_read() {
    let mut cases = 0;
    for (schema, found) in [
        (json!({}), "no `type`"),
        (json!({"type": "array"}), r#""array""#),
        (json!({"type": ["object"]}), r#"["object"]"#),
        (json!({"type": "Object"}), r#""Object""#),
        (json!({"type": null}), "null"),
        (
            json!({"properties": {"a": {"type": "string"}}}),
            "no `type`",
        ),
    ] {
        let doc = json!({"name": "t", "inputSchema": schema});
        for (how, read) in [
            (
                "bytes",
                read_json::<Tool>(&serde_json::to_vec(&doc).unwrap()).map(drop),
            ),
            ("Value", read_value::<Tool>(doc.clone()).map(drop)),
        ] {
            let error = read.expect_err(&format!("{doc} ({how})"));
            assert_eq!(error.path(), "inputSchema.type", "{doc} ({how}): {error}");
            assert_eq!(error.rule(), Some(Rule::Type), "{doc}: {error}");
            assert!(error.detail().contains(found), "{doc}: {error}");
            cases += 1;
        }
    }
    // In a list of tools too, with the list's path.
    let error = read_json::<Vec<Tool>>(
        br#"[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{}}]"#,
    )
    .unwrap_err();
    assert_eq!(error.path(), "[1].inputSchema.type");
    // What the 2026-07-28 schema allows beside `type` is read and relayed.
    let doc = r#"{"name":"t","inputSchema":{"type":"object","properties":{"a":true},"oneOf":[{"required":["a"]}],"$schema":"https://json-schema.org/draft/2020-12/schema"}}"#;
    let tool: Tool = read_json(doc.as_bytes()).unwrap();
    assert_eq!(
        String::from_utf8(tool.to_json_for(ProtocolVersion::V2026_07_28)).unwrap(),
        doc
    );
    assert_eq!(cases, 12);
}

/// The icons of a typed `_meta` value (`serverInfo`, `clientInfo`) follow the rule of every
/// other icon: `http:` is read (from bytes and from a `Value`, in a result, a block and a
/// descriptor) and written back as it came, `https_icons_only` refuses it, and what code
/// builds is `https:` or `data:` (`validate()` reports `http:`, as for an `Icon`).
#[test]
fn icons_in_typed_meta_values_follow_the_icon_rule() {
    let info = r#"{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1","icons":[{"src":"http://example.com/i.png"}]}}"#;
    let docs = [
        (
            "CallToolResult",
            format!(r#"{{"content":[],"_meta":{info}}}"#),
        ),
        (
            "CallToolResult",
            format!(r#"{{"content":[{{"type":"text","text":"t","_meta":{info}}}]}}"#),
        ),
        (
            "Tool",
            format!(r#"{{"name":"t","inputSchema":{{"type":"object"}},"_meta":{info}}}"#),
        ),
    ];
    let strict = ReadLimits::default().with_https_icons_only(true);
    for (kind, doc) in &docs {
        read_kind(kind, doc.as_bytes()).unwrap_or_else(|e| panic!("{doc}: {e}"));
        read_value_kind(kind, serde_json::from_str(doc).unwrap())
            .unwrap_or_else(|e| panic!("{doc}: {e}"));
        let error = if *kind == "Tool" {
            read_json_with::<Tool>(doc.as_bytes(), &strict).map(drop)
        } else {
            read_json_with::<CallToolResult>(doc.as_bytes(), &strict).map(drop)
        }
        .expect_err(doc);
        assert_eq!(error.rule(), Some(Rule::IconSrc), "{error}");
        assert!(
            error
                .path()
                .ends_with("_meta.io.modelcontextprotocol/serverInfo.icons[0].src"),
            "{error}"
        );
    }
    let read: CallToolResult = read_json(docs[0].1.as_bytes()).unwrap();
    assert_eq!(
        String::from_utf8(read.to_json_for(ProtocolVersion::V2025_11_25)).unwrap(),
        docs[0].1
    );
    // Built in code: `validate()` says what `Icon::new` says.
    let mut built = CallToolResult::text("t");
    built.meta.insert_key(
        MetaKey::new("io.modelcontextprotocol/serverInfo").unwrap(),
        json!({"name": "s", "version": "1", "icons": [{"src": "http://example.com/i.png"}]}),
    );
    let error = built.validate().unwrap_err();
    assert_eq!(error.problems()[0].violation.rule, Rule::IconSrc, "{error}");
    // Other schemes are refused on read too.
    let ftp = docs[0].1.replace("http:", "ftp:");
    let error = read_json::<CallToolResult>(ftp.as_bytes()).unwrap_err();
    assert_eq!(error.rule(), Some(Rule::IconSrc), "{error}");
}
