//! The spec's own examples (modelcontextprotocol.io, `server/tools`, `server/prompts` and
//! `server/resources` of 2025-11-25 and 2026-07-28) read into the model and write back as
//! the same JSON, and validate against the official schemas.
//!
//! The pages use placeholders such as `"base64-encoded-data"` for `data` / `blob`; those are
//! not base64 (`-` is outside the standard alphabet), so the examples here carry real base64
//! in their place, and a test shows the placeholder itself is refused with path and rule.

use mcp_content::model::{
    GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceContents, ResourceTemplate,
    Role, Tool,
};
use mcp_content::rules::Rule;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};
use mcp_content_tests::assert_valid;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Reads `example` as `T`, writes it back for the latest version and compares.
#[track_caller]
fn round_trip<T: DeserializeOwned + SerializeFor>(example: &Value) -> T {
    let bytes = serde_json::to_vec(example).expect("JSON");
    let value: T = read_json(&bytes).unwrap_or_else(|e| panic!("{e}\nexample: {example}"));
    assert_eq!(
        &value.to_value_for(ProtocolVersion::LATEST),
        example,
        "round trip"
    );
    value
}

/// Tool-result content blocks, as `server/tools` shows them.
fn tool_blocks() -> Vec<Value> {
    vec![
        json!({"type": "text", "text": "Tool result text"}),
        json!({
            "type": "image",
            "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
            "mimeType": "image/png",
            "annotations": {"audience": ["user"], "priority": 0.9}
        }),
        json!({"type": "audio", "data": "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=", "mimeType": "audio/wav"}),
        json!({
            "type": "resource_link",
            "uri": "file:///project/src/main.rs",
            "name": "main.rs",
            "description": "Primary application entry point",
            "mimeType": "text/x-rust"
        }),
        // The pages show the annotations inside `resource`; the schema puts them on the
        // block (`EmbeddedResource.annotations`), which is where the model reads them.
        json!({
            "type": "resource",
            "resource": {
                "uri": "file:///project/src/main.rs",
                "mimeType": "text/x-rust",
                "text": "fn main() {\n    println!(\"Hello world!\");\n}"
            },
            "annotations": {
                "audience": ["user", "assistant"],
                "priority": 0.7,
                "lastModified": "2025-05-03T14:30:00Z"
            }
        }),
    ]
}

/// Prompt-message content blocks, as `server/prompts` shows them.
fn prompt_blocks() -> Vec<Value> {
    vec![
        json!({"type": "text", "text": "The text content of the message"}),
        json!({"type": "image", "data": "aW1hZ2U=", "mimeType": "image/png"}),
        json!({"type": "audio", "data": "YXVkaW8=", "mimeType": "audio/wav"}),
        json!({
            "type": "resource_link",
            "uri": "file:///project/src/main.rs",
            "name": "main.rs",
            "description": "Primary application entry point",
            "mimeType": "text/x-rust"
        }),
        json!({
            "type": "resource",
            "resource": {"uri": "resource://example", "mimeType": "text/plain", "text": "Resource content"}
        }),
    ]
}

#[test]
fn every_block_example_round_trips_and_validates() {
    for example in tool_blocks().iter().chain(&prompt_blocks()) {
        let block: ContentBlock = round_trip(example);
        assert!(!matches!(block, ContentBlock::Unknown(_)), "{example}");
        for version in mcp_content_tests::VERSIONS {
            assert_valid(version, "ContentBlock", example);
        }
    }
}

#[test]
fn embedded_resource_example_has_its_annotations_on_the_block() {
    let example = &tool_blocks()[4];
    let ContentBlock::Resource(embedded) = round_trip::<ContentBlock>(example) else {
        panic!("not an embedded resource");
    };
    let annotations = embedded
        .annotations
        .as_ref()
        .expect("annotations read from the block");
    assert_eq!(
        annotations.audience.as_deref(),
        Some(&[Role::User, Role::Assistant][..])
    );
    assert_eq!(
        annotations.priority.map(mcp_content::model::Priority::get),
        Some(0.7)
    );
    assert_eq!(
        annotations
            .last_modified
            .as_ref()
            .map(mcp_content::model::Timestamp::as_str),
        Some("2025-05-03T14:30:00Z")
    );
    let ResourceContents::Text(text) = &embedded.resource else {
        panic!("text contents");
    };
    assert_eq!(text.uri.as_str(), "file:///project/src/main.rs");
    assert!(text.extra.is_empty());
}

/// The spec pages' own spelling (annotations inside `resource`) is kept as it is: the
/// inner object's unknown field survives the round trip, and the block has no annotations.
#[test]
fn embedded_resource_example_as_the_pages_print_it_round_trips() {
    let example = json!({
        "type": "resource",
        "resource": {
            "uri": "file:///project/src/main.rs",
            "mimeType": "text/x-rust",
            "text": "fn main() {\n    println!(\"Hello world!\");\n}",
            "annotations": {
                "audience": ["user", "assistant"],
                "priority": 0.7,
                "lastModified": "2025-05-03T14:30:00Z"
            }
        }
    });
    let ContentBlock::Resource(embedded) = round_trip::<ContentBlock>(&example) else {
        panic!("not an embedded resource");
    };
    assert!(embedded.annotations.is_none());
    assert!(embedded.resource.meta().is_empty());
}

#[test]
fn placeholder_base64_of_the_pages_is_refused_with_path_and_rule() {
    let example = br#"{"content":[{"type":"text","text":"x"},{"type":"image","data":"base64-encoded-data","mimeType":"image/png"}]}"#;
    let err = read_json::<CallToolResult>(example).expect_err("not base64");
    assert_eq!(err.path(), "content[1].data");
    assert_eq!(err.rule(), Some(Rule::Base64));
    assert!(err.to_string().starts_with("content[1].data: "), "{err}");
    assert!(err.to_string().contains("(rule: base64)"), "{err}");
}

#[test]
fn tool_result_examples_round_trip() {
    // `server/tools` 2026-07-28: structured object, structured array, execution error.
    let examples = [
        json!({
            "content": [{"type": "text", "text": "{\"temperature\": 22.5, \"conditions\": \"Partly cloudy\", \"humidity\": 65}"}],
            "structuredContent": {"temperature": 22.5, "conditions": "Partly cloudy", "humidity": 65},
            "resultType": "complete"
        }),
        json!({
            "content": [{"type": "text", "text": "Found 2 users: Alice (alice@example.com) and Bob (bob@example.com)."}],
            "structuredContent": [
                {"id": "1", "name": "Alice", "email": "alice@example.com"},
                {"id": "2", "name": "Bob", "email": "bob@example.com"}
            ],
            "resultType": "complete"
        }),
        json!({
            "content": [{"type": "text", "text": "Invalid departure date: must be in the future. Current date is 08/08/2025."}],
            "isError": true,
            "resultType": "complete"
        }),
        json!({"content": tool_blocks(), "resultType": "complete"}),
    ];
    for example in &examples {
        let result: CallToolResult = round_trip(example);
        assert_valid("2026-07-28", "CallToolResult", example);
        // Written for 2025-11-25 (the pages' previous revision), it is valid there too.
        assert_valid(
            "2025-11-25",
            "CallToolResult",
            &result.to_value_for(ProtocolVersion::V2025_11_25),
        );
    }
}

#[test]
fn tool_descriptor_examples_round_trip() {
    let examples = [
        json!({
            "name": "get_weather_data",
            "title": "Weather Data Retriever",
            "description": "Get current weather data for a location",
            "inputSchema": {
                "type": "object",
                "properties": {"location": {"type": "string", "description": "City name or zip code"}},
                "required": ["location"]
            },
            "outputSchema": {
                "type": "object",
                "properties": {
                    "temperature": {"type": "number", "description": "Temperature in celsius"},
                    "conditions": {"type": "string", "description": "Weather conditions description"},
                    "humidity": {"type": "number", "description": "Humidity percentage"}
                },
                "required": ["temperature", "conditions", "humidity"]
            }
        }),
        json!({
            "name": "calculate_sum",
            "description": "Add two numbers",
            "inputSchema": {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"]
            }
        }),
        json!({
            "name": "get_current_time",
            "description": "Returns the current server time",
            "inputSchema": {"type": "object", "additionalProperties": false}
        }),
    ];
    for example in &examples {
        let _: Tool = round_trip(example);
        for version in mcp_content_tests::VERSIONS {
            assert_valid(version, "Tool", example);
        }
    }
}

#[test]
fn prompt_examples_round_trip() {
    let prompt = json!({
        "name": "code_review",
        "title": "Request Code Review",
        "description": "Asks the LLM to analyze code quality and suggest improvements",
        "arguments": [{"name": "code", "description": "The code to review", "required": true}],
        "icons": [{"src": "https://example.com/review-icon.svg", "mimeType": "image/svg+xml", "sizes": ["any"]}]
    });
    let _: Prompt = round_trip(&prompt);
    assert_valid("2026-07-28", "Prompt", &prompt);

    let result = json!({
        "resultType": "complete",
        "description": "Code review prompt",
        "messages": [{
            "role": "user",
            "content": {"type": "text", "text": "Please review this Python code:\ndef hello():\n    print('world')"}
        }]
    });
    let bytes = serde_json::to_vec(&result).expect("JSON");
    let read: GetPromptResult = read_json(&bytes).expect("reads");
    // Key order differs from the page (the model writes `description` first); compare values.
    assert_eq!(read.to_value_for(ProtocolVersion::LATEST), result);
    assert_valid("2026-07-28", "GetPromptResult", &result);

    // Each prompt-message block of the page, in a message.
    for (i, block) in prompt_blocks().into_iter().enumerate() {
        let role = if i % 2 == 0 { "user" } else { "assistant" };
        let message = json!({"role": role, "content": block});
        let _: mcp_content::model::PromptMessage = round_trip(&message);
        assert_valid("2026-07-28", "PromptMessage", &message);
    }
}

#[test]
fn resource_examples_round_trip() {
    let resources = [
        json!({
            "uri": "file:///project/src/main.rs",
            "name": "main.rs",
            "title": "Rust Software Application Main File",
            "description": "Primary application entry point",
            "mimeType": "text/x-rust",
            "icons": [{"src": "https://example.com/rust-file-icon.png", "mimeType": "image/png", "sizes": ["48x48"]}]
        }),
        json!({
            "uri": "file:///project/README.md",
            "name": "README.md",
            "title": "Project Documentation",
            "mimeType": "text/markdown",
            "annotations": {"audience": ["user"], "priority": 0.8, "lastModified": "2025-01-12T15:00:58Z"}
        }),
    ];
    for example in &resources {
        let _: Resource = round_trip(example);
        assert_valid("2025-11-25", "Resource", example);
    }

    let template = json!({
        "uriTemplate": "file:///{path}",
        "name": "Project Files",
        "title": "📁 Project Files",
        "description": "Access files in the project directory",
        "mimeType": "application/octet-stream",
        "icons": [{"src": "https://example.com/folder-icon.png", "mimeType": "image/png", "sizes": ["48x48"]}]
    });
    let _: ResourceTemplate = round_trip(&template);
    assert_valid("2025-11-25", "ResourceTemplate", &template);

    let text =
        json!({"uri": "file:///example.txt", "mimeType": "text/plain", "text": "Resource content"});
    let blob =
        json!({"uri": "file:///example.png", "mimeType": "image/png", "blob": "iVBORw0KGgo="});
    for contents in [&text, &blob] {
        let read: ResourceContents = read_value(contents.clone()).expect("reads");
        assert_eq!(&serde_json::to_value(&read).expect("writes"), contents);
    }
    assert_valid("2025-11-25", "TextResourceContents", &text);
    assert_valid("2025-11-25", "BlobResourceContents", &blob);

    let result = json!({
        "contents": [{
            "uri": "file:///project/src/main.rs",
            "mimeType": "text/x-rust",
            "text": "fn main() {\n    println!(\"Hello world!\");\n}"
        }]
    });
    let read: ReadResourceResult = read_value(result.clone()).expect("reads");
    assert_eq!(read.to_value_for(ProtocolVersion::V2025_11_25), result);
    assert_valid("2025-11-25", "ReadResourceResult", &result);
    let latest = read.to_value_for(ProtocolVersion::LATEST);
    assert_valid("2026-07-28", "ReadResourceResult", &latest);
}
