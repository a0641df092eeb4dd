//! What a `#[tool]` function may return: every type here becomes a [`CallToolResult`]
//! through [`IntoCallToolResult`], and says through [`StructuredOutput`] whether the tool
//! declares an `outputSchema`.
//!
//! | return type | result | `outputSchema` |
//! |---|---|---|
//! | a `#[derive(Content)]` struct | its blocks, result `_meta`, `structuredContent` when structured; `isError: true` naming the field and place when `serde_json` refuses one of its values ([`WriteError`](crate::WriteError)) | the struct's, when structured |
//! | `String`, `&str` | one text block | none |
//! | [`ContentBlock`] | that block | none |
//! | `Vec<ContentBlock>` | those blocks | none |
//! | `()` | no blocks (`"content": []`) | none |
//! | [`CallToolResult`] | as it is | none |
//! | [`serde_json::Value`] | `structuredContent` and its JSON as a text block | none (the shape is unknown) |
//! | `Option<T>` | `None`: no blocks; `Some(t)`: `t`'s | `T`'s |
//! | `Result<T, E: Display>` | `Err(e)`: `isError: true` with `e`'s text; `Ok(t)`: `t`'s | `T`'s |
//!
//! ```
//! use mcp_content::{CallToolResult, IntoCallToolResult, StructuredOutput};
//!
//! let failed: Result<String, std::num::ParseIntError> = "x".parse::<u8>().map(|n| n.to_string());
//! let result = failed.into_call_tool_result();
//! assert_eq!(
//!     serde_json::to_string(&result).unwrap(),
//!     r#"{"content":[{"type":"text","text":"invalid digit found in string"}],"isError":true,"resultType":"complete"}"#
//! );
//! assert!(<Option<String> as StructuredOutput>::output_schema().is_none());
//! ```

use std::fmt::Display;

use serde_json::{Map, Value};

use crate::content_traits::{IntoCallToolResult, StructuredOutput};
use crate::model::content::ContentBlock;
use crate::model::tool::CallToolResult;

impl IntoCallToolResult for String {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::text(self)
    }
}

impl IntoCallToolResult for &str {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::text(self)
    }
}

impl IntoCallToolResult for ContentBlock {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::new(vec![self])
    }
}

impl IntoCallToolResult for Vec<ContentBlock> {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::new(self)
    }
}

/// A tool that only acts: success with no blocks (`content` is required on the wire, so it
/// is written as `[]`).
impl IntoCallToolResult for () {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::default()
    }
}

impl IntoCallToolResult for CallToolResult {
    fn into_call_tool_result(self) -> CallToolResult {
        self
    }
}

/// Any JSON value as `structuredContent`, with its JSON as a text block for clients that only
/// read `content` (the spec's backward-compatibility rule). No `outputSchema` is declared: the
/// shape is only known at run time; return a structured `#[derive(Content)]` type for one.
impl IntoCallToolResult for Value {
    fn into_call_tool_result(self) -> CallToolResult {
        CallToolResult::structured(self)
    }
}

/// `None` is a success with no blocks.
impl<T: IntoCallToolResult> IntoCallToolResult for Option<T> {
    fn into_call_tool_result(self) -> CallToolResult {
        match self {
            Some(value) => value.into_call_tool_result(),
            None => CallToolResult::default(),
        }
    }
}

/// `Err(e)` is a failed call (`isError: true`) whose one text block is `e`'s `Display` text,
/// so the model can read what went wrong and try again.
impl<T: IntoCallToolResult, E: Display> IntoCallToolResult for Result<T, E> {
    fn into_call_tool_result(self) -> CallToolResult {
        match self {
            Ok(value) => value.into_call_tool_result(),
            Err(error) => CallToolResult::error(error.to_string()),
        }
    }
}

macro_rules! no_output_schema {
    ($($ty:ty),* $(,)?) => {$(
        impl StructuredOutput for $ty {
            fn output_schema() -> Option<Map<String, Value>> {
                None
            }
        }
    )*};
}

no_output_schema!(
    String,
    &str,
    ContentBlock,
    Vec<ContentBlock>,
    (),
    CallToolResult,
    Value
);

/// An optional result has the schema of the value it may hold (`structuredContent` is only
/// absent when it is `None`).
impl<T: StructuredOutput> StructuredOutput for Option<T> {
    fn output_schema() -> Option<Map<String, Value>> {
        T::output_schema()
    }
}

/// Errors carry no `structuredContent`, so the schema is the success value's.
impl<T: StructuredOutput, E> StructuredOutput for Result<T, E> {
    fn output_schema() -> Option<Map<String, Value>> {
        T::output_schema()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_returns() {
        assert_eq!("a".into_call_tool_result(), CallToolResult::text("a"));
        assert_eq!(
            String::from("a").into_call_tool_result(),
            CallToolResult::text("a")
        );
        assert_eq!(().into_call_tool_result().content, Vec::new());
        assert_eq!(
            None::<String>.into_call_tool_result(),
            CallToolResult::default()
        );
        let err: Result<(), &str> = Err("boom");
        assert_eq!(err.into_call_tool_result(), CallToolResult::error("boom"));
        let value = serde_json::json!({"n": 1});
        let result = value.clone().into_call_tool_result();
        assert_eq!(result.structured_content, Some(value.into()));
        assert_eq!(result.content[0].as_text(), Some(r#"{"n":1}"#));
    }
}
