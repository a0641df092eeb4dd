//! Relaying changes nothing: every document in `tests/relay/<version>/` is read into the
//! model and written back for that protocol version, and the bytes must be identical.
//!
//! The documents carry what a `serde_json::Value` would change: integers beyond 64 bits,
//! number spellings (`1E2`, `-0`, `1.0`, `1e-7`, `1.50`), unsorted keys, `\u` escapes, in
//! `_meta` values, unknown fields (on results, blocks, annotations, icons, resource contents,
//! prompt messages), unknown blocks (`type` first or not) and structured content of every
//! JSON type, typed `_meta` keys with unknown members, open result types (`input_required`
//! with its unknown fields, `x-later`), `http:` icons and a date-only `lastModified`. Each
//! directory holds documents valid for its version (no `resultType` before
//! 2026-07-28, no icons in 2025-06-18, object structured content before 2026-07-28), written
//! in the order the writer uses for the fields it knows.
//!
//! File names say the type read: `call-tool-*`, `read-resource-*`, `get-prompt-*`; each is
//! also valid under its version's official schema, except `*-unknown-*` (unknown block types
//! are outside every version's schema).

use std::path::Path;

use mcp_content::model::{GetPromptResult, ReadResourceResult, Tool};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};
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
    assert_eq!(checked, 34, "every corpus document was checked");
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

/// Member names the model holds one by one (`_meta` keys, unknown fields at every level,
/// the fields of unknown blocks) keep their spelling: `\u0041`, `\"`, `\\`, `\/` and
/// surrogate pairs are written back as received, while every lookup uses the decoded name.
#[test]
fn escaped_member_names_are_relayed_byte_for_byte() {
    let docs = [
        // `_meta` of the result, of a block, of resource contents; unknown fields of the
        // result, a block, annotations, resource contents, an icon; an unknown block.
        concat!(
            r#"{"content":[{"type":"text","text":"x","annotations":{"priority":0.5,"x\u0041":1},"#,
            r#""_meta":{"com.example/\u0041":"\u0042","com.example\/b":1},"\u0078tra":1,"q\"":2,"b\\s":3},"#,
            r#"{"type":"resource","resource":{"uri":"a:b","text":"t","_meta":{"a.b/\u0063":1},"\ud83d\ude00":1}},"#,
            r#"{"type":"resource_link","uri":"a:b","name":"n","icons":[{"src":"https://e.com/i","\u0069":1}]},"#,
            r#"{"t\u0079pe":"x-new","\u0041":{"\u0042":1}}],"#,
            r#""structuredContent":{"\u0043":"\u0044"},"isError":false,"_meta":{"com.\u0065xample/z":1},"\/":1}"#
        ),
        // Names that decode to the same text as a known field of another type, and many
        // members (past the one pass's 32 keys).
        &format!(
            r#"{{"content":[],"_meta":{{{}}}}}"#,
            (0..40)
                .map(|i| format!(r#""com.example/\u00{:02x}{i}":{i}"#, 0x61 + i % 26))
                .collect::<Vec<_>>()
                .join(",")
        ),
    ];
    for doc in docs {
        let written = relay::<CallToolResult>(doc.as_bytes(), ProtocolVersion::V2025_11_25);
        assert_eq!(String::from_utf8_lossy(&written), doc);
    }
    // Lookups, and a `Value`, use the decoded names.
    let result: CallToolResult = read_json(docs[0].as_bytes()).unwrap();
    assert_eq!(result.meta.get("com.example/z").unwrap().get(), "1");
    assert_eq!(result.extra.get("/").unwrap().get(), "1");
    let ContentBlock::Text(text) = &result.content[0] else {
        panic!("a text block")
    };
    assert_eq!(text.meta.get("com.example/A").unwrap().get(), r#""\u0042""#);
    assert_eq!(text.meta.get("com.example/b").unwrap().get(), "1");
    assert!(text.extra.contains_key("xtra") && text.extra.contains_key("q\""));
    assert!(text.extra.contains_key("b\\s"));
    assert!(text.annotations.as_ref().unwrap().extra.contains_key("xA"));
    let value = result.to_value_for(ProtocolVersion::V2025_11_25);
    assert_eq!(value["content"][0]["_meta"]["com.example/A"], "B");
    assert_eq!(value["content"][3]["type"], "x-new");
    // Editing a map keeps the spelling of the members it does not touch.
    let mut meta = text.meta.clone();
    meta.insert("com.example/c", 2).unwrap();
    assert_eq!(meta.remove("com.example/b").unwrap().as_str(), "1");
    assert_eq!(
        meta.as_object().as_str(),
        r#"{"com.example/\u0041":"\u0042","com.example/c":2}"#
    );
}

/// A name spelled with escapes is the same name as its plain spelling: two of them in one
/// object are a duplicate, named by the decoded text, at every level.
#[test]
fn an_escaped_name_and_its_plain_spelling_are_one_key() {
    for (doc, path, key) in [
        (
            r#"{"content":[],"_meta":{"a.b/\u0063":1,"a.b/c":2}}"#,
            "_meta",
            "a.b/c",
        ),
        (r#"{"content":[],"x\u0041":1,"xA":2}"#, ".", "xA"),
        (r#"{"content":[],"con\u0074ent":[]}"#, ".", "content"),
        (
            r#"{"content":[{"type":"text","text":"x","\/":1,"/":2}]}"#,
            "content[0]",
            "/",
        ),
        (
            r#"{"content":[{"type":"x-new","\ud83d\ude00":1,"😀":2}]}"#,
            "content[0]",
            "😀",
        ),
    ] {
        let err = read_json::<CallToolResult>(doc.as_bytes()).unwrap_err();
        assert_eq!(err.path(), path, "{doc}: {err}");
        assert!(
            err.to_string()
                .contains(&format!("duplicate field `{key}`")),
            "{doc}: {err}"
        );
    }
}

/// The rules of `_meta` keys and the paths of errors use the decoded name: a reserved key is
/// reserved however it is spelled, and an error below an escaped name names it decoded.
#[test]
fn rules_and_error_paths_use_the_decoded_name() {
    let cases = [
        (
            r#"{"content":[],"_meta":{"io.modelcontextprotocol\/serverInfo":{"name":"s"}}}"#,
            "_meta.io.modelcontextprotocol/serverInfo.version",
        ),
        (
            r#"{"content":[],"_meta":{"io.model\u0063ontextprotocol/logLevel":"loud"}}"#,
            "_meta.io.modelcontextprotocol/logLevel",
        ),
        (
            r#"{"content":[{"t\u0079pe":"text","\u0074ext":1}]}"#,
            "content[0].text",
        ),
        (
            r#"{"content":[{"\u0074ext":"x","annotations":{"prior\u0069ty":2},"type":"text"}]}"#,
            "content[0].annotations.priority",
        ),
        (
            r#"{"content":[],"is\u0045rror":null,"x\u0041":1}"#,
            "isError",
        ),
    ];
    for (doc, path) in cases {
        let err = read_json::<CallToolResult>(doc.as_bytes()).unwrap_err();
        assert_eq!(err.path(), path, "{doc}: {err}");
    }
    // The key grammar is checked on the decoded name: `\u0020` is a space.
    let err = read_json::<CallToolResult>(br#"{"content":[],"_meta":{"a\u0020b":1}}"#).unwrap_err();
    assert!(err.path().starts_with("_meta"), "{err}");
}
