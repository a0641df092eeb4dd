//! A sweep of the wire classes over every member of every model type, and the edges the
//! other files do not walk: `null` in each member of a document with every optional field
//! present (one rule, one message, one rule name, from bytes and from a `Value`); ISO 8601
//! forms of `lastModified`; error text for numbers far out of range; a tool's input schema
//! that no version allows; JSON text that no reader takes back (a key twice, a lone
//! surrogate) built in code, refused by the parsers and reported by `validate()`.
use mcp_content::rules::Rule;
use mcp_content::{
    CallToolResult, ContentBlock, GetPromptResult, JsonObject, Meta, MetaKey, Prompt,
    ProtocolVersion, RawJson, ReadError, ReadLimits, ReadResourceResult, Resource,
    ResourceTemplate, SerializeFor, TextContent, Tool, UnknownBlock, Validate, read_json,
    read_json_with, read_value, read_value_with,
};
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
            mcp_content::Timestamp::new(last_modified).is_ok(),
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
            mcp_content::Timestamp::new(last_modified).is_err(),
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

/// JSON text built in code that `read_json` would refuse once written — a key twice in one
/// object, a lone surrogate escape — is refused by `RawJson::parse` / `JsonObject::parse`
/// (at any depth), and reported by `validate()` with its path when it arrives another way
/// (`RawJson::from(Box<RawValue>)`), wherever the model keeps JSON text.
#[test]
#[allow(clippy::too_many_lines)] // one table of places, each checked the same way
fn json_text_no_reader_takes_back_is_refused_or_reported() {
    let unreadable = [
        (r#"{"a":1,"a":2}"#, "", "duplicate field `a`"),
        (
            r#"{"a":{"b":[{"c":1,"c":2}]}}"#,
            "a.b[0]",
            "duplicate field `c`",
        ),
        (r#"{"a":"\ud800"}"#, "a", "lone surrogate"),
        (r#"{"\udc00":1}"#, "", "lone surrogate"),
    ];
    let mut cases = 0;
    for (text, inside, why) in unreadable {
        assert!(RawJson::parse(text).is_err(), "{text}");
        let error = JsonObject::parse(text).unwrap_err().to_string();
        assert!(error.contains(why), "{text}: {error}");
        assert!(Meta::from_object(JsonObject::new()).is_ok());
        let raw =
            || RawJson::from(serde_json::value::RawValue::from_string(text.to_owned()).unwrap());
        let object = || {
            let mut object = JsonObject::new();
            object.insert("x-a", raw());
            object
        };
        let under = |owner: &str| {
            let here = if owner.is_empty() {
                String::new()
            } else {
                format!("{owner}.")
            };
            if inside.is_empty() {
                format!("{here}x-a")
            } else {
                format!("{here}x-a.{inside}")
            }
        };
        // Each place the model keeps JSON text, with the path the problem must have.
        let mut structured = CallToolResult::text("t");
        structured.structured_content = Some(raw());
        let mut result_extra = CallToolResult::text("t");
        result_extra.extra = object();
        let mut block_extra = TextContent::new("t");
        block_extra.extra = object();
        let block_extra = CallToolResult::new(vec![block_extra.into()]);
        let mut meta = CallToolResult::text("t");
        meta.meta
            .insert_key(MetaKey::new("com.example/k").unwrap(), json!(1));
        let mut meta_object = meta.meta.as_object().clone();
        meta_object.insert("x-a", raw());
        meta.meta = Meta::from_object(meta_object).unwrap();
        let mut tool = Tool::new(mcp_content::ToolName::new("t").unwrap());
        let mut schema = tool.input_schema.clone();
        schema.insert("x-a", raw());
        tool.input_schema = schema;
        let with_structured = if inside.is_empty() {
            "structuredContent".to_owned()
        } else {
            format!("structuredContent.{inside}")
        };
        let checks: Vec<(String, Box<dyn Validate>)> = vec![
            (with_structured, Box::new(structured)),
            (under(""), Box::new(result_extra)),
            (under("content[0]"), Box::new(block_extra)),
            (under("_meta"), Box::new(meta)),
            (under("inputSchema"), Box::new(tool)),
        ];
        for (path, value) in checks {
            let error = value.validate().expect_err(&path);
            let problem = error
                .problems()
                .iter()
                .find(|p| p.violation.message.contains(why))
                .unwrap_or_else(|| panic!("{text} at {path}: {error}"));
            assert_eq!(problem.path, path, "{text}: {error}");
            assert_eq!(problem.violation.rule, Rule::Type);
            cases += 1;
        }
    }
    // An unknown block's fields.
    let mut fields = JsonObject::parse(r#"{"type":"x-new"}"#).unwrap();
    fields.insert(
        "x-a",
        RawJson::from(
            serde_json::value::RawValue::from_string(r#"{"b":1,"b":2}"#.to_owned()).unwrap(),
        ),
    );
    let block = UnknownBlock::new(fields).unwrap();
    let error = CallToolResult::new(vec![ContentBlock::Unknown(block)])
        .validate()
        .unwrap_err();
    assert!(
        error
            .problems()
            .iter()
            .any(|p| p.path == "content[0].x-a" && p.violation.message == "duplicate field `b`"),
        "{error}"
    );
    // Nesting past the parser's 128 levels: refused by the parsers, reported by `validate()`
    // for a value built from a `Value` (a `Value` made of the text would be `null`).
    let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
    let error = RawJson::parse(&deep).unwrap_err().to_string();
    assert!(error.contains("128 levels"), "{error}");
    let value: Value = {
        let mut v = json!(1);
        for _ in 0..200 {
            v = json!([v]);
        }
        v
    };
    let mut result = CallToolResult::text("t");
    result.structured_content = Some(value.into());
    let error = result.validate().unwrap_err();
    let problem = &error.problems()[0];
    assert!(
        problem.path.starts_with("structuredContent[0][0]"),
        "{error}"
    );
    assert!(problem.violation.message.contains("128 levels"), "{error}");
    let fine = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    assert_eq!(RawJson::parse(&fine).unwrap().as_str(), fine);
    // Text every reader takes is kept as it is.
    for text in [
        r#"{"a":1E2,"b":-0,"c":"\ud83d\ude00","d":{"a":1}}"#,
        "123456789012345678901234567890",
    ] {
        let raw = RawJson::parse(text).unwrap();
        assert_eq!(raw.as_str(), text);
        let mut result = CallToolResult::text("t");
        result.structured_content = Some(raw);
        result.validate().unwrap();
        let back: CallToolResult = read_json(&result.to_json_for(ProtocolVersion::LATEST)).unwrap();
        assert_eq!(back.structured_content, result.structured_content);
    }
    assert_eq!(cases, unreadable.len() * 5);
}

/// `validate()` cuts keys on its paths as the reader does: a property name or a key of
/// structured content can be a megabyte long.
#[test]
fn validate_paths_are_cut_like_read_paths() {
    let long = "p".repeat(1 << 20);
    let mut tool = Tool::new(mcp_content::ToolName::new("t").unwrap());
    tool.input_schema = JsonObject::parse(&format!(
        r#"{{"type":"object","properties":{{"{long}":5}}}}"#
    ))
    .unwrap();
    let error = tool.validate().unwrap_err();
    assert!(
        error.to_string().len() < 300,
        "{} bytes",
        error.to_string().len()
    );
    assert!(
        error.problems()[0]
            .path
            .starts_with("inputSchema.properties.ppp")
    );
    let text = format!(r#"{{"{long}":{{"a":1,"a":2}}}}"#);
    let mut result = CallToolResult::text("t");
    result.structured_content = Some(RawJson::from(
        serde_json::value::RawValue::from_string(text).unwrap(),
    ));
    let error = result.validate().unwrap_err();
    let problem = &error.problems()[0];
    assert_eq!(problem.path, format!("structuredContent.{}…", &long[..80]));
    assert_eq!(problem.violation.message, "duplicate field `a`");
}

/// Errors of the conversions quote at most 80 characters of a value, also when the value is
/// an array or object (which no quotation marks delimit): a message part's `metadata.mcp`,
/// structured content checked against a tool's output schema, an output schema that does
/// not compile.
#[test]
fn conversion_errors_quote_arrays_and_objects_short() {
    use mcp_content::convert::{Message, MessageRole, Part, ToolOutput};
    let big: Vec<u32> = (0..100_000).collect();
    let mut metadata = JsonObject::new();
    metadata.insert("mcp", json!(big));
    let message = Message {
        role: MessageRole::User,
        content: vec![Part::text("x")],
        metadata,
    };
    let error = message.into_prompt_message().unwrap_err();
    assert_eq!(error.path(), "metadata.mcp");
    assert_eq!(
        error.detail(),
        "expected an object, got an array (rule: type)"
    );

    let output = ToolOutput::new(json!({"type": "string"}).as_object().unwrap().clone()).unwrap();
    let error = output.check_value(&json!(big)).unwrap_err();
    assert_eq!(error.path(), "structuredContent");
    assert!(
        error.to_string().len() < 200,
        "{} bytes",
        error.to_string().len()
    );
    assert!(error.to_string().contains("is not of type"), "{error}");

    let schema = json!({"type": "object", "properties": {"a": {"type": big}}});
    let error = ToolOutput::new(schema.as_object().unwrap().clone()).unwrap_err();
    assert_eq!(error.path(), "outputSchema");
    assert!(
        error.to_string().len() < 300,
        "{} bytes: {error:.300}",
        error.to_string().len()
    );
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

// The multi round-trip (MRTR) fields of 2026-07-28 requests and the results built for them
// as `serde_json::Value`: the one `null` rule holds there too. `inputResponses` and
// `requestState` are optional members of the request's params: absent or of their type,
// `null` refused naming the path and the rule; an `InputRequiredResult` written for a round
// holds no `null` member.

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Answer {
    name: String,
}

/// Asks one question, then greets.
#[mcp_content::tool]
async fn ask(context: mcp_content::Context) -> Result<String, mcp_content::ProtocolError> {
    match context
        .elicit_form_as::<Answer>("who", "Your name?")
        .await?
    {
        mcp_content::input::Elicitation::Accept(Answer { name }) => Ok(format!("Hello, {name}!")),
        _ => Ok("Hello!".into()),
    }
}

fn round(router: &mcp_content::Router, params: Value) -> Result<Value, mcp_content::ProtocolError> {
    let Value::Object(params) = params else {
        panic!("params are an object")
    };
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(
            router.handle(
                "tools/call",
                Some(params),
                mcp_content::Context::new(Meta::new(), ProtocolVersion::V2026_07_28)
                    .with_client_capabilities(mcp_content::input::ClientCapabilities::from_value(
                        json!({"elicitation": {"form": {}}}),
                    )),
            ),
        )
}

/// Every `null` member in `value`, by path.
fn nulls(value: &Value, path: &str, out: &mut Vec<String>) {
    match value {
        Value::Null => out.push(path.to_owned()),
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| nulls(v, &format!("{path}.{k}"), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| nulls(v, &format!("{path}[{i}]"), out)),
        _ => {}
    }
}

#[test]
fn null_in_the_multi_round_trip_fields_is_refused_naming_the_path() {
    let router = mcp_content::router! { tools: [ask] }.build().unwrap();
    // The first round: an `InputRequiredResult` with no `null` anywhere.
    let first = round(&router, json!({"name": "ask"})).unwrap();
    assert_eq!(first["resultType"], "input_required", "{first}");
    let mut found = Vec::new();
    nulls(&first, "", &mut found);
    assert!(found.is_empty(), "null written at {found:?}: {first}");
    let state = first["requestState"].clone();
    let answer = json!({"who": {"action": "accept", "content": {"name": "Ada"}}});
    // Each member of a second round's params, nulled.
    let complete = json!({"name": "ask", "inputResponses": answer, "requestState": state});
    let done = round(&router, complete.clone()).unwrap();
    assert_eq!(done["content"][0]["text"], "Hello, Ada!", "{done}");
    for (member, expected) in [
        ("inputResponses", "an object"),
        ("requestState", "a string"),
    ] {
        let mut nulled = complete.clone();
        nulled[member] = Value::Null;
        let error = round(&router, nulled).expect_err(member);
        assert_eq!(
            error.message,
            format!("params.{member}: null is not allowed here: expected {expected} (rule: type)"),
        );
    }
    // An answer that is `null` names its key.
    let mut nulled = complete;
    nulled["inputResponses"]["who"] = Value::Null;
    let error = round(&router, nulled).expect_err("a null answer");
    assert!(
        error.message.starts_with("inputResponses.who: "),
        "{}",
        error.message
    );
    // The same rule where the params are taken apart directly.
    for member in ["inputResponses", "requestState"] {
        let mut params = serde_json::Map::new();
        params.insert(member.into(), Value::Null);
        let error = mcp_content::InputParams::take_from(&mut params).expect_err(member);
        assert!(
            error
                .message
                .starts_with(&format!("params.{member}: null is not allowed here")),
            "{}",
            error.message
        );
    }
}

/// One path style for one place: a bad value under a `_meta` key, and a property schema
/// that is no object, get the same path from `read_json` and from `validate()` (the
/// reader's style: keys joined with `.`, `_meta.io.modelcontextprotocol/serverInfo.version`,
/// never `_meta["…"]`).
#[test]
fn read_and_validate_name_one_place_with_one_path() {
    let key = "io.modelcontextprotocol/serverInfo";
    let long = format!("com.example/{}", "k".repeat(200));
    for (meta_key, value) in [
        (key.to_owned(), json!({"name": "s", "version": 1})),
        (key.to_owned(), json!({"name": "s"})),
        (key.to_owned(), json!([])),
        (long.clone(), json!(1)),
    ] {
        let doc = json!({
            "content": [{"type": "text", "text": "t", "_meta": {meta_key.clone(): value.clone()}}],
            "_meta": {meta_key.clone(): value.clone()},
        });
        let mut meta = Meta::new();
        meta.insert_key(MetaKey::new(&meta_key).unwrap(), value.clone());
        let mut text = TextContent::new("t");
        text.meta = meta.clone();
        let mut built = CallToolResult::new(vec![text.into()]);
        built.meta = meta;
        let problems = match built.validate() {
            Ok(()) => {
                // A well-formed long key: its path is only cut the same way.
                assert!(read_json::<CallToolResult>(&serde_json::to_vec(&doc).unwrap()).is_ok());
                continue;
            }
            Err(problems) => problems,
        };
        let validate_paths: Vec<&str> = problems
            .problems()
            .iter()
            .map(|p| p.path.as_str())
            .collect();
        assert!(
            validate_paths.iter().all(|p| !p.contains("[\"")),
            "{validate_paths:?}"
        );
        // The reader stops at the first fault: read each place alone.
        let mut block_only = doc.clone();
        block_only.as_object_mut().unwrap().remove("_meta");
        let read =
            read_json::<CallToolResult>(&serde_json::to_vec(&block_only).unwrap()).unwrap_err();
        assert_eq!(read.path(), validate_paths[0], "{meta_key}: {value}");
        let mut result_only = doc.clone();
        result_only["content"][0]
            .as_object_mut()
            .unwrap()
            .remove("_meta");
        let read =
            read_json::<CallToolResult>(&serde_json::to_vec(&result_only).unwrap()).unwrap_err();
        assert_eq!(read.path(), validate_paths[1], "{meta_key}: {value}");
    }
    // A property schema that is no object (refused for the 2025 schemas).
    let schema = json!({"type": "object", "properties": {"a.b": 1}});
    let tool_doc = json!({"name": "t", "inputSchema": schema});
    let tool: Tool = serde_json::from_value(tool_doc).unwrap_or_else(|_| {
        let mut tool: Tool = read_json(br#"{"name":"t","inputSchema":{"type":"object"}}"#).unwrap();
        tool.input_schema = JsonObject::parse(&schema.to_string()).unwrap();
        tool
    });
    let problems = tool.validate().unwrap_err();
    let path = &problems.problems()[0].path;
    // The reader takes it (2026-07-28 allows it); validate() names it in the reader's style.
    assert_eq!(path, "inputSchema.properties.a.b");
}
