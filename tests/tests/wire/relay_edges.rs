//! Relaying at edges the corpus in `tests/relay/` does not walk: descriptors (tools,
//! prompts, resources, templates) and standalone blocks, messages and resource contents;
//! numbers a `f64` cannot hold (`1E400`, `1e-400`, 30-digit integers), escapes (`\/`,
//! `\u00e9`) in values and unknown keys, member names spelled with escapes, unknown fields at
//! every level, unknown blocks with `type` anywhere; each read and written back for the
//! versions that carry it, byte for byte.

use mcp_content::model::{
    GetPromptResult, Prompt, PromptMessage, ReadResourceResult, Resource, ResourceContents,
    ResourceTemplate, Tool,
};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};
use serde::de::DeserializeOwned;

const ALL: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];
const WITH_ICONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];
const BEFORE_RESULT_TYPE: [ProtocolVersion; 2] =
    [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25];

#[track_caller]
fn relayed<T: DeserializeOwned + SerializeFor>(doc: &str, versions: &[ProtocolVersion]) -> usize {
    let read: T = read_json(doc.as_bytes()).unwrap_or_else(|e| panic!("{doc}: {e}"));
    for version in versions {
        let written = String::from_utf8(read.to_json_for(*version)).unwrap();
        assert_eq!(written, doc, "{version}");
    }
    versions.len()
}

/// Numbers in spellings and magnitudes a `Value` would change, in every free-form place.
const NUMBERS: &str = r"[1E400,-1e-400,123456789012345678901234567890,-0,1.50,1E+2,0e0,-0.0e-0]";

#[test]
fn descriptors_are_relayed_byte_for_byte() {
    let mut cases = 0;
    let tool = format!(
        r#"{{"name":"t","title":"T","description":"d","inputSchema":{{"type":"object","x":{NUMBERS}}},"outputSchema":{{"type":"object","properties":{{}},"default":{{"z":1,"a":{NUMBERS}}}}},"annotations":{{"title":"A","readOnlyHint":true,"x-a":1E2}},"icons":[{{"src":"https://e.com/i","x-i":-0}}],"_meta":{{"com.example/n":{NUMBERS}}},"z-top":{NUMBERS},"a-top":{{}}}}"#
    );
    cases += relayed::<Tool>(&tool, &WITH_ICONS);
    let prompt = format!(
        r#"{{"name":"p","title":"P","arguments":[{{"name":"a","required":true,"x-arg":{NUMBERS}}},{{"name":"b","z":null}}],"icons":[{{"src":"https://e.com/i","sizes":["any"],"x":1.0}}],"_meta":{{"com.example/n":1E2}},"x-e":{NUMBERS}}}"#
    );
    cases += relayed::<Prompt>(&prompt, &WITH_ICONS);
    let resource = format!(
        r#"{{"uri":"file:///a","name":"a","mimeType":"text/plain","size":10,"annotations":{{"audience":["user"],"lastModified":"2025-W02-7","x-ann":{NUMBERS}}},"_meta":{{"com.example/n":{NUMBERS}}},"x-res":"\/"}}"#
    );
    cases += relayed::<Resource>(&resource, &ALL);
    let template = format!(
        r#"{{"uriTemplate":"file:///{{x}}","name":"x","description":"d","_meta":{{"com.example/n":-0}},"x-tpl":{NUMBERS}}}"#
    );
    cases += relayed::<ResourceTemplate>(&template, &ALL);
    assert_eq!(cases, 10);
}

#[test]
fn standalone_blocks_messages_and_contents_are_relayed_byte_for_byte() {
    let mut cases = 0;
    for block in [
        format!(
            r#"{{"type":"text","text":"t","annotations":{{"priority":0.5,"x":{NUMBERS}}},"_meta":{{"com.example/a":{NUMBERS}}},"x-b":{NUMBERS}}}"#
        ),
        format!(r#"{{"z":{NUMBERS},"type":"x-later","a":{{"type":"text"}}}}"#),
        format!(r#"{{"type":"x-type-first","":{NUMBERS}}}"#),
        format!(
            r#"{{"type":"resource","resource":{{"uri":"a:b","blob":"","x":{NUMBERS}}},"x-e":1E2}}"#
        ),
    ] {
        cases += relayed::<ContentBlock>(&block, &ALL);
    }
    let message = format!(
        r#"{{"role":"assistant","content":{{"type":"audio","data":"AAAA","mimeType":"audio/wav","x":-0}},"x-m":{NUMBERS}}}"#
    );
    cases += relayed::<PromptMessage>(&message, &ALL);
    let contents = format!(r#"{{"uri":"a:b","text":"t","_meta":{{"a.b/c":{NUMBERS}}},"x":1E400}}"#);
    // Resource contents have one form in every version: written through serde.
    let read: ResourceContents = read_json(contents.as_bytes()).unwrap();
    assert_eq!(serde_json::to_string(&read).unwrap(), contents);
    cases += 1;
    let contents =
        r#"{"uri":"a:b","blob":"AAAA","_meta":{"a.b/\u0063":1},"\ud83d\ude00":{"\"":"\\"}}"#;
    cases += relayed::<ResourceContents>(contents, &ALL);
    assert_eq!(cases, 19);
}

/// Names spelled with escapes (`\u0041`, `\"`, `\\`, `\/`, surrogate pairs) in every
/// member the model holds one by one: `_meta` keys, unknown fields of descriptors, tool
/// annotations, prompt arguments, icons, annotations, schemas' top-level names.
#[test]
fn escaped_member_names_in_descriptors_are_relayed_byte_for_byte() {
    let mut cases = 0;
    let tool = concat!(
        r#"{"name":"t","inputSchema":{"type":"object","propert\u0069es":{"\u0041":{}}},"#,
        r#""outputSchema":{"type":"object","\/":1},"annotations":{"readOnlyHint":true,"x\"":1},"#,
        r#""icons":[{"src":"https://e.com/i","\\":1}],"_meta":{"com.example/\u0041":1},"#,
        r#""\ud83d\ude00":1,"z\/":2}"#
    );
    cases += relayed::<Tool>(tool, &WITH_ICONS);
    let prompt = concat!(
        r#"{"name":"p","arguments":[{"name":"a","\u0078-arg":1},{"name":"b","q\"":[]}],"#,
        r#""_meta":{"com.example\/n":1},"\u0041":-0}"#
    );
    cases += relayed::<Prompt>(prompt, &ALL);
    let resource = concat!(
        r#"{"uri":"file:///a","name":"a","annotations":{"priority":0.5,"x-\u0061nn":1},"#,
        r#""_meta":{"com.\u0065xample/n":1},"x\\res":"\/"}"#
    );
    cases += relayed::<Resource>(resource, &ALL);
    let template = concat!(
        r#"{"uriTemplate":"file:///{x}","name":"x","_meta":{"com.example/\u006e":-0},"#,
        r#""x-tpl\ud834\udd1e":1}"#
    );
    cases += relayed::<ResourceTemplate>(template, &ALL);
    assert_eq!(cases, 11);
}

#[test]
fn results_with_numbers_at_every_level_are_relayed_byte_for_byte() {
    let mut cases = 0;
    let call = format!(
        r#"{{"content":[{{"type":"resource_link","uri":"a:b","name":"n","annotations":{{"x":{NUMBERS}}},"_meta":{{"k":1E400}},"x-l":-0}},{{"type":"x-n","n":{NUMBERS}}}],"structuredContent":{{"n":{NUMBERS}}},"isError":true,"_meta":{{"com.example/n":{NUMBERS}}},"x-r":{NUMBERS}}}"#
    );
    cases += relayed::<CallToolResult>(&call, &BEFORE_RESULT_TYPE);
    let prompt = format!(
        r#"{{"description":"d","messages":[{{"role":"user","content":{{"type":"resource","resource":{{"uri":"a:b","text":"t","x":{NUMBERS}}},"_meta":{{"k":-0}}}}}}],"_meta":{{"k":{NUMBERS}}},"x":{NUMBERS}}}"#
    );
    cases += relayed::<GetPromptResult>(&prompt, &BEFORE_RESULT_TYPE);
    let read = format!(
        r#"{{"contents":[{{"uri":"a:b","blob":"AAAA","_meta":{{"k":{NUMBERS}}},"x":{NUMBERS}}}],"_meta":{{"k":1E400}},"x-r":{NUMBERS}}}"#
    );
    cases += relayed::<ReadResourceResult>(&read, &BEFORE_RESULT_TYPE);
    // Deep: numbers 60 levels down in an unknown field.
    let deep = format!(
        r#"{{"content":[],"x":{}{NUMBERS}{}}}"#,
        "[".repeat(60),
        "]".repeat(60)
    );
    cases += relayed::<CallToolResult>(&deep, &BEFORE_RESULT_TYPE);
    assert_eq!(cases, 8);
}

/// What the model interprets is written in the writer's form (the decision documented in
/// `read_json`'s module docs), the same meaning in other bytes; and a second relay of that
/// form changes nothing. Each pair: what a peer sent, what is written for 2025-11-25.
#[test]
fn what_the_model_interprets_is_written_in_the_writers_form() {
    let pairs = [
        // Known fields in the writer's order; unknown ones after them, in the order received.
        (
            r#"{"content":[{"text":"x","type":"text"}]}"#,
            r#"{"content":[{"type":"text","text":"x"}]}"#,
        ),
        (
            r#"{"content":[{"type":"text","x-b":1,"text":"x","x-a":2}]}"#,
            r#"{"content":[{"type":"text","text":"x","x-b":1,"x-a":2}]}"#,
        ),
        (
            r#"{"isError":false,"_meta":{"a.b/c":1},"content":[]}"#,
            r#"{"content":[],"isError":false,"_meta":{"a.b/c":1}}"#,
        ),
        (
            r#"{"content":[{"type":"resource","resource":{"text":"t","uri":"a:b"}}]}"#,
            r#"{"content":[{"type":"resource","resource":{"uri":"a:b","text":"t"}}]}"#,
        ),
        // Whitespace.
        (
            "{ \"content\" : [ { \"type\" : \"text\" , \"text\" : \"a b\" } ] }",
            r#"{"content":[{"type":"text","text":"a b"}]}"#,
        ),
        // Strings the model reads, with minimal escapes.
        (
            r#"{"content":[{"type":"text","text":"caf\u00e9 \/ \u0041 \"q\""}]}"#,
            r#"{"content":[{"type":"text","text":"café / A \"q\""}]}"#,
        ),
        // Numbers the model reads, shortest.
        (
            r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.50}}]}"#,
            r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.5}}]}"#,
        ),
        (
            r#"{"content":[{"type":"text","text":"x","annotations":{"priority":1E-1}}]}"#,
            r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.1}}]}"#,
        ),
        (
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n","size":1.0}]}"#,
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n","size":1}]}"#,
        ),
        (
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n","size":1e3}]}"#,
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n","size":1000}]}"#,
        ),
        // Empty `_meta`, annotations and icons are absent.
        (
            r#"{"content":[{"type":"text","text":"x","annotations":{},"_meta":{}}],"_meta":{}}"#,
            r#"{"content":[{"type":"text","text":"x"}]}"#,
        ),
        (
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n","icons":[]}]}"#,
            r#"{"content":[{"type":"resource_link","uri":"a:b","name":"n"}]}"#,
        ),
        // `lastModified` and the uninterpreted parts are kept as received.
        (
            r#"{"content":[{"type":"text","text":"x","annotations":{"lastModified":"2025-01-12T10:00:00.000+01:00"}}],"structuredContent":{"b":1.0,"a":"\u00e9"}}"#,
            r#"{"content":[{"type":"text","text":"x","annotations":{"lastModified":"2025-01-12T10:00:00.000+01:00"}}],"structuredContent":{"b":1.0,"a":"\u00e9"}}"#,
        ),
    ];
    for (sent, written) in pairs {
        let read: CallToolResult =
            read_json(sent.as_bytes()).unwrap_or_else(|e| panic!("{sent}: {e}"));
        let out = String::from_utf8(read.to_json_for(ProtocolVersion::V2025_11_25)).unwrap();
        assert_eq!(out, written, "{sent}");
        assert_eq!(relayed::<CallToolResult>(written, &BEFORE_RESULT_TYPE), 2);
        // The same meaning: equal as JSON values (numbers by value), apart from what is left
        // out as empty.
        if !sent.contains("{}") && !sent.contains("[]}") {
            assert_eq!(by_value(sent), by_value(&out), "{sent}");
        }
    }
}

/// `json` as a `Value` whose numbers are all `f64`s (`1.0` and `1` are one value).
fn by_value(json: &str) -> serde_json::Value {
    fn numbers_as_f64(value: serde_json::Value) -> serde_json::Value {
        use serde_json::Value;
        match value {
            Value::Number(n) => serde_json::json!(n.as_f64().unwrap()),
            Value::Array(items) => Value::Array(items.into_iter().map(numbers_as_f64).collect()),
            Value::Object(map) => Value::Object(
                map.into_iter()
                    .map(|(k, v)| (k, numbers_as_f64(v)))
                    .collect(),
            ),
            other => other,
        }
    }
    numbers_as_f64(serde_json::from_str(json).unwrap())
}
