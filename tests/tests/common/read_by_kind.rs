//! The readers by document kind that `wire/untrusted_input.rs` and
//! `wire/limits_and_checked_path.rs` share (included with `#[path]`): one entry per model type,
//! from bytes with limits and from a `Value`.

use mcp_content::model::{
    GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool,
};
use mcp_content::wire::{ReadLimits, read_json_with, read_value};
use mcp_content::{CallToolResult, ReadError};
use serde_json::Value;

pub(crate) fn read_kind(kind: &str, bytes: &[u8], limits: &ReadLimits) -> Result<(), ReadError> {
    match kind {
        "CallToolResult" => read_json_with::<CallToolResult>(bytes, limits).map(drop),
        "GetPromptResult" => read_json_with::<GetPromptResult>(bytes, limits).map(drop),
        "ReadResourceResult" => read_json_with::<ReadResourceResult>(bytes, limits).map(drop),
        "Tool" => read_json_with::<Tool>(bytes, limits).map(drop),
        "Prompt" => read_json_with::<Prompt>(bytes, limits).map(drop),
        "Resource" => read_json_with::<Resource>(bytes, limits).map(drop),
        "ResourceTemplate" => read_json_with::<ResourceTemplate>(bytes, limits).map(drop),
        _ => unreachable!("{kind}"),
    }
}

pub(crate) fn read_value_kind(kind: &str, value: Value) -> Result<(), ReadError> {
    match kind {
        "CallToolResult" => read_value::<CallToolResult>(value).map(drop),
        "GetPromptResult" => read_value::<GetPromptResult>(value).map(drop),
        "ReadResourceResult" => read_value::<ReadResourceResult>(value).map(drop),
        "Tool" => read_value::<Tool>(value).map(drop),
        "Prompt" => read_value::<Prompt>(value).map(drop),
        "Resource" => read_value::<Resource>(value).map(drop),
        "ResourceTemplate" => read_value::<ResourceTemplate>(value).map(drop),
        _ => unreachable!("{kind}"),
    }
}
