//! Official-schema conformance: every block, result and descriptor type, written with
//! `to_value_for(version)`, validates against the official JSON Schema of that version.
//! Also checks that the vendored schemas still equal `../shared/spec` when it exists.

use std::path::Path;

use crate::model_fixtures as fx;
use mcp_content::{ContentBlock, ProtocolVersion, SerializeFor, Validate};
use mcp_content_tests::{VERSIONS, assert_invalid, assert_valid, schema_text, validate};
use serde_json::{Value, json};

/// Writes `value` for `version` and validates it as `definition`; returns the JSON.
#[track_caller]
fn check<T: SerializeFor>(version: ProtocolVersion, definition: &str, value: &T) -> Value {
    let json = value.to_value_for(version);
    assert_valid(version.as_str(), definition, &json);
    json
}

fn has_key_anywhere(value: &Value, key: &str) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| k == key || has_key_anywhere(v, key)),
        Value::Array(items) => items.iter().any(|v| has_key_anywhere(v, key)),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// The vendored schemas

#[test]
fn vendored_schemas_equal_shared_spec_when_present() {
    // CI clones have `../shared` beside the repository; a user's clone does not.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec");
    if !shared.is_dir() {
        eprintln!("skipped: {} does not exist", shared.display());
        return;
    }
    for version in VERSIONS {
        let original = shared.join(version).join("schema.json");
        let original = std::fs::read_to_string(&original)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", original.display()));
        assert!(
            original == schema_text(version).expect("vendored"),
            "tests/spec/{version}/schema.json differs from ../shared/spec/{version}/schema.json: \
             copy it again"
        );
    }
}

#[test]
fn vendored_schemas_have_the_definitions_the_tests_use() {
    for version in VERSIONS {
        let schema: Value =
            serde_json::from_str(schema_text(version).expect("vendored")).expect("JSON");
        let draft = schema["$schema"].as_str().unwrap_or_default();
        if version == "2025-06-18" {
            assert!(draft.contains("draft-07"), "{draft}");
        } else {
            assert!(draft.contains("2020-12"), "{draft}");
        }
        for definition in [
            "ContentBlock",
            "TextContent",
            "ImageContent",
            "AudioContent",
            "ResourceLink",
            "EmbeddedResource",
            "TextResourceContents",
            "BlobResourceContents",
            "Annotations",
            "CallToolResult",
            "Tool",
            "ToolAnnotations",
            "Prompt",
            "PromptArgument",
            "PromptMessage",
            "GetPromptResult",
            "Resource",
            "ResourceTemplate",
            "ReadResourceResult",
        ] {
            assert!(
                mcp_content_tests::has_definition(version, definition),
                "{version} {definition}"
            );
        }
        assert_eq!(
            mcp_content_tests::has_definition(version, "Icon"),
            version != "2025-06-18",
            "Icon exists from 2025-11-25 on"
        );
    }
}

/// The helper is not vacuous: it rejects what the schema forbids, and reports where.
#[test]
fn schema_helper_rejects_invalid_values() {
    for version in VERSIONS {
        assert_invalid(version, "TextContent", &json!({"type": "text"}));
        assert_invalid(
            version,
            "TextContent",
            &json!({"type": "image", "text": "x"}),
        );
        assert_invalid(
            version,
            "ImageContent",
            &json!({"type": "image", "mimeType": "image/png"}),
        );
        assert_invalid(
            version,
            "EmbeddedResource",
            &json!({"type": "resource", "resource": {"uri": "x:y"}}),
        );
        assert_invalid(version, "Annotations", &json!({"priority": 1.5}));
        assert_invalid(version, "Annotations", &json!({"audience": ["system"]}));
        assert_invalid(
            version,
            "CallToolResult",
            &json!({"content": [{"type": "text"}]}),
        );
        assert_invalid(
            version,
            "Tool",
            &json!({"name": "x", "inputSchema": {"type": "array"}}),
        );
        let problems = validate(
            version,
            "CallToolResult",
            &json!({"content": [{"type": "text", "text": 1}]}),
        )
        .expect_err("text must be a string");
        assert!(
            problems.iter().any(|p| p.starts_with("/content/0")),
            "{problems:?}"
        );
    }
    // 2026-07-28 results need `resultType`; the 2025 ones do not know it.
    assert_invalid("2026-07-28", "CallToolResult", &json!({"content": []}));
    assert_valid("2025-11-25", "CallToolResult", &json!({"content": []}));
    assert_invalid(
        "2026-07-28",
        "ReadResourceResult",
        &json!({"contents": [], "resultType": "complete"}),
    );
    // 2025-era structured content is an object.
    assert_invalid(
        "2025-06-18",
        "CallToolResult",
        &json!({"content": [], "structuredContent": [1]}),
    );
    assert_valid(
        "2026-07-28",
        "CallToolResult",
        &json!({"content": [], "structuredContent": [1], "resultType": "complete"}),
    );
}

// ---------------------------------------------------------------------------------------
// Blocks

#[test]
fn every_block_validates_for_every_version() {
    for version in ProtocolVersion::ALL {
        for (name, block) in fx::blocks() {
            let json = check(version, fx::block_definition(&block), &block);
            assert_valid(version.as_str(), "ContentBlock", &json);
            // The same block alone (not through `ContentBlock`) writes the same JSON.
            let alone = match &block {
                ContentBlock::Text(b) => b.to_value_for(version),
                ContentBlock::Image(b) => b.to_value_for(version),
                ContentBlock::Audio(b) => b.to_value_for(version),
                ContentBlock::ResourceLink(b) => b.to_value_for(version),
                ContentBlock::Resource(b) => b.to_value_for(version),
                ContentBlock::Unknown(_) => unreachable!("fixtures are known blocks"),
            };
            assert_eq!(alone, json, "{version} {name}");
            // What is written reads back as the same block.
            let back: ContentBlock = serde_json::from_value(json.clone()).expect(name);
            if version == ProtocolVersion::V2025_06_18 {
                assert!(
                    !has_key_anywhere(&json, "icons"),
                    "{name}: icons written for 2025-06-18: {json}"
                );
            } else {
                assert_eq!(back, block, "{version} {name}");
            }
            block.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn embedded_resource_contents_validate_as_their_own_definitions() {
    for version in ProtocolVersion::ALL {
        for (name, block) in fx::blocks() {
            let ContentBlock::Resource(embedded) = &block else {
                continue;
            };
            let json = serde_json::to_value(&embedded.resource).expect("serializes");
            let definition = if json.get("text").is_some() {
                "TextResourceContents"
            } else {
                "BlobResourceContents"
            };
            assert_valid(version.as_str(), definition, &json);
            assert!(
                json.get("annotations").is_none(),
                "{name}: annotations belong on the block"
            );
        }
    }
}

#[test]
fn icons_are_written_from_2025_11_25_only() {
    let with_icons = |json: &Value| json.get("icons").is_some();
    for version in ProtocolVersion::ALL {
        let expected = version >= ProtocolVersion::V2025_11_25;
        for (name, block) in fx::blocks() {
            if let ContentBlock::ResourceLink(link) = &block
                && !link.icons.is_empty()
            {
                assert_eq!(
                    with_icons(&block.to_value_for(version)),
                    expected,
                    "{version} {name}"
                );
            }
        }
        let (_, tool) = fx::tools()
            .into_iter()
            .find(|(n, _)| *n == "full")
            .expect("fixture");
        assert_eq!(
            with_icons(&tool.to_value_for(version)),
            expected,
            "{version} tool"
        );
        let (_, prompt) = fx::prompts()
            .into_iter()
            .find(|(n, _)| *n == "full")
            .expect("fixture");
        assert_eq!(
            with_icons(&prompt.to_value_for(version)),
            expected,
            "{version} prompt"
        );
        let (_, resource) = fx::resources()
            .into_iter()
            .find(|(n, _)| *n == "full")
            .expect("fixture");
        assert_eq!(
            with_icons(&resource.to_value_for(version)),
            expected,
            "{version} resource"
        );
        let (_, template) = fx::resource_templates()
            .into_iter()
            .find(|(n, _)| *n == "full")
            .expect("fixture");
        assert_eq!(
            with_icons(&template.to_value_for(version)),
            expected,
            "{version} template"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Results and descriptors

#[test]
fn call_tool_results_validate_for_every_version() {
    for version in ProtocolVersion::ALL {
        for (name, result) in fx::call_tool_results() {
            let json = check(version, "CallToolResult", &result);
            let latest = version == ProtocolVersion::V2026_07_28;
            assert_eq!(
                json.get("resultType").is_some(),
                latest,
                "{version} {name}: {json}"
            );
            if let Some(structured) = &result.structured_content {
                let structured = &structured.to_value();
                let written = &json["structuredContent"];
                if latest || structured.is_object() {
                    assert_eq!(written, structured, "{version} {name}");
                } else {
                    assert_eq!(
                        written,
                        &json!({ "result": structured }),
                        "{version} {name}"
                    );
                }
            } else {
                assert!(json.get("structuredContent").is_none(), "{version} {name}");
            }
            result.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn tools_validate_for_every_version() {
    for version in ProtocolVersion::ALL {
        for (name, tool) in fx::tools() {
            let json = check(version, "Tool", &tool);
            if let Some(annotations) = json.get("annotations") {
                assert_valid(version.as_str(), "ToolAnnotations", annotations);
            }
            tool.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn prompts_validate_for_every_version() {
    for version in ProtocolVersion::ALL {
        let v = version.as_str();
        for (name, prompt) in fx::prompts() {
            let json = check(version, "Prompt", &prompt);
            for argument in json["arguments"].as_array().into_iter().flatten() {
                assert_valid(v, "PromptArgument", argument);
            }
            let _ = name;
        }
        for argument in fx::prompt_arguments() {
            assert_valid(
                v,
                "PromptArgument",
                &serde_json::to_value(&argument).expect("serializes"),
            );
        }
        for message in fx::prompt_messages() {
            check(version, "PromptMessage", &message);
        }
        for (name, result) in fx::get_prompt_results() {
            let json = check(version, "GetPromptResult", &result);
            assert_eq!(
                json.get("resultType").is_some(),
                version == ProtocolVersion::V2026_07_28,
                "{name}"
            );
            result.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn resources_validate_for_every_version() {
    for version in ProtocolVersion::ALL {
        for (_, resource) in fx::resources() {
            check(version, "Resource", &resource);
        }
        for (_, template) in fx::resource_templates() {
            check(version, "ResourceTemplate", &template);
        }
        for (name, result) in fx::read_resource_results() {
            let json = check(version, "ReadResourceResult", &result);
            let latest = version == ProtocolVersion::V2026_07_28;
            for key in ["resultType", "cacheScope", "ttlMs"] {
                assert_eq!(
                    json.get(key).is_some(),
                    latest,
                    "{version} {name} {key}: {json}"
                );
            }
            for contents in json["contents"].as_array().expect("array") {
                let definition = if contents.get("text").is_some() {
                    "TextResourceContents"
                } else {
                    "BlobResourceContents"
                };
                assert_valid(version.as_str(), definition, contents);
            }
            result.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

/// A tool whose output is not an object still gives 2025-era peers a valid descriptor,
/// matching the `{"result": …}` wrapping of its structured content and marked so
/// (`FastMCP`'s marker), for readers to unwrap.
#[test]
fn non_object_output_schema_is_wrapped_for_2025_peers() {
    let (_, tool) = fx::tools()
        .into_iter()
        .find(|(n, _)| *n == "array output")
        .expect("fixture");
    let declared = Value::Object(
        tool.output_schema
            .as_ref()
            .expect("has an output schema")
            .to_map(),
    );
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        let json = check(version, "Tool", &tool);
        assert_eq!(
            json["outputSchema"],
            json!({
                "type": "object", "properties": {"result": declared}, "required": ["result"],
                "x-fastmcp-wrap-result": true
            }),
            "{version}"
        );
    }
    assert_eq!(
        check(ProtocolVersion::V2026_07_28, "Tool", &tool)["outputSchema"],
        declared
    );
}

// ---------------------------------------------------------------------------------------
// Exact JSON of key cases

#[test]
fn exact_json_of_key_cases() {
    use mcp_content::CallToolResult;
    use mcp_content::model::{
        Annotations, EmbeddedResource, ImageContent, Meta, Priority, TextContent,
        TextResourceContents, Tool, ToolAnnotations, ToolName,
    };
    let latest = ProtocolVersion::V2026_07_28;

    // Empty `_meta` and empty annotations are omitted, never `{}`.
    let mut text = TextContent::new("hi");
    text.annotations = Some(Annotations::new());
    text.meta = Meta::new();
    assert_eq!(
        text.to_value_for(latest),
        json!({"type": "text", "text": "hi"})
    );

    // A priority of 0.0 is kept (it says "least important"), and so is 1.0.
    for p in [0.0, 1.0] {
        let mut text = TextContent::new("hi");
        text.annotations = Some(Annotations::new().priority(Priority::new(p).expect("edge")));
        assert_eq!(
            serde_json::to_string(&text).expect("serializes"),
            format!(r#"{{"type":"text","text":"hi","annotations":{{"priority":{p:?}}}}}"#)
        );
    }

    // Image: bytes in, standard padded base64 out.
    let image = ImageContent::new(b"hi".to_vec(), fx::mime("image/png")).expect("image");
    assert_eq!(
        serde_json::to_string(&image).expect("serializes"),
        r#"{"type":"image","data":"aGk=","mimeType":"image/png"}"#
    );

    // Embedded resource: annotations and the block's `_meta` on the block, the contents'
    // own `_meta` inside `resource`; an empty inner `_meta` is omitted.
    let mut contents = TextResourceContents::new(fx::uri("file:///a.txt"), "A");
    contents.meta = fx::meta("com.example/inner", json!(1));
    let mut embedded = EmbeddedResource::new(contents);
    embedded.annotations = Some(Annotations::new().priority(Priority::new(0.0).expect("0")));
    embedded.meta = fx::meta("com.example/outer", json!(2));
    assert_eq!(
        serde_json::to_string(&embedded).expect("serializes"),
        r#"{"type":"resource","resource":{"uri":"file:///a.txt","text":"A","_meta":{"com.example/inner":1}},"annotations":{"priority":0.0},"_meta":{"com.example/outer":2}}"#
    );
    let bare = EmbeddedResource::new(TextResourceContents::new(fx::uri("file:///a.txt"), "A"));
    assert_eq!(
        serde_json::to_string(&bare).expect("serializes"),
        r#"{"type":"resource","resource":{"uri":"file:///a.txt","text":"A"}}"#
    );

    // Tool: a hint of `false` is kept; empty tool annotations and `_meta` are omitted.
    let mut tool = Tool::new(ToolName::new("t").expect("name"));
    tool.annotations = Some(ToolAnnotations {
        read_only_hint: Some(false),
        ..ToolAnnotations::default()
    });
    // (Compared as values: the order of keys inside `inputSchema`, a JSON map, depends on
    // serde_json's `preserve_order` feature.)
    assert_eq!(
        tool.to_value_for(latest),
        json!({"name": "t", "inputSchema": {"type": "object", "additionalProperties": false}, "annotations": {"readOnlyHint": false}})
    );
    assert!(
        serde_json::to_string(&tool)
            .expect("serializes")
            .ends_with(r#","annotations":{"readOnlyHint":false}}"#)
    );
    tool.annotations = Some(ToolAnnotations::default());
    assert_eq!(
        tool.to_value_for(latest),
        json!({"name": "t", "inputSchema": {"type": "object", "additionalProperties": false}})
    );

    // Results: `content` always present; `isError: false` kept; `resultType` only for 2026.
    let mut result = CallToolResult::new(Vec::new());
    result.is_error = Some(false);
    assert_eq!(
        String::from_utf8(result.to_json_for(latest)).expect("UTF-8"),
        r#"{"content":[],"isError":false,"resultType":"complete"}"#
    );
    assert_eq!(
        String::from_utf8(result.to_json_for(ProtocolVersion::V2025_11_25)).expect("UTF-8"),
        r#"{"content":[],"isError":false}"#
    );
    let structured = CallToolResult::structured(json!([1, 2]));
    assert_eq!(
        String::from_utf8(structured.to_json_for(ProtocolVersion::V2025_06_18)).expect("UTF-8"),
        r#"{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]}}"#
    );
    assert_eq!(
        String::from_utf8(structured.to_json_for(latest)).expect("UTF-8"),
        r#"{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":[1,2],"resultType":"complete"}"#
    );

    // `ReadResourceResult` for 2026 carries the required cache fields (conservative default).
    let read = mcp_content::model::ReadResourceResult::new(Vec::new());
    assert_eq!(
        read.to_value_for(latest),
        json!({"contents": [], "cacheScope": "private", "ttlMs": 0, "resultType": "complete"})
    );
    assert_eq!(
        read.to_value_for(ProtocolVersion::V2025_11_25),
        json!({"contents": []})
    );
}
