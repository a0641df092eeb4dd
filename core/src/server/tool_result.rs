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
//! | `Option<T>`, `T` with an output schema | `structuredContent` `{"result": t}` (`t`'s blocks beside it), `None`: `{"result": null}` | `{"result": T's or null}`, marked `"x-fastmcp-wrap-result": true` |
//! | `Option<T>`, `T` without one | `None`: no blocks; `Some(t)`: `t`'s | none |
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
use crate::model::json::RawJson;
use crate::model::tool::{CallToolResult, WRAP_MARKER};

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

/// `None` is a success. For a `T` with an output schema, a tool's result must carry
/// structured content that schema takes, whatever it returns (the Python and TypeScript SDK
/// clients refuse a result without it), and `structuredContent` must be an object for
/// 2025-era peers: so the value goes out as `{"result": …}` — `{"result": null}` for `None` —
/// under the schema [`StructuredOutput`] gives `Option<T>`, marked as `FastMCP` marks the same
/// wrapping (how `FastMCP` and the Python SDK write an optional return too), which
/// [`ToolOutput`](crate::convert::typed_result::ToolOutput) unwraps. For a `T` without one,
/// `None` is no blocks and `Some(t)` is `t`'s result.
///
/// ```
/// use mcp_content::{CallToolResult, Content, IntoCallToolResult, StructuredOutput};
/// use mcp_content::convert::typed_result::ToolOutput;
///
/// #[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema, Debug, PartialEq)]
/// #[content(structured)]
/// struct Weather { city: String }
///
/// let none = None::<Weather>.into_call_tool_result();
/// assert_eq!(none.structured_content.as_ref().unwrap().as_str(), r#"{"result":null}"#);
/// let schema = <Option<Weather> as StructuredOutput>::output_schema().unwrap();
/// let output = ToolOutput::new(schema).unwrap();
/// assert_eq!(output.read::<Option<Weather>>(&none).unwrap(), None);
/// let some = Some(Weather { city: "Oslo".into() }).into_call_tool_result();
/// assert_eq!(some.structured_content.as_ref().unwrap().as_str(), r#"{"result":{"city":"Oslo"}}"#);
/// assert_eq!(output.read::<Option<Weather>>(&some).unwrap(), Some(Weather { city: "Oslo".into() }));
/// ```
impl<T: IntoCallToolResult> IntoCallToolResult for Option<T> {
    fn into_call_tool_result(self) -> CallToolResult {
        if !T::has_output_schema() {
            return match self {
                Some(value) => value.into_call_tool_result(),
                None => CallToolResult::default(),
            };
        }
        match self {
            Some(value) => wrap_in_result(value.into_call_tool_result()),
            None => CallToolResult::structured(serde_json::json!({ "result": null })),
        }
    }
}

/// A result's structured content as `{"result": …}` (an error, or a result without one, as
/// it is).
fn wrap_in_result(mut result: CallToolResult) -> CallToolResult {
    if result.is_error() {
        return result;
    }
    if let Some(structured) = result.structured_content.take() {
        let wrapped = format!("{{\"result\":{}}}", structured.as_str());
        // Valid JSON inside one more object: it parses, unless the value was nested at the
        // parser's very limit, which then keeps its own shape.
        result.structured_content = Some(RawJson::parse(&wrapped).unwrap_or(structured));
    }
    result
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

/// An optional result's schema: `{"result": …}` holding `T`'s value or `null`, marked as
/// wrapped (see the `IntoCallToolResult` impl); none when `T` has none.
///
/// ```
/// use mcp_content::StructuredOutput;
/// struct Count;
/// impl StructuredOutput for Count {
///     fn output_schema() -> Option<serde_json::Map<String, serde_json::Value>> {
///         serde_json::json!({"type": "integer"}).as_object().cloned()
///     }
/// }
/// assert_eq!(
///     serde_json::Value::Object(<Option<Count>>::output_schema().unwrap()),
///     serde_json::json!({
///         "type": "object",
///         "properties": {"result": {"anyOf": [{"type": "integer"}, {"type": "null"}]}},
///         "required": ["result"],
///         "x-fastmcp-wrap-result": true
///     })
/// );
/// ```
impl<T: StructuredOutput> StructuredOutput for Option<T> {
    fn output_schema() -> Option<Map<String, Value>> {
        T::output_schema().map(optional_schema)
    }

    fn has_output_schema() -> bool {
        T::has_output_schema()
    }
}

/// The schema of `{"result": value or null}` for a value of `schema`: the keywords of the
/// document (`$defs`…) stay at the root, where references into them resolve.
fn optional_schema(mut schema: Map<String, Value>) -> Map<String, Value> {
    let mut root = Map::new();
    for keyword in ["$schema", "$id", "$defs", "definitions"] {
        if let Some(value) = schema.remove(keyword) {
            root.insert(keyword.to_owned(), value);
        }
    }
    root.insert("type".to_owned(), Value::from("object"));
    let nullable = serde_json::json!({"anyOf": [Value::Object(schema), {"type": "null"}]});
    let mut properties = Map::new();
    properties.insert("result".to_owned(), nullable);
    root.insert("properties".to_owned(), Value::Object(properties));
    root.insert("required".to_owned(), Value::from(vec!["result"]));
    root.insert(WRAP_MARKER.to_owned(), Value::Bool(true));
    root
}

/// Errors carry no `structuredContent`, so the schema is the success value's.
impl<T: StructuredOutput, E> StructuredOutput for Result<T, E> {
    fn output_schema() -> Option<Map<String, Value>> {
        T::output_schema()
    }

    fn has_output_schema() -> bool {
        T::has_output_schema()
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
