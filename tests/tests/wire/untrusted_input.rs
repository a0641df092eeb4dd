//! Reading untrusted input at edges `wire/null_rule.rs` and `wire/reader_rules.rs` do not
//! walk: `null` inside arrays and on required fields, in other document types and through
//! `read_value`; what the spec allows in descriptors and for other versions; error text from
//! other values (URIs, tool names, base64, themes, keys); encoding faults in other places
//! (keys, unknown fields, descriptors, overlong UTF-8, a high surrogate at the end). The
//! limits, escaped member names, known block types and byte order marks are in
//! `wire/limits_and_checked_path.rs`.

use crate::read_by_kind::{read_kind, read_value_kind};
use mcp_content::model::{JsonInteger, ReadResourceResult, Resource};
use mcp_content::rules::Rule;
use mcp_content::wire::ReadLimits;
use mcp_content::{CallToolResult, ProtocolVersion, SerializeFor, read_json};
use serde_json::{Value, json};

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
