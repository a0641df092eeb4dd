//! Both routes give the same rmcp values; what cannot cross is named by its path.

use serde_json::Value;

use super::typed::*;
use super::*;
use crate::model::content::ContentBlock;
use crate::model::tool::CallToolResult;
use crate::model::{
    annotations::{Annotations, Role},
    content::{AudioContent, ImageContent, TextContent},
    extra::ExtraFields,
    validated::{MetaKey, MimeType, Priority, Timestamp},
};

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

fn annotated(priority: f64) -> Annotations {
    Annotations::new()
        .audience([Role::User, Role::Assistant])
        .priority(Priority::new(priority).unwrap())
        .last_modified(Timestamp::new("2025-01-12").unwrap())
}

fn meta(key: &str, value: Value) -> crate::model::meta::Meta {
    let mut meta = crate::model::meta::Meta::new();
    meta.insert_key(MetaKey::new(key).unwrap(), value);
    meta
}

/// Results the typed crossing takes: every field it carries, in every version.
fn typed_results() -> Vec<CallToolResult> {
    let mut text = TextContent::new("hello");
    text.annotations = Some(annotated(0.8));
    text.meta = meta(
        "com.example/a",
        serde_json::json!({"n": 1.5, "s": [1, "x"]}),
    );
    let mut image =
        ImageContent::new(vec![1, 2, 3, 250], MimeType::new("image/png").unwrap()).unwrap();
    image.annotations = Some(annotated(1.0));
    let mut audio = AudioContent::new(vec![9; 10], MimeType::new("audio/wav").unwrap()).unwrap();
    audio.annotations = Some(Annotations::new());
    let mut full = CallToolResult::new(vec![
        ContentBlock::from(text),
        ContentBlock::from(image),
        ContentBlock::from(audio),
    ]);
    full.is_error = Some(false);
    full.meta = meta(
        "io.modelcontextprotocol/related-task",
        serde_json::json!({"taskId": "t"}),
    );
    let mut typed_complete = CallToolResult::text("done");
    typed_complete.result_type = Some("complete".into());
    let mut other_kind = CallToolResult::text("old peer");
    // Not written for 2025-era peers; refused for 2026-07-28 (tested below).
    other_kind.result_type = Some("task".into());
    vec![
        CallToolResult::new(resource_blocks()),
        CallToolResult::text("hi"),
        CallToolResult::error("bad"),
        CallToolResult::new(Vec::new()),
        CallToolResult::structured(serde_json::json!({"a": 1, "b": [true, null]})),
        CallToolResult::structured(serde_json::json!(42)),
        CallToolResult::structured(Value::Null),
        full,
        typed_complete,
        other_kind,
    ]
}

fn uri(text: &str) -> crate::model::validated::Uri {
    crate::model::validated::Uri::new(text).unwrap()
}

/// A resource link with every field rmcp's `Resource` holds, and embedded resources of
/// both kinds.
fn resource_blocks() -> Vec<ContentBlock> {
    let mut link = crate::model::content::ResourceLink::new(uri("https://example.com/a.txt"), "a");
    link.title = Some("A".into());
    link.description = Some("the letter".into());
    link.mime_type = Some(MimeType::new("text/plain").unwrap());
    link.size = Some(12_u64.into());
    link.annotations = Some(annotated(0.5));
    link.meta = meta("com.example/l", serde_json::json!([1, 2.5]));
    let mut text =
        crate::model::content::TextResourceContents::new(uri("file:///notes.md"), "# Notes");
    text.mime_type = Some(MimeType::new("text/markdown").unwrap());
    text.meta = meta("com.example/t", serde_json::json!(true));
    let mut embedded = crate::model::content::EmbeddedResource::new(text);
    embedded.annotations = Some(annotated(0.25));
    embedded.meta = meta("com.example/e", serde_json::json!({"k": null}));
    let blob =
        crate::model::content::BlobResourceContents::new(uri("file:///a.bin"), vec![0, 255, 7]);
    vec![
        link.into(),
        embedded.into(),
        crate::model::content::EmbeddedResource::new(blob).into(),
    ]
}

/// Prompt and read results the typed crossing takes.
fn typed_prompts() -> Vec<crate::model::prompt::GetPromptResult> {
    let mut full = crate::model::prompt::GetPromptResult::new(
        resource_blocks()
            .into_iter()
            .chain(typed_results().swap_remove(7).content)
            .enumerate()
            .map(|(i, block)| {
                let role = if i % 2 == 0 {
                    Role::User
                } else {
                    Role::Assistant
                };
                crate::model::prompt::PromptMessage::new(role, block)
            })
            .collect(),
    );
    full.description = Some("everything".into());
    full.meta = meta("com.example/p", serde_json::json!(1));
    let mut complete = crate::model::prompt::GetPromptResult::new(Vec::new());
    complete.result_type = Some("complete".into());
    vec![full, complete]
}

fn typed_reads() -> Vec<crate::model::resource::ReadResourceResult> {
    let mut text = crate::model::content::TextResourceContents::new(uri("file:///a.txt"), "a");
    text.mime_type = Some(MimeType::new("text/plain").unwrap());
    let blob = crate::model::content::BlobResourceContents::new(uri("file:///b.bin"), vec![1; 40]);
    let mut full = crate::model::resource::ReadResourceResult::new(vec![text.into(), blob.into()]);
    full.meta = meta("com.example/r", serde_json::json!("x"));
    let mut cached = crate::model::resource::ReadResourceResult::new(Vec::new());
    cached.cache_scope = Some(crate::model::resource::CacheScope::Public);
    cached.ttl_ms = Some(60_000_u64.into());
    cached.result_type = Some("complete".into());
    vec![full, cached]
}

#[test]
fn prompts_and_reads_cross_typed_as_the_json_route_carries_them() {
    for version in VERSIONS {
        for result in typed_prompts() {
            assert!(prompt_crosses(&result, version), "{result:?}");
            let json_route = by_json::<_, rm::GetPromptResult>(&result, version, false);
            assert!(json_route.is_ok(), "{json_route:?}");
            assert_eq!(
                result.clone().into_rmcp_for(version),
                json_route,
                "{version:?}"
            );
            assert_eq!(result.to_rmcp_for(version), json_route);
        }
        for result in typed_reads() {
            assert!(read_crosses(&result, version), "{result:?}");
            let json_route = by_json::<_, rm::ReadResourceResult>(&result, version, false);
            assert!(json_route.is_ok(), "{json_route:?}");
            assert_eq!(
                result.clone().into_rmcp_for(version),
                json_route,
                "{version:?}"
            );
            assert_eq!(result.to_rmcp_for(version), json_route);
        }
    }
}

#[test]
fn prompts_and_reads_the_typed_crossing_does_not_take_are_refused_as_before() {
    let mut extra_message =
        crate::model::prompt::PromptMessage::new(Role::User, TextContent::new("x"));
    extra_message.insert_extra("x-m", 1).unwrap();
    let extra_message = crate::model::prompt::GetPromptResult::new(vec![extra_message]);
    let mut other_kind = crate::model::prompt::GetPromptResult::new(Vec::new());
    other_kind.result_type = Some("input_required".into());
    let mut rounded = crate::model::prompt::GetPromptResult::new(Vec::new());
    rounded.meta = crate::model::meta::Meta::from_checked_object(
        crate::model::json::JsonObject::parse(
            r#"{"com.example/n": 123456789012345678901234567890}"#,
        )
        .unwrap(),
    );
    let mut extra_contents =
        crate::model::content::TextResourceContents::new(uri("file:///a"), "a");
    extra_contents.insert_extra("x-c", true).unwrap();
    let extra_contents =
        crate::model::resource::ReadResourceResult::new(vec![extra_contents.into()]);
    for version in VERSIONS {
        assert_eq!(
            extra_message
                .clone()
                .into_rmcp_for(version)
                .unwrap_err()
                .path(),
            "messages[0].x-m"
        );
        assert!(!prompt_crosses(&rounded, version));
        let err = rounded.clone().into_rmcp_for(version).unwrap_err();
        assert!(err.path().starts_with("_meta"), "{err}");
        assert!(
            err.message().contains("123456789012345678901234567890"),
            "{err}"
        );
        assert!(!read_crosses(&extra_contents, version));
        assert_eq!(
            extra_contents
                .clone()
                .into_rmcp_for(version)
                .unwrap_err()
                .path(),
            "contents[0].x-c"
        );
        // Not written before 2026-07-28, so nothing to refuse there.
        assert_eq!(
            prompt_crosses(&other_kind, version),
            !version.has_result_type()
        );
        assert_eq!(
            other_kind.clone().into_rmcp_for(version),
            by_json::<_, rm::GetPromptResult>(&other_kind, version, false)
        );
    }
}

#[test]
fn the_typed_crossing_gives_what_the_json_route_gives() {
    for version in VERSIONS {
        for result in typed_results() {
            let json_route = by_json::<_, rm::CallToolResult>(&result, version, true);
            if result.result_type.as_deref() == Some("task") && version.has_result_type() {
                assert!(!typed_crossing(&result, version));
                assert_eq!(result.clone().into_rmcp_for(version), json_route);
                assert!(json_route.is_err());
                continue;
            }
            assert!(typed_crossing(&result, version), "{result:?}");
            let typed = result.clone().into_rmcp_for(version);
            assert_eq!(typed, json_route, "{version:?}: {result:?}");
            assert_eq!(result.to_rmcp_for(version), json_route);
        }
    }
}

#[test]
fn what_the_typed_crossing_does_not_take_goes_the_json_route_and_is_refused_the_same_way() {
    let mut inexact = TextContent::new("p");
    inexact.annotations = Some(annotated(0.123_456_789_123));
    let inexact = CallToolResult::new(vec![inexact.into()]);
    let mut extra = CallToolResult::text("x");
    extra.insert_extra("x-trace", "abc").unwrap();
    let mut block_extra = TextContent::new("x");
    block_extra.insert_extra("x-b", 1).unwrap();
    let block_extra = CallToolResult::new(vec![block_extra.into()]);
    let mut icons = crate::model::content::ResourceLink::new(uri("https://example.com/a"), "a");
    icons.icons = vec![crate::model::icon::Icon::new("https://example.com/a.png").unwrap()];
    let icons = CallToolResult::new(vec![ContentBlock::from(icons)]);
    let rounded_structured = CallToolResult {
        structured_content: Some(
            crate::model::json::RawJson::parse(r#"{"n": 123456789012345678901234567890}"#).unwrap(),
        ),
        ..CallToolResult::text("n")
    };
    for version in VERSIONS {
        assert!(!typed_crossing(&rounded_structured, version));
        assert_eq!(
            rounded_structured
                .clone()
                .into_rmcp_for(version)
                .unwrap_err()
                .path(),
            by_json::<_, rm::CallToolResult>(&rounded_structured, version, true)
                .unwrap_err()
                .path()
        );
        for result in [&inexact, &extra, &block_extra] {
            assert!(!typed_crossing(result, version));
            let json_route = by_json::<_, rm::CallToolResult>(result, version, true);
            assert_eq!(result.clone().into_rmcp_for(version), json_route);
        }
        // Icons go the JSON route where they are written, and cross either way.
        assert_eq!(typed_crossing(&icons, version), !version.has_icons());
        let json_route = by_json::<_, rm::CallToolResult>(&icons, version, true);
        assert!(json_route.is_ok());
        assert_eq!(icons.clone().into_rmcp_for(version), json_route);
        assert_eq!(
            inexact.clone().into_rmcp_for(version).unwrap_err().path(),
            "content[0].annotations.priority"
        );
        assert_eq!(
            extra.clone().into_rmcp_for(version).unwrap_err().path(),
            "x-trace"
        );
    }
}
