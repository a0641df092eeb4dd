//! The reader at its edges, one test per rule of reading untrusted input, each a
//! table of cases: here the one `null` rule for every optional field of every model type
//! (the table of fields is most of this file). What the spec allows, the limits, error text
//! cut to 80 characters, encoding faults and `ReadLimits::unlimited()` are in
//! `wire/reader_rules.rs`.

use crate::read_through_bytes::read_as;
use mcp_content::model::{
    GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool,
};
use mcp_content::rules::Rule;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, ReadError, read_json};
use serde_json::{Value, json};

/// A document of `kind`, valid, with every optional field at `pointer` (a JSON pointer to an
/// object) set to `null` in turn by the caller.
fn valid(kind: &str) -> Value {
    let icon = json!({"src": "https://example.com/i.png"});
    let annotations = json!({"audience": ["user"]});
    match kind {
        "CallToolResult" => json!({"content": [
            {"type": "text", "text": "t", "annotations": annotations},
            {"type": "image", "data": "AAAA", "mimeType": "image/png"},
            {"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
            {"type": "resource_link", "uri": "file:///a", "name": "a", "icons": [icon]},
            {"type": "resource", "resource": {"uri": "file:///b", "text": "b"}},
            {"type": "resource", "resource": {"uri": "file:///c", "blob": "AAAA"}},
        ]}),
        "Tool" => {
            json!({"name": "t", "inputSchema": {"type": "object"}, "annotations": {}, "icons": [icon]})
        }
        "Resource" => json!({"uri": "file:///a", "name": "a"}),
        "ResourceTemplate" => json!({"uriTemplate": "file:///{x}", "name": "a"}),
        "ReadResourceResult" => json!({"contents": [{"uri": "file:///a", "text": "a"}]}),
        "Prompt" => json!({"name": "p", "arguments": [{"name": "a"}]}),
        "GetPromptResult" => {
            json!({"messages": [{"role": "user", "content": {"type": "text", "text": "t"}}]})
        }
        _ => unreachable!("{kind}"),
    }
}

fn read_kind(kind: &str, value: &Value) -> Result<(), ReadError> {
    match kind {
        "CallToolResult" => read_as::<CallToolResult>(value).map(drop),
        "Tool" => read_as::<Tool>(value).map(drop),
        "Resource" => read_as::<Resource>(value).map(drop),
        "ResourceTemplate" => read_as::<ResourceTemplate>(value).map(drop),
        "ReadResourceResult" => read_as::<ReadResourceResult>(value).map(drop),
        "Prompt" => read_as::<Prompt>(value).map(drop),
        "GetPromptResult" => read_as::<GetPromptResult>(value).map(drop),
        _ => unreachable!("{kind}"),
    }
}

/// Every optional field of every model type: (document kind, JSON pointer of the object that
/// holds it, field, the error path).
const OPTIONAL_FIELDS: &[(&str, &str, &str, &str)] = &[
    ("CallToolResult", "", "isError", "isError"),
    ("CallToolResult", "", "_meta", "_meta"),
    ("CallToolResult", "", "resultType", "resultType"),
    (
        "CallToolResult",
        "/content/0",
        "annotations",
        "content[0].annotations",
    ),
    ("CallToolResult", "/content/0", "_meta", "content[0]._meta"),
    (
        "CallToolResult",
        "/content/0/annotations",
        "audience",
        "content[0].annotations.audience",
    ),
    (
        "CallToolResult",
        "/content/0/annotations",
        "priority",
        "content[0].annotations.priority",
    ),
    (
        "CallToolResult",
        "/content/0/annotations",
        "lastModified",
        "content[0].annotations.lastModified",
    ),
    (
        "CallToolResult",
        "/content/1",
        "annotations",
        "content[1].annotations",
    ),
    ("CallToolResult", "/content/1", "_meta", "content[1]._meta"),
    (
        "CallToolResult",
        "/content/2",
        "annotations",
        "content[2].annotations",
    ),
    ("CallToolResult", "/content/2", "_meta", "content[2]._meta"),
    ("CallToolResult", "/content/3", "title", "content[3].title"),
    (
        "CallToolResult",
        "/content/3",
        "description",
        "content[3].description",
    ),
    (
        "CallToolResult",
        "/content/3",
        "mimeType",
        "content[3].mimeType",
    ),
    ("CallToolResult", "/content/3", "size", "content[3].size"),
    ("CallToolResult", "/content/3", "icons", "content[3].icons"),
    (
        "CallToolResult",
        "/content/3",
        "annotations",
        "content[3].annotations",
    ),
    ("CallToolResult", "/content/3", "_meta", "content[3]._meta"),
    (
        "CallToolResult",
        "/content/3/icons/0",
        "mimeType",
        "content[3].icons[0].mimeType",
    ),
    (
        "CallToolResult",
        "/content/3/icons/0",
        "sizes",
        "content[3].icons[0].sizes",
    ),
    (
        "CallToolResult",
        "/content/3/icons/0",
        "theme",
        "content[3].icons[0].theme",
    ),
    (
        "CallToolResult",
        "/content/4",
        "annotations",
        "content[4].annotations",
    ),
    ("CallToolResult", "/content/4", "_meta", "content[4]._meta"),
    (
        "CallToolResult",
        "/content/4/resource",
        "mimeType",
        "content[4].resource.mimeType",
    ),
    (
        "CallToolResult",
        "/content/4/resource",
        "_meta",
        "content[4].resource._meta",
    ),
    (
        "CallToolResult",
        "/content/5/resource",
        "mimeType",
        "content[5].resource.mimeType",
    ),
    (
        "CallToolResult",
        "/content/5/resource",
        "_meta",
        "content[5].resource._meta",
    ),
    ("Tool", "", "title", "title"),
    ("Tool", "", "description", "description"),
    ("Tool", "", "outputSchema", "outputSchema"),
    ("Tool", "", "annotations", "annotations"),
    ("Tool", "", "icons", "icons"),
    ("Tool", "", "_meta", "_meta"),
    ("Tool", "/annotations", "title", "annotations.title"),
    (
        "Tool",
        "/annotations",
        "readOnlyHint",
        "annotations.readOnlyHint",
    ),
    (
        "Tool",
        "/annotations",
        "destructiveHint",
        "annotations.destructiveHint",
    ),
    (
        "Tool",
        "/annotations",
        "idempotentHint",
        "annotations.idempotentHint",
    ),
    (
        "Tool",
        "/annotations",
        "openWorldHint",
        "annotations.openWorldHint",
    ),
    ("Tool", "/icons/0", "theme", "icons[0].theme"),
    ("Resource", "", "title", "title"),
    ("Resource", "", "description", "description"),
    ("Resource", "", "mimeType", "mimeType"),
    ("Resource", "", "size", "size"),
    ("Resource", "", "annotations", "annotations"),
    ("Resource", "", "icons", "icons"),
    ("Resource", "", "_meta", "_meta"),
    ("ResourceTemplate", "", "title", "title"),
    ("ResourceTemplate", "", "description", "description"),
    ("ResourceTemplate", "", "mimeType", "mimeType"),
    ("ResourceTemplate", "", "annotations", "annotations"),
    ("ResourceTemplate", "", "icons", "icons"),
    ("ResourceTemplate", "", "_meta", "_meta"),
    ("ReadResourceResult", "", "_meta", "_meta"),
    ("ReadResourceResult", "", "resultType", "resultType"),
    ("ReadResourceResult", "", "cacheScope", "cacheScope"),
    ("ReadResourceResult", "", "ttlMs", "ttlMs"),
    (
        "ReadResourceResult",
        "/contents/0",
        "mimeType",
        "contents[0].mimeType",
    ),
    (
        "ReadResourceResult",
        "/contents/0",
        "_meta",
        "contents[0]._meta",
    ),
    ("Prompt", "", "title", "title"),
    ("Prompt", "", "description", "description"),
    ("Prompt", "", "arguments", "arguments"),
    ("Prompt", "", "icons", "icons"),
    ("Prompt", "", "_meta", "_meta"),
    ("Prompt", "/arguments/0", "title", "arguments[0].title"),
    (
        "Prompt",
        "/arguments/0",
        "description",
        "arguments[0].description",
    ),
    (
        "Prompt",
        "/arguments/0",
        "required",
        "arguments[0].required",
    ),
    ("GetPromptResult", "", "description", "description"),
    ("GetPromptResult", "", "_meta", "_meta"),
    ("GetPromptResult", "", "resultType", "resultType"),
    (
        "GetPromptResult",
        "/messages/0/content",
        "annotations",
        "messages[0].content.annotations",
    ),
    (
        "GetPromptResult",
        "/messages/0/content",
        "_meta",
        "messages[0].content._meta",
    ),
];

/// The one `null` rule: the official schemas give no optional field a `null` type, so `null`
/// is refused with the field's path and rule `type` — never dropped, never written back as
/// something else (`ttlMs: 0`).
#[test]
fn null_is_refused_on_every_optional_field() {
    for (kind, pointer, field, path) in OPTIONAL_FIELDS {
        let base = valid(kind);
        read_kind(kind, &base).unwrap_or_else(|e| panic!("{kind} base: {e}"));
        let mut doc = base.clone();
        doc.pointer_mut(pointer)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("{kind} {pointer}"))
            .insert((*field).to_owned(), Value::Null);
        let error = read_kind(kind, &doc).expect_err(&format!("{kind}{pointer}/{field}: null"));
        assert_eq!(error.path(), *path, "{kind} {field}: {error}");
        assert_eq!(error.rule(), Some(Rule::Type), "{kind} {field}: {error}");
        assert!(error.detail().contains("null"), "{error}");
        // The same through a `Value`.
        let error = match *kind {
            "CallToolResult" => read_value::<CallToolResult>(doc.clone()).map(drop),
            _ => Err(error),
        };
        if *kind == "CallToolResult" {
            assert_eq!(error.expect_err("null").path(), *path);
        }
    }
    // `structuredContent: null` is a value (the 2026-07-28 schema allows any JSON value): kept.
    let result: CallToolResult = read_json(br#"{"content":[],"structuredContent":null}"#).unwrap();
    assert!(result.structured_content.unwrap().is_null());
}
