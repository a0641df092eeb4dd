//! The traits `#[derive(Content)]` implements: a user type into content blocks and a tool
//! result ([`IntoContent`], [`IntoCallToolResult`]), back from them ([`FromContent`]), and its
//! structured-output schema ([`StructuredOutput`]); plus the payload traits a field type
//! implements to carry bytes ([`IntoBinary`], [`FromBinary`]).

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::model::binary::Base64Data;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::rules::{ProtocolVersion, Violation};
use crate::wire::error::ReadError;

/// A value that becomes content blocks.
///
/// Conversion does not fail: literals were checked by the compiler and dynamic values arrive
/// in validated types. It takes `self` by value so bytes move into the blocks uncopied.
///
/// ```
/// use mcp_content::{Content, IntoContent};
///
/// #[derive(Content)]
/// struct Greeting {
///     #[content(text)]
///     text: String,
///     #[content(meta = "com.example/lang")]
///     lang: String,
/// }
///
/// let mut blocks = Vec::new();
/// let mut meta = mcp_content::Meta::new();
/// Greeting { text: "hi".into(), lang: "en".into() }.extend_content(&mut blocks, &mut meta);
/// assert_eq!(blocks[0].as_text(), Some("hi"));
/// assert_eq!(meta.get_value("com.example/lang"), Some("en".into()));
/// ```
pub trait IntoContent: Sized {
    /// Appends this value's blocks to `blocks`, and the entries it places in the result's
    /// `_meta` to `result_meta` (a nested value inlines both into its parent).
    fn extend_content(self, blocks: &mut Vec<ContentBlock>, result_meta: &mut Meta);

    /// This value's blocks (entries meant for the result's `_meta` are dropped; use
    /// [`IntoCallToolResult`] to keep them).
    fn into_content(self) -> Vec<ContentBlock> {
        let mut blocks = Vec::new();
        let mut result_meta = Meta::new();
        self.extend_content(&mut blocks, &mut result_meta);
        blocks
    }
}

/// A value that becomes a whole tool result: its blocks, the result's `_meta`, and its
/// `structuredContent` when it has one.
///
/// ```
/// use mcp_content::{Content, IntoCallToolResult};
///
/// #[derive(Content)]
/// #[content(meta("com.example/source" = "demo"))]
/// struct Answer {
///     #[content(text)]
///     text: String,
/// }
///
/// let result = Answer { text: "42".into() }.into_call_tool_result();
/// assert_eq!(
///     serde_json::to_string(&result).unwrap(),
///     r#"{"content":[{"type":"text","text":"42"}],"_meta":{"com.example/source":"demo"},"resultType":"complete"}"#
/// );
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a `#[tool]` function",
    label = "not a tool result",
    note = "return `String`, `&str`, `()`, `CallToolResult`, `ContentBlock`, `Vec<ContentBlock>`, a `#[derive(Content)]` type, an `Option` of one of these, or a `Result` of one of these whose error converts into `ProtocolError`"
)]
pub trait IntoCallToolResult {
    /// The tool result for this value.
    fn into_call_tool_result(self) -> CallToolResult;
}

/// A value read back from content blocks (the reverse of [`IntoContent`]).
///
/// Errors name the JSON path (`content[2].text`), the field and what was expected.
///
/// ```
/// use mcp_content::{Content, FromContent, IntoCallToolResult};
///
/// #[derive(Content, Debug, PartialEq)]
/// struct Answer {
///     #[content(text)]
///     text: String,
///     #[content(text)]
///     count: u32,
/// }
///
/// let result = Answer { text: "hi".into(), count: 3 }.into_call_tool_result();
/// assert_eq!(Answer::from_call_tool_result(&result).unwrap(), Answer { text: "hi".into(), count: 3 });
///
/// let err = Answer::from_content(&[mcp_content::ContentBlock::text("hi")]).unwrap_err();
/// assert_eq!(err.to_string(), "content: field `count` expects a text block; found none");
/// ```
pub trait FromContent: Sized {
    /// Reads the value from blocks and the `_meta` of the result that carried them.
    fn from_content_and_meta(
        blocks: &[ContentBlock],
        result_meta: &Meta,
    ) -> Result<Self, ReadError>;

    /// Reads the value from blocks alone (fields placed in the result's `_meta` are then
    /// missing: use [`FromContent::from_call_tool_result`] for those).
    fn from_content(blocks: &[ContentBlock]) -> Result<Self, ReadError> {
        Self::from_content_and_meta(blocks, &Meta::new())
    }

    /// Reads the value from a tool result: its blocks, its `_meta`, and (for structured
    /// types) past the JSON text block added for older clients. A result with
    /// `isError: true` is an error naming its message.
    fn from_call_tool_result(result: &CallToolResult) -> Result<Self, ReadError> {
        if result.is_error() {
            return Err(tool_error(result));
        }
        Self::from_content_and_meta(&result.content, &result.meta)
    }

    /// [`FromContent::from_call_tool_result`] from a result the caller no longer needs: a
    /// derived type moves the texts of its blocks into its fields instead of copying them.
    ///
    /// ```
    /// use mcp_content::{Content, FromContent, IntoCallToolResult};
    ///
    /// #[derive(Content, Debug, PartialEq)]
    /// struct Answer {
    ///     #[content(text)]
    ///     text: String,
    /// }
    ///
    /// let result = Answer { text: "hi".into() }.into_call_tool_result();
    /// assert_eq!(Answer::from_owned_call_tool_result(result).unwrap(), Answer { text: "hi".into() });
    /// ```
    fn from_owned_call_tool_result(result: CallToolResult) -> Result<Self, ReadError> {
        Self::from_call_tool_result(&result)
    }
}

/// The error for a result with `isError: true`: its text blocks are the message.
pub(crate) fn tool_error(result: &CallToolResult) -> ReadError {
    let message: Vec<&str> = result
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect();
    ReadError::message(
        "isError",
        format!("the tool reported an error: {}", message.join("\n")),
    )
}

/// A type whose tool result may carry `structuredContent`, and the JSON Schema of it
/// (`outputSchema`). `#[derive(Content)]` implements it: `None` (the default) unless the
/// type is marked `#[content(structured)]`.
///
/// The schema describes the value as the type serializes it (JSON Schema 2020-12, from
/// `schemars`). Use [`output_schema_for`] to get it as a given protocol version declares it.
pub trait StructuredOutput {
    /// The schema of `structuredContent`, or `None` when the type has none (the default).
    fn output_schema() -> Option<Map<String, Value>> {
        None
    }
}

/// `T`'s output schema as a peer on `version` expects it: 2025-era peers need an object at
/// the root, so a schema of anything else is wrapped as `{"result": …}` — the same wrapping
/// [`CallToolResult`]'s serializer applies to the value.
///
/// ```
/// use mcp_content::{output_schema_for, ProtocolVersion, StructuredOutput};
///
/// struct Count;
/// impl StructuredOutput for Count {
///     fn output_schema() -> Option<serde_json::Map<String, serde_json::Value>> {
///         serde_json::json!({"type": "integer"}).as_object().cloned()
///     }
/// }
///
/// let old = output_schema_for::<Count>(ProtocolVersion::V2025_06_18).unwrap();
/// assert_eq!(
///     serde_json::Value::Object(old),
///     serde_json::json!({
///         "type": "object",
///         "properties": {"result": {"type": "integer"}},
///         "required": ["result"]
///     })
/// );
/// let new = output_schema_for::<Count>(ProtocolVersion::V2026_07_28).unwrap();
/// assert_eq!(serde_json::Value::Object(new), serde_json::json!({"type": "integer"}));
/// ```
pub fn output_schema_for<T: StructuredOutput + ?Sized>(
    version: ProtocolVersion,
) -> Option<Map<String, Value>> {
    crate::model::tool::wrap_output_schema(T::output_schema()?, version)
}

/// A field type that can carry the bytes of an image, audio or blob block.
///
/// Implemented for owned bytes (moved, not copied), borrowed bytes (copied once), an
/// already-base64 [`Base64Data`], and `bytes::Bytes` with the feature `bytes` (shared: a reference
/// count, not a copy).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot carry the bytes of an image, audio or blob block",
    label = "not a bytes type",
    note = "use `Vec<u8>`, `&[u8]`, `Box<[u8]>`, `Cow<[u8]>`, `Base64Data`, or `bytes::Bytes` (feature `bytes`)"
)]
pub trait IntoBinary {
    /// The payload, base64-encoded only when written.
    fn into_base64_data(self) -> Base64Data;
}

/// A field type that bytes read from an image, audio or blob block go back into.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read back from the bytes of an image, audio or blob block",
    label = "not an owned bytes type",
    note = "use `Vec<u8>`, `Box<[u8]>`, `Base64Data`, or `bytes::Bytes`; or mark the type `#[content(write_only)]`"
)]
pub trait FromBinary: Sized {
    /// Decodes the payload, from a borrow: the base64 text is never copied before decoding
    /// (`Base64Data` itself keeps it encoded: decoding is lazy).
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation>;
}

impl IntoBinary for Base64Data {
    fn into_base64_data(self) -> Base64Data {
        self
    }
}

impl IntoBinary for Vec<u8> {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self)
    }
}

impl IntoBinary for Box<[u8]> {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self.into_vec())
    }
}

impl IntoBinary for &[u8] {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self.to_vec())
    }
}

impl IntoBinary for &Vec<u8> {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self.clone())
    }
}

impl<const N: usize> IntoBinary for [u8; N] {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self.to_vec())
    }
}

impl IntoBinary for Cow<'_, [u8]> {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from_bytes(self.into_owned())
    }
}

#[cfg(feature = "bytes")]
impl IntoBinary for bytes::Bytes {
    fn into_base64_data(self) -> Base64Data {
        Base64Data::from(self)
    }
}

impl FromBinary for Base64Data {
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation> {
        Ok(data.clone())
    }
}

impl FromBinary for Vec<u8> {
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation> {
        data.to_bytes()
    }
}

impl FromBinary for Box<[u8]> {
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation> {
        data.to_bytes().map(Vec::into_boxed_slice)
    }
}

impl FromBinary for Cow<'static, [u8]> {
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation> {
        data.to_bytes().map(Cow::Owned)
    }
}

#[cfg(feature = "bytes")]
impl FromBinary for bytes::Bytes {
    fn from_base64_data(data: &Base64Data) -> Result<Self, Violation> {
        data.to_shared()
    }
}

/// The schema of `T` as `outputSchema` carries it (JSON Schema 2020-12): what a
/// `#[content(structured)]` type's `StructuredOutput` returns.
pub(crate) fn schema_of<T: schemars::JsonSchema + ?Sized>() -> Map<String, Value> {
    let schema = schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    match schema.to_value() {
        Value::Object(map) => map,
        // `true` (anything): an object schema that says nothing.
        _ => Map::new(),
    }
}
