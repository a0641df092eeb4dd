//! Relaying changes nothing: every document in `tests/relay/<version>/` is read into the
//! model and written back for that protocol version, and the bytes must be identical.
//!
//! The documents carry what a `serde_json::Value` would change: integers beyond 64 bits,
//! number spellings (`1E2`, `-0`, `1.0`, `1e-7`, `1.50`), unsorted keys, `\u` escapes, in
//! `_meta` values, unknown fields (on results, blocks, annotations, icons, resource contents,
//! prompt messages), unknown blocks (`type` first or not) and structured content of every
//! JSON type. Each directory holds documents valid for its version (no `resultType` before
//! 2026-07-28, no icons in 2025-06-18, object structured content before 2026-07-28), written
//! in the order the writer uses for the fields it knows.
//!
//! File names say the type read: `call-tool-*`, `read-resource-*`, `get-prompt-*`; each is
//! also valid under its version's official schema, except `*-unknown-*` (unknown block types
//! are outside every version's schema).

use std::path::Path;

use mcp_content::{
    CallToolResult, GetPromptResult, ProtocolVersion, ReadResourceResult, SerializeFor, Tool,
    read_json,
};
use serde::de::DeserializeOwned;

fn relay<T: DeserializeOwned + SerializeFor>(bytes: &[u8], version: ProtocolVersion) -> Vec<u8> {
    let read: T = read_json(bytes).unwrap_or_else(|e| panic!("{e}"));
    read.to_json_for(version)
}

#[test]
fn every_relay_document_is_written_back_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("relay");
    let mut checked = 0;
    for version in [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ] {
        let dir = root.join(version.as_str());
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        names.sort();
        for path in names {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).expect("readable");
            let input = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
            let written = if name.starts_with("call-tool") {
                relay::<CallToolResult>(input, version)
            } else if name.starts_with("read-resource") {
                relay::<ReadResourceResult>(input, version)
            } else if name.starts_with("get-prompt") {
                relay::<GetPromptResult>(input, version)
            } else {
                panic!("{name}: unknown document kind");
            };
            assert_eq!(
                String::from_utf8_lossy(&written),
                String::from_utf8_lossy(input),
                "{version} {name}"
            );
            // Valid for its version: the official schema accepts it (blocks of an unknown
            // type are outside every version's schema: those documents are only relayed).
            if name.contains("-unknown-") {
                checked += 1;
                continue;
            }
            let value: serde_json::Value = serde_json::from_slice(input).unwrap();
            let def = if name.starts_with("call-tool") {
                "CallToolResult"
            } else if name.starts_with("read-resource") {
                "ReadResourceResult"
            } else {
                "GetPromptResult"
            };
            mcp_content_tests::assert_valid(version.as_str(), def, &value);
            checked += 1;
        }
    }
    assert_eq!(checked, 20, "every corpus document was checked");
}

#[test]
fn relayed_values_keep_their_spelling_in_the_model_too() {
    let doc = br#"{"content":[],"structuredContent":{"z":123456789012345678901234567890,"a":1E2},"_meta":{"com.example/n":-0},"zNew":1.0}"#;
    let result: CallToolResult = read_json(doc).unwrap();
    assert_eq!(
        result.structured_content.as_ref().unwrap().as_str(),
        r#"{"z":123456789012345678901234567890,"a":1E2}"#
    );
    assert_eq!(result.meta.get("com.example/n").unwrap().get(), "-0");
    assert_eq!(result.extra.get("zNew").unwrap().get(), "1.0");
    // Whitespace between tokens is not kept (the writer writes compact JSON); the rest is.
    let spaced = br#"{"content": [], "structuredContent": { "b" : [ 1E2 , "a b" ] }}"#;
    let result: CallToolResult = read_json(spaced).unwrap();
    assert_eq!(
        result.structured_content.unwrap().as_str(),
        r#"{"b":[1E2,"a b"]}"#
    );
}

/// A tool's schemas and an icon's sizes are kept as text too (not `serde_json::Map`s and
/// `Vec<String>`s, which would cost 10 times the input's size): what a `Value` would change
/// in them is written back as it came, for every version that carries them.
#[test]
fn tool_schemas_and_icon_sizes_are_relayed_byte_for_byte() {
    let tool = concat!(
        r#"{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer","#,
        r#""maximum":1E2,"minimum":-0,"multipleOf":1.50}},"x-big":123456789012345678901234567890,"#,
        r#""b":1,"a":"\u00e9"},"outputSchema":{"type":"object","z":1.0,"a":[]},"#,
        r#""icons":[{"src":"https://example.com/i.png","sizes":["48x48","\u0061ny",""]}]}"#
    );
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let written = relay::<Tool>(tool.as_bytes(), version);
        assert_eq!(String::from_utf8_lossy(&written), tool, "{version}");
    }
    let read: Tool = read_json(tool.as_bytes()).unwrap();
    let sizes = read.icons[0].sizes.as_ref().unwrap();
    assert_eq!(sizes.to_vec(), ["48x48", "any", ""]);
    assert_eq!(sizes.len(), 3);
    // 2025-06-18 has no icons: the schemas alone are written back, unchanged.
    let old =
        String::from_utf8(relay::<Tool>(tool.as_bytes(), ProtocolVersion::V2025_06_18)).unwrap();
    assert_eq!(
        old,
        tool.split(r#","icons""#).next().unwrap().to_owned() + "}"
    );
}

/// The documented exception (README, `model::json`): member names the model holds one by one
/// are decoded; values and structured content keep their spelling.
#[test]
fn escaped_member_names_are_decoded_only_where_the_model_holds_members() {
    let doc = br#"{"content":[{"type":"text","text":"x","_meta":{"com.example/\u0041":"\u0042"},"\u0078tra":1}],"structuredContent":{"\u0043":"\u0044"},"isError":false}"#;
    let out =
        String::from_utf8(relay::<CallToolResult>(doc, ProtocolVersion::V2025_11_25)).unwrap();
    // `_meta` key and unknown-field name: decoded; their values: as received.
    assert!(out.contains(r#""com.example/A":"\u0042""#), "{out}");
    assert!(out.contains(r#""xtra":1"#), "{out}");
    // Structured content is one uninterpreted value: kept whole.
    assert!(
        out.contains(r#""structuredContent":{"\u0043":"\u0044"}"#),
        "{out}"
    );
}
