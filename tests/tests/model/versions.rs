//! One model, written for the version a peer negotiated, and lossless relaying: blocks of
//! an unknown `type` and unknown fields on known blocks survive deserialize → serialize.

use crate::model_fixtures as fx;
use mcp_content::model::{GetPromptResult, ReadResourceResult};
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use mcp_content_tests::assert_valid;
use serde_json::{Value, json};

const V2025_06_18: ProtocolVersion = ProtocolVersion::V2025_06_18;
const V2025_11_25: ProtocolVersion = ProtocolVersion::V2025_11_25;
const V2026_07_28: ProtocolVersion = ProtocolVersion::V2026_07_28;

#[test]
fn default_serialize_is_the_latest_version() {
    assert_eq!(ProtocolVersion::LATEST, V2026_07_28);
    for (name, result) in fx::call_tool_results() {
        assert_eq!(
            serde_json::to_value(&result).expect("writes"),
            result.to_value_for(V2026_07_28),
            "{name}"
        );
        // The byte writers agree with the value writer.
        for version in ProtocolVersion::ALL {
            let bytes = result.to_json_for(version);
            let mut appended = b"prefix".to_vec();
            result.write_json_for(version, &mut appended);
            assert_eq!(&appended[6..], &bytes[..], "{name}");
            let parsed: Value = serde_json::from_slice(&bytes).expect("JSON");
            assert_eq!(parsed, result.to_value_for(version), "{version} {name}");
        }
    }
}

#[test]
fn result_type_only_for_2026() {
    let result = CallToolResult::text("hi");
    assert_eq!(
        result.to_value_for(V2025_06_18),
        json!({"content": [{"type": "text", "text": "hi"}]})
    );
    assert_eq!(
        result.to_value_for(V2025_11_25),
        json!({"content": [{"type": "text", "text": "hi"}]})
    );
    assert_eq!(
        result.to_value_for(V2026_07_28),
        json!({"content": [{"type": "text", "text": "hi"}], "resultType": "complete"})
    );
    // A `resultType` read from a peer is written as received for 2026, dropped for 2025.
    let read: CallToolResult =
        read_json(br#"{"content":[],"resultType":"complete"}"#).expect("reads");
    assert_eq!(read.to_value_for(V2025_11_25), json!({"content": []}));
    assert_eq!(
        read.to_value_for(V2026_07_28),
        json!({"content": [], "resultType": "complete"})
    );

    let prompt = GetPromptResult::new(Vec::new());
    assert_eq!(prompt.to_value_for(V2025_06_18), json!({"messages": []}));
    assert_eq!(
        prompt.to_value_for(V2026_07_28),
        json!({"messages": [], "resultType": "complete"})
    );
}

#[test]
fn non_object_structured_content_is_wrapped_for_2025() {
    for value in [
        json!([1, 2]),
        json!("s"),
        json!(3.5),
        json!(true),
        Value::Null,
    ] {
        let result = CallToolResult::structured(value.clone());
        for version in [V2025_06_18, V2025_11_25] {
            let json = result.to_value_for(version);
            assert_eq!(
                json["structuredContent"],
                json!({ "result": value }),
                "{version}"
            );
            assert_valid(version.as_str(), "CallToolResult", &json);
        }
        let json = result.to_value_for(V2026_07_28);
        assert_eq!(json["structuredContent"], value);
        assert_valid("2026-07-28", "CallToolResult", &json);
    }
    // An object is never wrapped.
    let object = json!({"result": 1, "other": 2});
    for version in ProtocolVersion::ALL {
        assert_eq!(
            CallToolResult::structured(object.clone()).to_value_for(version)["structuredContent"],
            object
        );
    }
}

#[test]
fn icons_never_reach_2025_06_18() {
    for (name, block) in fx::blocks() {
        let old = block.to_value_for(V2025_06_18);
        assert!(old.get("icons").is_none(), "{name}");
    }
    let (_, tool) = fx::tools()
        .into_iter()
        .find(|(n, _)| *n == "full")
        .expect("fixture");
    assert!(tool.to_value_for(V2025_06_18).get("icons").is_none());
    assert_eq!(
        tool.to_value_for(V2025_11_25)["icons"],
        json!([{
            "src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"], "theme": "light"
        }])
    );
}

#[test]
fn read_resource_result_cache_fields_only_for_2026() {
    for (name, result) in fx::read_resource_results() {
        let old = result.to_value_for(V2025_11_25);
        assert!(
            old.get("cacheScope").is_none() && old.get("ttlMs").is_none(),
            "{name}"
        );
        let new = result.to_value_for(V2026_07_28);
        let scope = result.cache_scope.map_or("private", |s| match s {
            mcp_content::model::CacheScope::Public => "public",
            mcp_content::model::CacheScope::Private => "private",
        });
        assert_eq!(new["cacheScope"], json!(scope), "{name}");
        assert_eq!(
            new["ttlMs"],
            json!(result.ttl_ms.clone().unwrap_or(0_u64.into())),
            "{name}"
        );
    }
    let read: ReadResourceResult =
        read_json(br#"{"contents":[],"cacheScope":"public","ttlMs":5,"resultType":"complete"}"#)
            .expect("reads");
    assert_eq!(
        read.to_value_for(V2026_07_28),
        json!({"contents": [], "cacheScope": "public", "ttlMs": 5, "resultType": "complete"})
    );
}

// ---------------------------------------------------------------------------------------
// Lossless relaying

/// Reads `doc`, writes it for every version, and expects it unchanged (2026) or unchanged
/// but for what the version itself changes.
#[track_caller]
fn relays_unchanged(doc: &Value) -> CallToolResult {
    let bytes = serde_json::to_vec(doc).expect("JSON");
    let result: CallToolResult = read_json(&bytes).unwrap_or_else(|e| panic!("{e}\n{doc}"));
    assert_eq!(&result.to_value_for(V2026_07_28), doc);
    // The bytes say the same as the value.
    let written: Value = serde_json::from_slice(&result.to_json_for(V2026_07_28)).expect("JSON");
    assert_eq!(&written, doc);
    let mut old = doc.clone();
    old.as_object_mut().expect("object").remove("resultType");
    assert_eq!(result.to_value_for(V2025_11_25), old);
    result
}

#[test]
fn unknown_block_type_survives_unchanged() {
    let video = json!({"type": "video", "url": "https://example.com/v.mp4", "durationMs": 1200, "_meta": {"x": [1, {"y": null}]}});
    let doc = json!({
        "content": [{"type": "text", "text": "before"}, video, {"type": "text", "text": "after"}],
        "resultType": "complete"
    });
    let result = relays_unchanged(&doc);
    let ContentBlock::Unknown(unknown) = &result.content[1] else {
        panic!("expected an unknown block, got {:?}", result.content[1]);
    };
    assert_eq!(unknown.kind(), "video");
    assert_eq!(Value::Object(unknown.fields().to_map()), video);
    assert_eq!(result.content[1].kind(), "video");
}

#[test]
fn unknown_block_with_type_not_first_survives_unchanged() {
    // Known key names (`text`, `data`, `mimeType`, `uri`, `annotations`, `_meta`) arrive
    // before `type`, with values a known block would refuse: an unknown block keeps them raw.
    let doc = json!({
        "content": [{
            "text": 42,
            "data": "not base64!",
            "mimeType": "nonsense",
            "uri": "relative",
            "annotations": {"priority": 7},
            "_meta": {"bad key": 1},
            "type": "hologram",
            "depth": 3
        }],
        "resultType": "complete"
    });
    let result = relays_unchanged(&doc);
    assert_eq!(result.content[0].kind(), "hologram");
    // Not judged by known rules: the one problem is that no version knows the block.
    let err = result.validate().unwrap_err();
    assert_eq!(err.problems().len(), 1, "{err}");
    assert_eq!(err.problems()[0].path, "content[0].type");
    assert!(err.to_string().contains("relayed, not validated"), "{err}");
}

#[test]
fn unknown_fields_on_known_blocks_and_results_are_kept() {
    let doc = json!({
        "content": [
            {"type": "text", "text": "a", "futureField": {"x": 1}},
            {"futureFirst": true, "type": "image", "data": "aGk=", "mimeType": "image/png"},
            {"type": "resource_link", "uri": "file:///a", "name": "a", "newHint": "x"},
            {"type": "resource", "resource": {"uri": "file:///a", "text": "t", "inner": 1}, "outer": 2},
            {"type": "audio", "data": "aGk=", "mimeType": "audio/wav", "annotations": {"priority": 0.5, "newAnnotation": "z"}}
        ],
        "newResultField": [1, 2],
        "resultType": "complete"
    });
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let result: CallToolResult = read_json(&bytes).expect("reads");
    assert_eq!(result.to_value_for(V2026_07_28), doc);
    assert!(
        result
            .content
            .iter()
            .all(|b| !matches!(b, ContentBlock::Unknown(_)))
    );
    assert_eq!(
        result.extra.get_value("newResultField"),
        Some(json!([1, 2]))
    );
    let ContentBlock::Text(text) = &result.content[0] else {
        panic!("text")
    };
    assert_eq!(text.extra.get_value("futureField"), Some(json!({"x": 1})));
    // A field of another block type on a known block is an unknown field here: kept.
    let doc =
        json!({"content": [{"type": "text", "text": "a", "uri": "not even a uri", "mimeType": 5}]});
    let result: CallToolResult =
        read_json(&serde_json::to_vec(&doc).expect("JSON")).expect("reads");
    assert_eq!(result.to_value_for(V2025_11_25), doc);
}

#[test]
fn known_block_with_type_last_reads_as_known() {
    let doc = json!({
        "content": [{
            "annotations": {"audience": ["user"], "priority": 0.0},
            "_meta": {"com.example/x": 1},
            "resource": {"blob": "aGk=", "uri": "file:///a.bin"},
            "type": "resource"
        }]
    });
    let result: CallToolResult =
        read_json(&serde_json::to_vec(&doc).expect("JSON")).expect("reads");
    let ContentBlock::Resource(embedded) = &result.content[0] else {
        panic!("expected an embedded resource, got {:?}", result.content[0]);
    };
    assert_eq!(
        embedded
            .annotations
            .as_ref()
            .and_then(|a| a.priority)
            .map(mcp_content::model::Priority::get),
        Some(0.0)
    );
    assert_eq!(
        result.to_value_for(V2025_06_18),
        json!({"content": [{
            "type": "resource",
            "resource": {"uri": "file:///a.bin", "blob": "aGk="},
            "annotations": {"audience": ["user"], "priority": 0.0},
            "_meta": {"com.example/x": 1}
        }]})
    );
}

#[test]
fn unknown_blocks_are_written_unchanged_for_every_version() {
    let block: ContentBlock =
        serde_json::from_value(json!({"type": "x-custom", "icons": [{"src": "http://x"}]}))
            .expect("reads");
    for version in ProtocolVersion::ALL {
        // Not even icons are dropped: the framework does not know what this block is.
        assert_eq!(
            block.to_value_for(version),
            json!({"type": "x-custom", "icons": [{"src": "http://x"}]})
        );
    }
}
