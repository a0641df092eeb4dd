//! A derived type's whole output: its `extend_content`, its tool result (an `isError` result
//! naming every value that could not be written), and a `structured` type's result with
//! `structuredContent`.

use serde::Serialize;

use super::{to_json, to_json_text};
use crate::content_traits::{IntoContent, WriteError, WriteFailure};
use crate::model::content::ContentBlock;
use crate::model::json::RawJson;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;

/// [`IntoContent::extend_content`] of a derived type: its `try_extend_content`, a value
/// `serde_json` refuses left out (the error is what `try_extend_content` is for).
#[inline]
pub fn extend_content<T: IntoContent>(value: T, blocks: &mut Vec<ContentBlock>, meta: &mut Meta) {
    // The refusals are reported by `try_extend_content`; here the value is left out.
    let _ = value.try_extend_content(blocks, meta);
}

/// A derived type's whole tool result: its blocks and the result's `_meta`; when a value
/// could not be written, the `isError` result naming each.
pub fn call_tool_result<T: IntoContent>(value: T) -> CallToolResult {
    try_call_tool_result(value).unwrap_or_else(failed)
}

fn try_call_tool_result<T: IntoContent>(value: T) -> Result<CallToolResult, WriteError> {
    let mut blocks = Vec::new();
    let mut meta = Meta::new();
    value.try_extend_content(&mut blocks, &mut meta)?;
    let mut result = CallToolResult::new(blocks);
    result.meta = meta;
    Ok(result)
}

/// The tool result of a value that could not be written: `isError: true`, its text naming
/// every field, place and serde's message. No partial content goes with it.
#[allow(
    clippy::needless_pass_by_value,
    reason = "the signature `Result::unwrap_or_else` calls"
)]
pub(crate) fn failed(error: WriteError) -> CallToolResult {
    CallToolResult::error(format!("the tool's result could not be written: {error}"))
}

/// The tool result of a `structured` type: its serde form in `structuredContent`, and (unless
/// `no_text`) that JSON as a text block too, for clients that ignore `structuredContent`.
/// A serde form `serde_json` refuses is an `isError` result naming `structuredContent`.
pub(crate) fn structured_result<T: IntoContent + Serialize>(
    value: T,
    with_text: bool,
) -> CallToolResult {
    try_structured_result(value, with_text).unwrap_or_else(failed)
}

fn try_structured_result<T: IntoContent + Serialize>(
    value: T,
    with_text: bool,
) -> Result<CallToolResult, WriteError> {
    // The serde form as a `Value` (members in `Value`'s order), or, for a form a `Value` does
    // not hold (an integer past 64 bits, `u128`), as the text `serde_json` writes, exactly.
    let structured = to_json(&value).map(|structured| {
        let text = structured.to_string();
        (RawJson::from(structured), text)
    });
    let structured = structured.or_else(|refused| {
        to_json_text(&value)
            .ok()
            .and_then(|text| Some((RawJson::parse(&text).ok()?, text)))
            .ok_or(refused)
    });
    let written = try_call_tool_result(value);
    let (structured, text) = match structured {
        Ok(structured) => structured,
        Err(refused) => {
            let failure = WriteFailure::whole(
                short_type_name::<T>(),
                format!("structuredContent{}", refused.0.at),
                refused.0.message,
            );
            return Err(WriteError::one(failure).and(written.map(drop)));
        }
    };
    let mut result = written?;
    if with_text
        && !result
            .content
            .iter()
            .any(|b| b.as_text() == Some(text.as_str()))
    {
        result.content.push(ContentBlock::text(text));
    }
    result.structured_content = Some(structured);
    Ok(result)
}

/// `T`'s name without its module path (`Report`, `Page<alloc::string::String>`).
fn short_type_name<T: ?Sized>() -> &'static str {
    let name = std::any::type_name::<T>();
    let head = name.find('<').unwrap_or(name.len());
    let start = name[..head].rfind("::").map_or(0, |i| i + 2);
    &name[start..]
}
