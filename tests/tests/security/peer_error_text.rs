//! What a hostile peer can make the wire say: error text that
//! `validate()` builds from values it does not bound (an unknown block's `type`, a key
//! inside a `_meta` value the spec types), ISO 8601 week dates of reduced precision in
//! `lastModified`, and the one `null` rule in the requests the router reads
//! (`tools/call`, `prompts/get`, `resources/read`, `completion/complete`).

use crate::quotes;

use mcp_content::model::{Meta, MetaKey, ReadResourceResult, UnknownBlock};
use mcp_content::{
    CallToolResult, ContentBlock, Context, ProtocolVersion, Router, SerializeFor, Validate,
    read_json,
};
use serde_json::{Map, Value, json};

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// Whether every key of `path` holds at most 80 characters (81 with the `…`).
fn path_is_cut(path: &str) -> bool {
    path.split(['.', '[', ']'])
        .all(|key| key.chars().count() <= 81)
}

#[track_caller]
fn assert_cut(value: &impl Validate, path: &str, detail: &str) {
    let error = value.validate().expect_err("a problem");
    let problem = &error.problems()[0];
    assert_eq!(problem.path, path, "{error}");
    assert!(path_is_cut(&problem.path), "{error}");
    assert!(
        quotes::quotes_are_cut(&problem.violation.message, 80),
        "{error}"
    );
    assert!(problem.violation.message.contains(detail), "{error}");
    assert!(
        error.to_string().len() < 400,
        "{} bytes: {error}",
        error.to_string().len()
    );
}

/// `validate()` cuts what it quotes as the reader does: every key on a path and every
/// quoted value in a message to 80 characters, whichever check built the text.
#[test]
fn bounded_error_text_validate_cuts_every_path_key_and_quoted_value() {
    let long = "y".repeat(300);
    let cut = format!("{}…", "y".repeat(80));

    // An unknown block's `type`, quoted whole by the unknown-block check.
    let mut fields = Map::new();
    fields.insert("type".into(), Value::from(long.clone()));
    let block = ContentBlock::Unknown(UnknownBlock::new(fields).unwrap());
    assert_cut(
        &block,
        "type",
        &format!("a block of type \"{}\"…", "y".repeat(80)),
    );
    assert_cut(
        &CallToolResult::new(vec![ContentBlock::text("a"), block]),
        "content[1].type",
        "is in no supported protocol version",
    );

    // A key inside a `_meta` value the 2026-07-28 schema types: on the path and quoted.
    let with_meta = |key: &str, value: Value| {
        let mut result = CallToolResult::text("a");
        result.meta.insert_key(MetaKey::new(key).unwrap(), value);
        result
    };
    let capabilities = "io.modelcontextprotocol/clientCapabilities";
    for member in ["extensions", "experimental"] {
        let result = with_meta(capabilities, json!({ member: { long.clone(): 1 } }));
        assert_cut(
            &result,
            &format!("_meta.{capabilities}.{member}.{cut}"),
            "must be an object, got a number",
        );
        // The reader says the same, at the same path.
        let bytes = serde_json::to_vec(
            &json!({"content": [], "_meta": {capabilities: {member: {long.clone(): 1}}}}),
        )
        .unwrap();
        let read = read_json::<CallToolResult>(&bytes).unwrap_err();
        assert_eq!(read.path(), format!("_meta.{capabilities}.{member}.{cut}"));
    }
    // A long icon theme and log level, quoted in the message.
    let result = with_meta(
        "io.modelcontextprotocol/serverInfo",
        json!({"name": "s", "version": "1", "icons": [{"src": "https://e.com/i.png", "theme": long.clone()}]}),
    );
    assert_cut(
        &result,
        "_meta.io.modelcontextprotocol/serverInfo.icons[0].theme",
        "unknown icon theme",
    );
    let result = with_meta(
        "io.modelcontextprotocol/logLevel",
        Value::from(long.clone()),
    );
    assert_cut(
        &result,
        "_meta.io.modelcontextprotocol/logLevel",
        "must be a LoggingLevel",
    );

    // Deeper: a resource contents' `_meta` in a read result.
    let mut read: ReadResourceResult =
        read_json(br#"{"contents":[{"uri":"a:b","text":"t"}]}"#).unwrap();
    if let Some(contents) = read.contents.first_mut() {
        contents.meta_mut().insert_key(
            MetaKey::new(capabilities).unwrap(),
            json!({"experimental": {long.clone(): []}}),
        );
    }
    assert_cut(
        &read,
        &format!("contents[0]._meta.{capabilities}.experimental.{cut}"),
        "must be an object, got an array",
    );
}

#[track_caller]
fn last_modified(text: &str) -> Result<CallToolResult, mcp_content::ReadError> {
    let doc =
        json!({"content": [{"type": "text", "text": "a", "annotations": {"lastModified": text}}]});
    read_json(&serde_json::to_vec(&doc).unwrap())
}

/// A week date without its day (`2025-W03`, ISO 8601's reduced precision of `2025-W03-1`)
/// is an ISO 8601 date: read, valid under every schema, written back unchanged. A week the
/// year does not have is not.
#[test]
fn iso8601_week_dates_of_reduced_precision_are_read_and_written_back() {
    for text in [
        "2025-W03", "2025W03", "2026-W53", "2026W53", "2020-W53", "2025-W01",
    ] {
        let result = last_modified(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        result.validate().unwrap();
        for version in VERSIONS {
            let written: Value = serde_json::from_slice(&result.to_json_for(version)).unwrap();
            assert_eq!(
                written["content"][0]["annotations"]["lastModified"], text,
                "{version}"
            );
            mcp_content_tests::assert_valid(version.as_str(), "CallToolResult", &written);
        }
    }
    for text in [
        "2025-W53",
        "2025W53",
        "2025-W00",
        "2025-W54",
        "2025-W3",
        "2025W3",
        "2025-w03",
        "2025-W03-",
        "2025-W03T10",
        "25-W03",
        "2025--W03",
    ] {
        let error = last_modified(text).expect_err(text);
        assert_eq!(
            error.path(),
            "content[0].annotations.lastModified",
            "{text}"
        );
        assert_eq!(
            error.rule(),
            Some(mcp_content::rules::Rule::Timestamp),
            "{text}: {error}"
        );
    }
}

/// Adds.
#[mcp_content::tool]
fn add(a: i64) -> String {
    a.to_string()
}

/// Greets.
#[mcp_content::prompt]
fn greet() -> String {
    "hi".into()
}

fn handle(
    router: &Router,
    method: &str,
    params: Value,
) -> Result<Value, mcp_content::handler::ProtocolError> {
    let Value::Object(params) = params else {
        panic!("params are an object")
    };
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(router.handle(
            method,
            Some(params),
            Context::new(Meta::new(), ProtocolVersion::V2026_07_28),
        ))
}

/// `(method, params, path, expected)`: a request with one member `null`.
fn null_cases() -> Vec<(&'static str, Value, &'static str, &'static str)> {
    vec![
        (
            "tools/call",
            json!({"name": "add", "arguments": null}),
            "params.arguments",
            "an object",
        ),
        (
            "prompts/get",
            json!({"name": "greet", "arguments": null}),
            "params.arguments",
            "an object",
        ),
        (
            "tools/call",
            json!({"name": null, "arguments": {"a": 1}}),
            "params.name",
            "a string",
        ),
        (
            "prompts/get",
            json!({"name": null}),
            "params.name",
            "a string",
        ),
        (
            "resources/read",
            json!({"uri": null}),
            "params.uri",
            "a string",
        ),
        (
            "completion/complete",
            json!({"ref": null, "argument": {"name": "a", "value": ""}}),
            "params.ref",
            "an object",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet"}, "argument": null}),
            "params.argument",
            "an object",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet"}, "argument": {"name": null, "value": ""}}),
            "params.argument.name",
            "a string",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet"}, "argument": {"name": "a", "value": null}}),
            "params.argument.value",
            "a string",
        ),
    ]
}

/// The one `null` rule in the requests the router reads: `null` in a member of `params`
/// (optional or required) is refused naming `params.<member>` and the rule, never read as
/// absent (`arguments: null` ran the tool without arguments; `argument.name: null` completed
/// the empty name).
#[test]
fn null_rule_in_router_requests_names_the_param() {
    let router = mcp_content::router! { tools: [add], prompts: [greet] }
        .build()
        .unwrap();
    for (method, params, path, expected) in null_cases() {
        let error = handle(&router, method, params.clone()).expect_err(&params.to_string());
        assert_eq!(error.code, -32602, "{method} {params}");
        assert_eq!(
            error.message,
            format!("{path}: null is not allowed here: expected {expected} (rule: type)"),
            "{method} {params}"
        );
    }
    // Required members left out are named too; present, the requests run.
    for (method, params, message) in [
        (
            "completion/complete",
            json!({"argument": {"name": "a", "value": ""}}),
            "params.ref is required",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet"}}),
            "params.argument is required",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "greet"}, "argument": {"value": ""}}),
            "params.argument.name is required",
        ),
    ] {
        let error = handle(&router, method, params.clone()).expect_err(&params.to_string());
        assert_eq!(error.message, message, "{params}");
    }
    let called = handle(
        &router,
        "tools/call",
        json!({"name": "add", "arguments": {"a": 2}}),
    )
    .unwrap();
    assert_eq!(called["content"][0]["text"], "2");
    let completed = handle(
        &router,
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "greet"}, "argument": {"name": "a", "value": ""}}),
    )
    .unwrap();
    assert_eq!(completed["completion"]["values"], json!([]));
    // Absent `arguments` is no argument at all (the tool says which one it misses).
    let called = handle(&router, "tools/call", json!({"name": "add"})).unwrap();
    assert_eq!(called["isError"], true);
}

/// A value of the wrong JSON type is named in the schema's terms: a priority that is not a
/// number expects "a number from 0 to 1" (not the Rust type `f64`), from bytes and from a
/// `Value`; an unknown `cacheScope` names its rule as every other enumeration does. Numbers
/// of every spelling still read as priorities.
#[test]
fn precise_messages_for_wrong_types_name_the_schema_type_and_rule() {
    for bad in [
        json!("0.5"),
        json!(true),
        json!({}),
        json!([0.5]),
        json!(null),
    ] {
        let doc =
            json!({"content": [{"type": "text", "text": "a", "annotations": {"priority": bad}}]});
        let from_bytes =
            read_json::<CallToolResult>(&serde_json::to_vec(&doc).unwrap()).unwrap_err();
        let from_value = mcp_content::wire::read_value::<CallToolResult>(doc).unwrap_err();
        for error in [from_bytes, from_value] {
            assert_eq!(error.path(), "content[0].annotations.priority", "{error}");
            assert!(!error.detail().contains("f64"), "{bad}: {error}");
            if !bad.is_null() {
                assert!(
                    error.detail().ends_with("expected a number from 0 to 1"),
                    "{bad}: {error}"
                );
            }
        }
    }
    for (text, written) in [
        ("1", "1.0"),
        ("0", "0.0"),
        ("-0", "-0.0"),
        ("5e-1", "0.5"),
        ("1E0", "1.0"),
    ] {
        let doc = format!(r#"{{"type":"text","text":"a","annotations":{{"priority":{text}}}}}"#);
        let block: ContentBlock =
            read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        let out = String::from_utf8(block.to_json_for(ProtocolVersion::LATEST)).unwrap();
        assert!(
            out.contains(&format!(r#""priority":{written}"#)),
            "{text}: {out}"
        );
    }
    for text in ["2", "18446744073709551616", "-1"] {
        let doc = format!(r#"{{"type":"text","text":"a","annotations":{{"priority":{text}}}}}"#);
        let error = read_json::<ContentBlock>(doc.as_bytes()).unwrap_err();
        assert_eq!(
            error.rule(),
            Some(mcp_content::rules::Rule::Priority),
            "{text}: {error}"
        );
    }
    // A root `type` of the wrong kind is quoted as a value, cut with its closing quote.
    for (ty, found) in [
        (
            json!("y".repeat(300)),
            format!("found \"{}\"…", "y".repeat(80)),
        ),
        (json!("array"), "found \"array\"".to_owned()),
        (json!(["object"]), "found [\"object\"]".to_owned()),
    ] {
        let doc = json!({"name": "t", "inputSchema": {"type": ty}});
        let error =
            read_json::<mcp_content::model::Tool>(&serde_json::to_vec(&doc).unwrap()).unwrap_err();
        assert_eq!(error.path(), "inputSchema.type", "{error}");
        assert!(error.detail().contains(&found), "{found}: {error}");
        assert!(!error.detail().contains("……"), "{error}");
    }
    for scope in ["Public", "shared", ""] {
        let doc = json!({"contents": [], "cacheScope": scope});
        let error =
            read_json::<ReadResourceResult>(&serde_json::to_vec(&doc).unwrap()).unwrap_err();
        assert_eq!(error.path(), "cacheScope");
        assert_eq!(
            error.rule(),
            Some(mcp_content::rules::Rule::CacheScope),
            "{error}"
        );
        assert!(!error.detail().contains("variant"), "{error}");
    }
}

/// A key twice in one object is named as such, at its object's path, even when what the
/// model made of the document (serde keeps the last, a derive refuses both) broke another
/// rule first: `{"type": "object", "type": "object"}` is not a schema "with no `type`".
#[test]
fn duplicate_keys_are_named_before_the_rules_they_confuse() {
    let tools = [
        (
            r#"{"name":"t","inputSchema":{"type":"object","type":"object"}}"#,
            "inputSchema",
            "type",
        ),
        (
            r#"{"name":"t","inputSchema":{"type":"array","type":"object"}}"#,
            "inputSchema",
            "type",
        ),
        (
            r#"{"name":"t","inputSchema":{"type":"object","\u0074ype":"object"}}"#,
            "inputSchema",
            "type",
        ),
    ];
    for (doc, path, key) in tools {
        let error = read_json::<mcp_content::model::Tool>(doc.as_bytes()).unwrap_err();
        assert_eq!(error.path(), path, "{doc}: {error}");
        assert_eq!(error.detail(), format!("duplicate field `{key}`"), "{doc}");
    }
    let info = "io.modelcontextprotocol/serverInfo";
    let results = [
        (
            format!(r#"{{"content":[],"_meta":{{"{info}":{{"name":"s","version":"1","version":2}}}}}}"#),
            format!("_meta.{info}"),
            "version",
        ),
        (
            format!(r#"{{"content":[],"_meta":{{"{info}":{{"name":"s","version":"1","name":null}}}}}}"#),
            format!("_meta.{info}"),
            "name",
        ),
        (
            r#"{"content":[],"_meta":{"io.modelcontextprotocol/logLevel":"info","io.modelcontextprotocol/logLevel":5}}"#.to_owned(),
            "_meta".to_owned(),
            "io.modelcontextprotocol/logLevel",
        ),
    ];
    for (doc, path, key) in results {
        let error = read_json::<CallToolResult>(doc.as_bytes()).unwrap_err();
        assert_eq!(error.path(), path, "{doc}: {error}");
        assert_eq!(error.detail(), format!("duplicate field `{key}`"), "{doc}");
    }
    // Malformed JSON still gets the parser's error, duplicate or not.
    let error = read_json::<CallToolResult>(br#"{"content":[],"x":1,"x":2,}"#).unwrap_err();
    assert!(error.detail().contains("trailing comma"), "{error}");
}

/// Adds many.
#[mcp_content::tool]
fn sum(a: i64, b: i64) -> String {
    (a + b).to_string()
}

/// The router echoes what a peer sent in its errors cut as the reader cuts it: an unknown
/// tool, prompt or method of 300 characters, an argument's long value or name, and no more
/// than 16 argument problems in one `isError` result.
#[test]
fn bounded_error_text_in_router_errors() {
    let router = mcp_content::router! { tools: [add, sum], prompts: [greet] }
        .build()
        .unwrap();
    let long = "q".repeat(300);
    let cut = format!("{}…", "q".repeat(80));
    let text_of = |result: Value| result["content"][0]["text"].as_str().unwrap().to_owned();
    for (method, params, message) in [
        (
            "tools/call",
            json!({"name": long.clone(), "arguments": {}}),
            format!("unknown tool: {cut}"),
        ),
        (
            "prompts/get",
            json!({"name": long.clone()}),
            format!("unknown prompt: {cut}"),
        ),
        (long.as_str(), json!({}), format!("method not found: {cut}")),
    ] {
        let error = handle(&router, method, params).unwrap_err();
        assert_eq!(error.message, message);
    }
    let text = text_of(
        handle(
            &router,
            "tools/call",
            json!({"name": "add", "arguments": {"a": long.clone()}}),
        )
        .unwrap(),
    );
    assert!(
        text.starts_with("invalid arguments: `a`: invalid type: string \""),
        "{text}"
    );
    assert!(
        text.contains(&format!("\"{}\"…", "q".repeat(80))) && !text.contains(&"q".repeat(81)),
        "{text}"
    );
    let text = text_of(
        handle(
            &router,
            "tools/call",
            json!({"name": "add", "arguments": {"a": 1, long.clone(): 1}}),
        )
        .unwrap(),
    );
    assert!(
        text.contains(&format!("unknown argument `{}`…", "q".repeat(80)))
            && !text.contains(&"q".repeat(81)),
        "{text}"
    );
    // A thousand unknown arguments: sixteen listed, then how many more.
    let mut arguments: Map<String, Value> = (0..1000)
        .map(|i| (format!("x{i}"), Value::from(i)))
        .collect();
    arguments.insert("a".into(), Value::from(1));
    arguments.insert("b".into(), Value::from(2));
    let text = text_of(
        handle(
            &router,
            "tools/call",
            json!({"name": "sum", "arguments": arguments}),
        )
        .unwrap(),
    );
    assert_eq!(text.matches("unknown argument").count(), 16, "{text}");
    assert!(text.ends_with("; and 984 more"), "{text}");
    assert!(text.len() < 2_000, "{} bytes", text.len());
}

/// A document in UTF-16 or UTF-32, with or without a byte order mark, is named as such
/// (RFC 8259 section 8.1), not as "key must be a string" or an invalid UTF-8 byte, by every
/// reader of bytes and for any model type; UTF-8's own mark keeps its message.
#[test]
fn precise_messages_for_documents_in_other_unicode_encodings() {
    let little16: Vec<u8> = br#"{"content":[]}"#.iter().flat_map(|&b| [b, 0]).collect();
    let big16: Vec<u8> = br#"{"content":[]}"#.iter().flat_map(|&b| [0, b]).collect();
    let little32: Vec<u8> = br#"{"content":[]}"#.iter().flat_map(|&b| [b, 0, 0, 0]).collect();
    let big32: Vec<u8> = br#"{"content":[]}"#.iter().flat_map(|&b| [0, 0, 0, b]).collect();
    let with_mark = |mark: &[u8], body: &[u8]| [mark, body].concat();
    let cases = [
        (little16.clone(), "UTF-16LE"),
        (big16.clone(), "UTF-16BE"),
        (little32.clone(), "UTF-32LE"),
        (big32.clone(), "UTF-32BE"),
        (
            with_mark(b"\xFF\xFE", &little16),
            "UTF-16LE (it starts with the byte order mark FF FE)",
        ),
        (
            with_mark(b"\xFE\xFF", &big16),
            "UTF-16BE (it starts with the byte order mark FE FF)",
        ),
        (
            with_mark(b"\xFF\xFE\0\0", &little32),
            "UTF-32LE (it starts with the byte order mark FF FE 00 00)",
        ),
        (
            with_mark(b"\0\0\xFE\xFF", &big32),
            "UTF-32BE (it starts with the byte order mark 00 00 FE FF)",
        ),
    ];
    for (bytes, encoding) in cases {
        let limits = [
            mcp_content::wire::ReadLimits::default(),
            mcp_content::wire::ReadLimits::unlimited(),
        ];
        for limits in limits {
            let errors = [
                mcp_content::wire::read_json_with::<CallToolResult>(&bytes, &limits).unwrap_err(),
                mcp_content::wire::read_json_with::<Value>(&bytes, &limits).unwrap_err(),
                mcp_content::wire::read_json_with::<mcp_content::model::Tool>(&bytes, &limits)
                    .unwrap_err(),
            ];
            for error in errors {
                assert_eq!(error.path(), ".", "{error}");
                assert_eq!(
                    error.detail(),
                    format!(
                        "the document is {encoding}, not UTF-8; JSON text exchanged between systems must be UTF-8 (RFC 8259 section 8.1)"
                    ),
                );
            }
        }
    }
    let error = read_json::<CallToolResult>(b"\xEF\xBB\xBF{\"content\":[]}").unwrap_err();
    assert!(
        error
            .detail()
            .starts_with("the document starts with a UTF-8 byte order mark"),
        "{error}"
    );
    // One stray zero byte is a syntax fault, not an encoding.
    let error = read_json::<CallToolResult>(b"{\"content\":[]}\0").unwrap_err();
    assert!(!error.detail().contains("UTF-16"), "{error}");
}

/// A key of many dots (`a.a.a…/x`, as `_meta` prefixes are) is cut as one key on every
/// path: those the reader builds inside the `_meta` values the spec types, those of
/// `validate()` and those of the rmcp bridge. Joined first, its 300 characters had no run
/// longer than 80 to cut.
#[test]
fn bounded_error_text_cuts_a_dotted_key_as_one_key() {
    use mcp_content::rmcp::RmcpModel;
    let dotted = format!("{}x/n", "a.".repeat(150));
    let cut = format!("{}…", &dotted[..80]);
    let capabilities = "io.modelcontextprotocol/clientCapabilities";
    let expected = format!("_meta.{capabilities}.extensions.{cut}");

    let doc = json!({"content": [], "_meta": {capabilities: {"extensions": {dotted.clone(): 1}}}});
    let read = read_json::<CallToolResult>(&serde_json::to_vec(&doc).unwrap()).unwrap_err();
    assert_eq!(read.path(), expected);

    let mut result = CallToolResult::text("a");
    result.meta.insert_key(
        MetaKey::new(capabilities).unwrap(),
        json!({"extensions": {dotted.clone(): 1}}),
    );
    assert_eq!(result.validate().unwrap_err().problems()[0].path, expected);

    // The paths serde tracks (a `Value` read, a fault inside the value) cut it the same way.
    for doc in [
        format!(r#"{{"{dotted}":[1,]}}"#),
        format!(r#"{{"{dotted}":{{"k":[true,]}}}}"#),
    ] {
        let error = read_json::<Value>(doc.as_bytes()).unwrap_err();
        assert!(error.path().starts_with(&cut), "{error}");
        assert!(error.path().len() < 100, "{error}");
    }

    // A tool's output read through its schema (`convert::ToolOutput`): the schema check's
    // path and the typed read's path.
    let schema = json!({"type": "object", "additionalProperties": {"type": "integer"}});
    let output =
        mcp_content::convert::typed_result::ToolOutput::new(schema.as_object().unwrap().clone())
            .unwrap();
    let mut structured = Map::new();
    structured.insert(dotted.clone(), Value::from("x"));
    let error = output
        .check_value(&Value::Object(structured.clone()))
        .unwrap_err();
    assert_eq!(error.path(), format!("structuredContent.{cut}"), "{error}");
    let result = CallToolResult::structured(Value::Object(structured));
    let schemaless = mcp_content::convert::typed_result::ToolOutput::new(Map::new()).unwrap();
    let error = schemaless
        .read::<std::collections::BTreeMap<String, i64>>(&result)
        .unwrap_err();
    assert_eq!(error.path(), format!("structuredContent.{cut}"), "{error}");

    let mut tool: mcp_content::model::Tool =
        read_json(br#"{"name":"t","inputSchema":{"type":"object"}}"#).unwrap();
    tool.input_schema = mcp_content::model::JsonObject::parse(&format!(
        r#"{{"type":"object","properties":{{"{dotted}":1}}}}"#
    ))
    .unwrap();
    assert_eq!(
        tool.validate().unwrap_err().problems()[0].path,
        format!("inputSchema.properties.{cut}")
    );

    for (member, prefix) in [
        ("_meta", "_meta"),
        ("structuredContent", "structuredContent"),
    ] {
        let doc =
            format!(r#"{{"content":[],"{member}":{{"{dotted}":123456789012345678901234567890}}}}"#);
        let result: CallToolResult = read_json(doc.as_bytes()).unwrap();
        let error = result.to_rmcp().unwrap_err();
        assert_eq!(error.path(), format!("{prefix}.{cut}"), "{error}");
    }
    let mut result = CallToolResult::text("a");
    result.extra.insert(dotted.clone(), json!(1));
    let error = result.to_rmcp().unwrap_err();
    assert_eq!(error.path(), cut, "{error}");
}

/// Every `_meta` constructor that checks keys checks the values of the keys the 2026-07-28
/// schema types, as the reader and `validate()` do: `Meta::from_object` (JSON kept as text)
/// took `io.modelcontextprotocol/logLevel: 5`, which only `validate()` reported later.
#[test]
fn reserved_meta_keys_are_checked_by_every_meta_constructor() {
    let bad = [
        (
            json!({"io.modelcontextprotocol/logLevel": 5}),
            "io.modelcontextprotocol/logLevel",
        ),
        (
            json!({"io.modelcontextprotocol/serverInfo": {"name": "s"}}),
            "io.modelcontextprotocol/serverInfo.version",
        ),
        (
            json!({"io.modelcontextprotocol/subscriptionId": 1.5}),
            "io.modelcontextprotocol/subscriptionId",
        ),
        (
            json!({"io.modelcontextprotocol/clientCapabilities": {"roots": []}}),
            "io.modelcontextprotocol/clientCapabilities.roots",
        ),
        (
            json!({"io.modelcontextprotocol/protocolVersion": null}),
            "io.modelcontextprotocol/protocolVersion",
        ),
    ];
    for (object, path) in bad {
        let text = object.to_string();
        let from_object =
            Meta::from_object(mcp_content::model::JsonObject::parse(&text).unwrap()).unwrap_err();
        let Value::Object(map) = object else {
            unreachable!()
        };
        let from_map = Meta::from_map(map).unwrap_err();
        let read = read_json::<Meta>(text.as_bytes()).unwrap_err();
        assert_eq!(read.path(), path, "{read}");
        for error in [from_object, from_map] {
            assert_eq!(error.rule, mcp_content::rules::Rule::Type, "{error}");
            assert!(
                error.message.starts_with(&format!("{path}: ")),
                "{path}: {error}"
            );
        }
    }
    let good = json!({"io.modelcontextprotocol/logLevel": "info", "io.modelcontextprotocol/subscriptionId": 7, "com.example/k": null});
    let meta = Meta::from_object(mcp_content::model::JsonObject::parse(&good.to_string()).unwrap())
        .unwrap();
    assert_eq!(meta.len(), 3);
}

/// A number a peer spells with hundreds of digits is cut in the error that quotes it, as a
/// string would be: a negative `ttlMs`, read and built in code.
#[test]
fn bounded_error_text_cuts_long_numbers() {
    let digits = "9".repeat(400);
    let doc = format!(r#"{{"contents":[],"ttlMs":-{digits}}}"#);
    let error = read_json::<ReadResourceResult>(doc.as_bytes()).unwrap_err();
    assert_eq!(error.path(), "ttlMs");
    assert!(
        error.detail().starts_with(&format!("-{}…", &digits[..79])),
        "{error}"
    );
    assert!(error.to_string().len() < 200, "{error}");

    let result = ReadResourceResult {
        ttl_ms: Some(format!("-{digits}").parse().unwrap()),
        ..ReadResourceResult::default()
    };
    let error = result.validate().unwrap_err();
    assert!(error.to_string().len() < 200, "{error}");
    assert!(error.to_string().contains("is negative"), "{error}");
}
