//! Sweeps, as a hostile peer would send them, over documents of every model type with every
//! optional field present, mutated at every member: bytes and `Value` read alike and what
//! is read is written valid under each version's official schema, reads back and writes
//! the same bytes, and passes `validate()` (unknown blocks aside, which it reports); error
//! text is bounded whatever value or key grows long; an unknown member with a number of
//! any spelling, escapes or nesting, put into every object, is relayed byte for byte for
//! every version; invalid UTF-8 and lone surrogate escapes anywhere are named as such.

use crate::quotes;

use mcp_content::model::{
    GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool,
};
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, ProtocolVersion, SerializeFor, Validate, read_json};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

const VERSIONS: [(ProtocolVersion, &str); 3] = [
    (ProtocolVersion::V2025_06_18, "2025-06-18"),
    (ProtocolVersion::V2025_11_25, "2025-11-25"),
    (ProtocolVersion::V2026_07_28, "2026-07-28"),
];

fn annotations() -> Value {
    json!({"audience": ["user", "assistant"], "priority": 0.5, "lastModified": "2025-01-12T10:00:00Z"})
}

fn icons() -> Value {
    json!([{"src": "https://e.com/i.png", "mimeType": "image/png", "sizes": ["48x48"], "theme": "dark"}])
}

fn blocks() -> Value {
    let meta = json!({"a.b/c": 1});
    json!([
        {"type": "text", "text": "t", "annotations": annotations(), "_meta": meta},
        {"type": "image", "data": "AAAA", "mimeType": "image/png", "annotations": annotations(), "_meta": meta},
        {"type": "audio", "data": "AAAA", "mimeType": "audio/wav", "annotations": annotations(), "_meta": meta},
        {"type": "resource_link", "uri": "a:b", "name": "n", "title": "T", "description": "d", "mimeType": "text/plain", "size": 3, "icons": icons(), "annotations": annotations(), "_meta": meta},
        {"type": "resource", "resource": {"uri": "a:b", "mimeType": "text/plain", "text": "x", "_meta": meta}, "annotations": annotations(), "_meta": meta},
        {"type": "resource", "resource": {"uri": "a:b", "mimeType": "text/plain", "blob": "AAAA", "_meta": meta}, "annotations": annotations(), "_meta": meta}
    ])
}

/// A document of each type with every optional field present.
fn docs() -> Vec<(&'static str, Value)> {
    let b = blocks();
    let messages: Vec<Value> = (0..6)
        .map(|i| {
            let role = if i % 2 == 0 { "user" } else { "assistant" };
            json!({"role": role, "content": b[i]})
        })
        .collect();
    vec![
        (
            "CallToolResult",
            json!({"content": b, "structuredContent": {"a": 1}, "isError": false, "_meta": {"a.b/c": 1}, "resultType": "complete"}),
        ),
        (
            "GetPromptResult",
            json!({"description": "d", "messages": messages, "_meta": {"a.b/c": 1}, "resultType": "complete"}),
        ),
        (
            "ReadResourceResult",
            json!({"contents": [b[4]["resource"], b[5]["resource"]], "_meta": {"a.b/c": 1}, "resultType": "complete", "ttlMs": 5, "cacheScope": "public"}),
        ),
        (
            "Tool",
            json!({"name": "t", "title": "T", "description": "d", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}, "annotations": {"title": "T", "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}, "execution": {"taskSupport": "optional"}, "icons": icons(), "_meta": {"a.b/c": 1}}),
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

/// Every JSON pointer of `value` with the member name it ends with, if any.
fn pointers(value: &Value, pointer: &str, out: &mut Vec<(String, Option<String>)>) {
    match value {
        Value::Object(map) => {
            for (key, member) in map {
                let here = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
                out.push((here.clone(), Some(key.clone())));
                pointers(member, &here, out);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let here = format!("{pointer}/{index}");
                out.push((here.clone(), None));
                pointers(item, &here, out);
            }
        }
        _ => {}
    }
}

/// What a read of a document gives: the bytes written for each version and what
/// `validate()` says, or the error text.
type Outcome = Result<(Vec<Vec<u8>>, Result<(), String>), String>;

/// The document read from bytes and from a `Value`.
fn read_both<T: DeserializeOwned + SerializeFor + Validate>(doc: &Value) -> (Outcome, Outcome) {
    let outcome = |read: Result<T, mcp_content::ReadError>| {
        read.map(|value| {
            let written = VERSIONS
                .iter()
                .map(|(v, _)| value.to_json_for(*v))
                .collect();
            (written, value.validate().map_err(|e| e.to_string()))
        })
        .map_err(|e| e.to_string())
    };
    (
        outcome(read_json::<T>(&serde_json::to_vec(doc).unwrap())),
        outcome(read_value::<T>(doc.clone())),
    )
}

fn read_kind(kind: &str, doc: &Value) -> (Outcome, Outcome) {
    match kind {
        "CallToolResult" => read_both::<CallToolResult>(doc),
        "GetPromptResult" => read_both::<GetPromptResult>(doc),
        "ReadResourceResult" => read_both::<ReadResourceResult>(doc),
        "Tool" => read_both::<Tool>(doc),
        "Prompt" => read_both::<Prompt>(doc),
        "Resource" => read_both::<Resource>(doc),
        _ => read_both::<ResourceTemplate>(doc),
    }
}

/// Every member and element of every document replaced by values of other types and
/// shapes, and every object member removed: bytes and `Value` give the same outcome; what
/// is read writes a document valid under each version's schema (unknown blocks aside: they
/// are relayed, not valid anywhere) that reads back to the same bytes, and `validate()`
/// passes it (or names the unknown block).
#[test]
fn every_member_mutated_reads_alike_and_writes_valid_documents() {
    let long = "x".repeat(300);
    let replacements = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(1.0),
        json!(""),
        json!("x"),
        json!("a:b"),
        json!([]),
        json!({}),
        json!(long),
        json!([null]),
        json!({"type": "text"}),
        json!(18_446_744_073_709_551_615_u64),
        json!(-0.0),
        json!("2025-01-12"),
        json!("user"),
    ];
    let mut cases = 0;
    for (kind, doc) in docs() {
        let mut all = Vec::new();
        pointers(&doc, "", &mut all);
        let mut mutated = Vec::new();
        for (pointer, _) in &all {
            for replacement in &replacements {
                let mut changed = doc.clone();
                *changed.pointer_mut(pointer).unwrap() = replacement.clone();
                mutated.push((format!("{pointer} = {replacement}"), changed));
            }
            let (parent, last) = pointer.rsplit_once('/').unwrap();
            let mut changed = doc.clone();
            if let Some(Value::Object(object)) = changed.pointer_mut(parent) {
                object.remove(&last.replace("~1", "/").replace("~0", "~"));
                mutated.push((format!("{pointer} removed"), changed));
            }
        }
        for (what, changed) in mutated {
            let (from_bytes, from_value) = read_kind(kind, &changed);
            assert_eq!(from_bytes, from_value, "{kind} {what}");
            cases += 1;
            let Ok((written, validated)) = from_bytes else {
                continue;
            };
            let unknown_block = validated
                .as_ref()
                .is_err_and(|e| e.contains("is in no supported protocol version"));
            assert!(
                validated.is_ok() || unknown_block,
                "{kind} {what}: {validated:?}"
            );
            for ((_, version), bytes) in VERSIONS.iter().zip(&written) {
                let json: Value = serde_json::from_slice(bytes).unwrap();
                if !unknown_block {
                    let valid = mcp_content_tests::validate(version, kind, &json);
                    assert!(valid.is_ok(), "{kind} {what} {version}: {valid:?}");
                }
                let (again, _) = read_kind(kind, &json);
                let again = again.unwrap_or_else(|e| panic!("{kind} {what} {version}: {e}"));
                let index = VERSIONS.iter().position(|(_, v)| v == version).unwrap();
                assert_eq!(&again.0[index], bytes, "{kind} {what} {version}");
            }
        }
    }
    assert!(cases > 5_000, "{cases}");
}

/// Every string value grown to 300 characters (with and without the characters its rule
/// stops at) and every member name grown the same way: every error, from bytes and from a
/// `Value`, is under 500 characters and quotes at most 80 of any value or key.
#[test]
fn long_values_and_keys_anywhere_give_short_errors() {
    let long = "x".repeat(300);
    let mut cases = 0;
    let check = |kind: &str, what: &str, doc: &Value| {
        let (from_bytes, from_value) = read_kind(kind, doc);
        for outcome in [from_bytes, from_value] {
            if let Err(error) = outcome {
                assert!(
                    error.chars().count() < 500 && quotes::quotes_are_cut(&error, 80),
                    "{kind} {what}: {error}"
                );
            }
        }
    };
    for (kind, doc) in docs() {
        let mut all = Vec::new();
        pointers(&doc, "", &mut all);
        for (pointer, key) in &all {
            if let Value::String(text) = doc.pointer(pointer).unwrap() {
                for grown in [
                    format!("{text}{long}"),
                    format!("{long}{text}"),
                    format!("{text}\u{1}{long}"),
                    "é".repeat(300),
                    format!("{text} {long}"),
                    format!("{text}/{long}"),
                ] {
                    let mut changed = doc.clone();
                    *changed.pointer_mut(pointer).unwrap() = Value::String(grown);
                    check(kind, pointer, &changed);
                    cases += 1;
                }
            }
            let Some(key) = key else { continue };
            let (parent, _) = pointer.rsplit_once('/').unwrap();
            for grown in [
                format!("{key}{long}"),
                format!("a.b/{long}!"),
                format!("io.modelcontextprotocol/{long}"),
            ] {
                let mut changed = doc.clone();
                let object = if parent.is_empty() {
                    changed.as_object_mut()
                } else {
                    changed.pointer_mut(parent).and_then(Value::as_object_mut)
                }
                .unwrap();
                let value = object.remove(key.as_str()).unwrap();
                object.insert(grown, value);
                check(kind, &format!("{pointer} (key)"), &changed);
                cases += 1;
            }
        }
    }
    assert!(cases > 1_000, "{cases}");
}

/// `text` with `,"x-z":<member>` put before the closing brace of each object in turn.
fn with_member_in_each_object(text: &str, member: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let (mut in_string, mut escaped) = (false, false);
    let mut out = Vec::new();
    for (at, &byte) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if byte == b'\\' {
                escaped = true;
            } else if byte == b'"' {
                in_string = false;
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'}' => {
                let comma = if bytes[at - 1] == b'{' { "" } else { "," };
                out.push(format!(
                    "{}{comma}\"x-z\":{member}{}",
                    &text[..at],
                    &text[at..]
                ));
            }
            _ => {}
        }
    }
    out
}

fn relayed(kind: &str, text: &str, version: ProtocolVersion) -> Result<String, String> {
    fn go<T: DeserializeOwned + SerializeFor>(
        text: &str,
        version: ProtocolVersion,
    ) -> Result<String, String> {
        read_json::<T>(text.as_bytes())
            .map(|value| String::from_utf8(value.to_json_for(version)).unwrap())
            .map_err(|e| e.to_string())
    }
    match kind {
        "CallToolResult" => go::<CallToolResult>(text, version),
        "GetPromptResult" => go::<GetPromptResult>(text, version),
        "ReadResourceResult" => go::<ReadResourceResult>(text, version),
        "Tool" => go::<Tool>(text, version),
        "Prompt" => go::<Prompt>(text, version),
        "Resource" => go::<Resource>(text, version),
        _ => go::<ResourceTemplate>(text, version),
    }
}

/// An unknown member put into every object of every document, as each version writes it
/// (known fields, `_meta`, structured content, schemas, annotations, icons, resource
/// contents, messages): numbers a `f64` cannot hold or that have other spellings, escapes,
/// nested objects in their order, `null` — read and written back byte for byte.
#[test]
fn an_unknown_member_in_every_object_is_relayed_byte_for_byte() {
    let members = [
        "1E400",
        "-0",
        "-0.0",
        "1.0",
        "1e-400",
        "0.1e1",
        "1180591620717411303424",
        r#""caf\u00e9\/\ud83d\ude00""#,
        r#"{"b":1,"a":[1.50,{"type":"text"}]}"#,
        "null",
        "[]",
        "{}",
    ];
    let mut cases = 0;
    for (kind, doc) in docs() {
        for (version, _) in VERSIONS {
            let base = relayed(kind, &doc.to_string(), version).unwrap();
            for member in members {
                for text in with_member_in_each_object(&base, member) {
                    assert_eq!(relayed(kind, &text, version), Ok(text.clone()), "{version}");
                    cases += 1;
                }
            }
        }
    }
    assert!(cases > 2_000, "{cases}");
}

/// Invalid UTF-8 (a stray byte, an overlong encoding, a surrogate encoded in UTF-8, a cut
/// or past-the-end sequence) at every offset, and a lone or reversed surrogate escape at
/// the start of every string: each named as what it is.
#[test]
fn encoding_faults_at_every_offset_are_named() {
    let doc = r#"{"content":[{"type":"text","text":"héllo","_meta":{"a.b/c":"x"},"x-u":"y"}],"structuredContent":{"k":"v"},"_meta":{"com.example/z":["q"]}}"#;
    let bytes = doc.as_bytes();
    let mut cases = 0;
    for at in 0..=bytes.len() {
        for bad in [
            &b"\xFF"[..],
            b"\xC0\x80",
            b"\xED\xA0\x80",
            b"\xE2\x82",
            b"\xF4\x90\x80\x80",
            b"\x80",
        ] {
            let text = [&bytes[..at], bad, &bytes[at..]].concat();
            let error = read_json::<CallToolResult>(&text).unwrap_err().to_string();
            assert!(error.contains("invalid UTF-8"), "{at} {bad:?}: {error}");
            cases += 1;
        }
    }
    for (at, _) in doc.match_indices('"') {
        for escape in [
            r"\ud800",
            r"\udc00",
            r"\udc00\ud800",
            r"\ud800\u0041",
            r"\uDBFF",
        ] {
            let text = format!("{}{escape}{}", &doc[..=at], &doc[at + 1..]);
            let error = read_json::<CallToolResult>(text.as_bytes())
                .unwrap_err()
                .to_string();
            assert!(
                error.contains("lone surrogate escape"),
                "{at} {escape}: {error}"
            );
            cases += 1;
        }
    }
    assert!(cases > 800, "{cases}");
}
