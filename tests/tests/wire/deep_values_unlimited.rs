//! Values nested far deeper than any reader takes, built in this process, at every entry
//! point that takes them without a document's limits: the rmcp bridge both ways (every
//! convertible type with a place for free-form JSON) and the readers under
//! `ReadLimits::unlimited()`. Each either converts or refuses with the path of the first
//! value past the JSON parser's 128 levels and the rule `limit`; none overflows the stack.
//!
//! `serde_json`'s own `Value` drops recursively, so a test can only hold a value as deep as
//! `serde_json` itself drops on the stack it runs on. Each test runs in a thread with an
//! explicit stack (2 MiB, a test thread's default; 8 MiB, a main thread's), at a depth
//! `serde_json_itself_builds_and_drops_these_depths` shows `serde_json` handles there, so the
//! outcome does not depend on the harness.

use std::sync::Arc;

use crate::deep::{nested, nested_text, on_stack};

use mcp_content::model::{
    GetPromptResult, JsonObject, Meta, Prompt, PromptMessage, RawJson, ReadResourceResult,
    Resource, ResourceContents, ResourceTemplate, Tool,
};
use mcp_content::rmcp::{ConvertError, RmcpModel};
use mcp_content::rules::Rule;
use mcp_content::wire::{ReadLimits, read_json_with, read_value, read_value_with};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion};
use rmcp::model as rm;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

const MIB: usize = 1024 * 1024;

/// (stack size, depth): the depth a value is built to on a thread with that stack. An
/// unoptimized `serde_json` drops about 2,000 levels on 2 MiB and 9,000 on 8 MiB (measured
/// here); these keep a margin.
const STACKS: [(usize, usize); 2] = [(2 * MIB, 1_500), (8 * MIB, 6_000)];

/// A `RawJson` holding `nested_text(depth)`: `RawJson::parse` refuses it, a `RawValue`
/// (which `serde_json` checks without recursion) does not.
fn deep_raw(depth: usize) -> RawJson {
    RawJson::from(RawValue::from_string(nested_text(depth)).expect("valid JSON"))
}

fn rmcp_meta(value: Value) -> rm::MetaObject {
    let mut map = Map::new();
    map.insert("com.example/deep".into(), value);
    rm::MetaObject(map)
}

fn our_meta(value: RawJson) -> Meta {
    let mut object = JsonObject::new();
    object.insert("com.example/deep", value);
    Meta::from_object(object).expect("a valid key")
}

/// The path of the first array past the parser's 128 levels (which read 127 arrays or
/// objects one in another, as `serde_json` does) in a `nested` value at `prefix`, whose
/// outer array is at `level` (the document's root object is level 1).
fn path_below(prefix: &str, level: usize) -> String {
    format!("{prefix}{}", "[0]".repeat(128 - level))
}

#[track_caller]
fn refused_at(error: &ConvertError, path: &str) {
    assert_eq!(error.path(), path, "{error}");
    assert_eq!(
        error.message(),
        "nested deeper than the JSON parser's 127 levels (rule: limit)",
        "{error}"
    );
}

#[test]
fn serde_json_itself_builds_and_drops_these_depths() {
    for (stack, depth) in STACKS {
        on_stack(stack, move || {
            let value = nested(depth);
            let wrapped = rm::CallToolResult::structured(value);
            drop(wrapped);
        });
    }
}

/// Every rmcp type with a place for free-form JSON, holding a deep value there: refused by
/// `from_rmcp` with its path, never a stack overflow in `serde_json::to_value`.
#[test]
fn from_rmcp_refuses_deep_values_at_every_place_with_their_path() {
    for (stack, depth) in STACKS {
        on_stack(stack, move || {
            let deep = || nested(depth);
            let mut cases = 0;

            let theirs = rm::CallToolResult::structured(deep());
            refused_at(
                &CallToolResult::from_rmcp(&theirs).unwrap_err(),
                &path_below("structuredContent", 2),
            );
            let mut theirs = rm::CallToolResult::success(vec![]);
            theirs.meta = Some(rmcp_meta(deep()));
            let meta_path = path_below("_meta.com.example/deep", 3);
            refused_at(&CallToolResult::from_rmcp(&theirs).unwrap_err(), &meta_path);
            cases += 2;

            let block = rm::ContentBlock::Text({
                let mut text = rm::TextContent::new("a");
                text.meta = Some(rmcp_meta(deep()));
                text
            });
            let key = "_meta.com.example/deep";
            refused_at(
                &ContentBlock::from_rmcp(&block).unwrap_err(),
                &path_below(key, 3),
            );
            let theirs = rm::CallToolResult::success(vec![block.clone()]);
            refused_at(
                &CallToolResult::from_rmcp(&theirs).unwrap_err(),
                &path_below(&format!("content[0].{key}"), 5),
            );
            let message = rm::PromptMessage::new(rm::Role::User, block);
            refused_at(
                &PromptMessage::from_rmcp(&message).unwrap_err(),
                &path_below(&format!("content.{key}"), 4),
            );
            let prompt = rm::GetPromptResult::new(vec![message]);
            refused_at(
                &GetPromptResult::from_rmcp(&prompt).unwrap_err(),
                &path_below(&format!("messages[0].content.{key}"), 6),
            );
            let mut prompt = rm::GetPromptResult::new(vec![]);
            prompt.meta = Some(rmcp_meta(deep()));
            refused_at(
                &GetPromptResult::from_rmcp(&prompt).unwrap_err(),
                &meta_path,
            );
            cases += 5;

            let contents = rm::ResourceContents::TextResourceContents {
                uri: "file:///a".into(),
                mime_type: None,
                text: "a".into(),
                meta: Some(rmcp_meta(deep())),
            };
            refused_at(
                &ResourceContents::from_rmcp(&contents).unwrap_err(),
                &meta_path,
            );
            let read = rm::ReadResourceResult::new(vec![contents]);
            refused_at(
                &ReadResourceResult::from_rmcp(&read).unwrap_err(),
                &path_below("contents[0]._meta.com.example/deep", 5),
            );
            cases += 2;

            let mut schema = Map::new();
            schema.insert("type".into(), json!("object"));
            schema.insert("default".into(), deep());
            let tool = rm::Tool::new("t", "d", Arc::new(schema.clone()));
            refused_at(
                &Tool::from_rmcp(&tool).unwrap_err(),
                &path_below("inputSchema.default", 3),
            );
            let mut tool = rm::Tool::new("t", "d", Arc::new(Map::new()));
            tool.output_schema = Some(Arc::new(schema));
            refused_at(
                &Tool::from_rmcp(&tool).unwrap_err(),
                &path_below("outputSchema.default", 3),
            );
            let mut tool = rm::Tool::new("t", "d", Arc::new(Map::new()));
            tool.meta = Some(rmcp_meta(deep()));
            refused_at(&Tool::from_rmcp(&tool).unwrap_err(), &meta_path);
            cases += 3;

            let mut prompt = rm::Prompt::new("p", None::<String>, None);
            prompt.meta = Some(rmcp_meta(deep()));
            refused_at(&Prompt::from_rmcp(&prompt).unwrap_err(), &meta_path);
            let mut resource = rm::Resource::new("file:///a", "a");
            resource.meta = Some(rmcp_meta(deep()));
            refused_at(&Resource::from_rmcp(&resource).unwrap_err(), &meta_path);
            let mut template = rm::ResourceTemplate::new("file:///{a}", "a");
            template.meta = Some(rmcp_meta(deep()));
            refused_at(
                &ResourceTemplate::from_rmcp(&template).unwrap_err(),
                &meta_path,
            );
            cases += 3;
            assert_eq!(cases, 15);
        });
    }
}

/// Where the probe stops is where the reader stops: at a depth `serde_json::to_value` can
/// still take, `from_rmcp` and `read_value_with(…, unlimited)` of the same JSON give the
/// same error; and at the parser's depth both take it.
#[test]
fn from_rmcp_stops_where_the_reader_stops() {
    for depth in [125, 126, 127, 200] {
        let theirs = rm::CallToolResult::structured(nested(depth));
        let json = serde_json::to_value(&theirs).unwrap();
        let read = read_value_with::<CallToolResult>(json, &ReadLimits::unlimited());
        match (CallToolResult::from_rmcp(&theirs), read) {
            (Ok(ours), Ok(read)) => {
                assert!(depth <= 126, "{depth}");
                assert_eq!(ours, read);
            }
            (Err(error), Err(read)) => {
                assert!(depth >= 127, "{depth}");
                assert_eq!(error.path(), read.path());
                assert_eq!(error.message(), read.detail());
                assert_eq!(read.rule(), Some(Rule::Limit));
            }
            (ours, read) => panic!("{depth}: {ours:?} but the reader: {read:?}"),
        }
    }
}

/// Our model can hold JSON text nested past 128 levels (a `RawJson` made from a
/// `RawValue`): `to_rmcp` and `into_rmcp` (the typed crossing) refuse it with its path.
#[test]
fn to_rmcp_refuses_deep_json_text_with_its_path() {
    for (stack, depth) in STACKS {
        on_stack(stack, move || {
            let meta_path = path_below("_meta.com.example/deep", 3);
            let structured = CallToolResult {
                structured_content: Some(deep_raw(depth)),
                ..CallToolResult::text("x")
            };
            let mut meta = CallToolResult::text("x");
            meta.meta = our_meta(deep_raw(depth));
            for version in [
                ProtocolVersion::V2025_06_18,
                ProtocolVersion::V2025_11_25,
                ProtocolVersion::V2026_07_28,
            ] {
                // 2025-era peers take an object: the array is written as `{"result": […]}`.
                let structured_path = if version == ProtocolVersion::V2026_07_28 {
                    path_below("structuredContent", 2)
                } else {
                    path_below("structuredContent.result", 3)
                };
                for (result, path) in [(&structured, structured_path), (&meta, meta_path.clone())] {
                    refused_at(&result.to_rmcp_for(version).unwrap_err(), &path);
                    refused_at(&result.clone().into_rmcp_for(version).unwrap_err(), &path);
                }
            }

            let mut block = mcp_content::model::TextContent::new("a");
            block.meta = our_meta(deep_raw(depth));
            let block = ContentBlock::from(block);
            refused_at(&block.to_rmcp().unwrap_err(), &meta_path);
            let prompt = GetPromptResult::new(vec![PromptMessage::new(
                mcp_content::model::Role::User,
                block,
            )]);
            refused_at(
                &prompt
                    .clone()
                    .into_rmcp_for(ProtocolVersion::LATEST)
                    .unwrap_err(),
                &path_below("messages[0].content._meta.com.example/deep", 6),
            );

            let mut contents = mcp_content::model::TextResourceContents::new(
                mcp_content::model::Uri::new("file:///a").unwrap(),
                "a",
            );
            contents.meta = our_meta(deep_raw(depth));
            let read = ReadResourceResult::new(vec![contents.into()]);
            for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::LATEST] {
                let path = path_below("contents[0]._meta.com.example/deep", 5);
                refused_at(&read.to_rmcp_for(version).unwrap_err(), &path);
                refused_at(&read.clone().into_rmcp_for(version).unwrap_err(), &path);
            }
            let mut resource =
                Resource::new(mcp_content::model::Uri::new("file:///a").unwrap(), "a");
            resource.meta = our_meta(deep_raw(depth));
            refused_at(&resource.to_rmcp().unwrap_err(), &meta_path);

            let mut schema = JsonObject::new();
            schema.insert("type", json!("object"));
            schema.insert("default", deep_raw(depth));
            let mut tool = Tool::new(mcp_content::model::ToolName::new("t").unwrap());
            tool.input_schema = schema;
            refused_at(
                &tool.to_rmcp().unwrap_err(),
                &path_below("inputSchema.default", 3),
            );
        });
    }
}

/// The readers under `ReadLimits::unlimited()` (and the defaults) refuse a deep `Value` or
/// document with its path and rule, never overflow.
#[test]
fn unlimited_readers_refuse_deep_values_with_their_path() {
    for (stack, depth) in STACKS {
        on_stack(stack, move || {
            let doc = json!({"content": [], "structuredContent": nested(depth)});
            let err = read_value_with::<CallToolResult>(doc, &ReadLimits::unlimited()).unwrap_err();
            assert_eq!(err.path(), path_below("structuredContent", 2));
            assert_eq!(err.rule(), Some(Rule::Limit));
            let doc = json!({"content": [], "structuredContent": nested(depth)});
            let err = read_value::<CallToolResult>(doc).unwrap_err();
            assert_eq!(err.rule(), Some(Rule::Limit), "{err}");
            let err =
                read_value_with::<Value>(nested(depth), &ReadLimits::unlimited()).unwrap_err();
            assert_eq!(err.rule(), Some(Rule::Limit), "{err}");

            let text = format!(
                r#"{{"content":[],"structuredContent":{}}}"#,
                nested_text(100_000)
            );
            let err = read_json_with::<CallToolResult>(text.as_bytes(), &ReadLimits::unlimited())
                .unwrap_err();
            assert_eq!(err.path(), path_below("structuredContent", 2));
            assert_eq!(err.rule(), Some(Rule::Limit));
        });
    }
}
