//! The traits `#[derive(Content)]` implements: a user type into content blocks and a tool
//! result ([`IntoContent`], [`IntoCallToolResult`]), back from them ([`FromContent`]), and its
//! structured-output schema ([`StructuredOutput`]); plus the payload traits a field type
//! implements to carry bytes ([`IntoBinary`], [`FromBinary`]).

use std::borrow::Cow;
use std::fmt;

use serde_json::{Map, Value};

use crate::model::binary::Base64Data;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::rules::{ProtocolVersion, Violation};
use crate::wire::error::ReadError;

/// A value that becomes content blocks.
///
/// Literals were checked by the compiler and dynamic values arrive in validated types; what
/// can still fail is a value written with `serde_json` (a `text(json)` field, a `_meta` value
/// taken from a field) that `serde_json` refuses: a map whose keys are not strings, a
/// `Serialize` impl that returns an error. [`IntoContent::try_extend_content`] (and
/// [`IntoContent::try_into_content`]) report each such value as a [`WriteError`] naming the
/// field, the place on the wire and serde's message; the infallible methods leave the value
/// out (never `null`, never an error's text in its place). The handlers `#[tool]`,
/// `#[prompt]` and `#[resource]` take the fallible path. It takes `self` by value so bytes
/// move into the blocks uncopied.
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
/// let mut meta = mcp_content::model::Meta::new();
/// Greeting { text: "hi".into(), lang: "en".into() }.extend_content(&mut blocks, &mut meta);
/// assert_eq!(blocks[0].as_text(), Some("hi"));
/// assert_eq!(meta.get_value("com.example/lang"), Some("en".into()));
/// ```
pub trait IntoContent: Sized {
    /// Appends this value's blocks to `blocks`, and the entries it places in the result's
    /// `_meta` to `result_meta` (a nested value inlines both into its parent).
    ///
    /// A value `serde_json` refuses is left out (a `text(json)` block is not written, a
    /// `_meta` entry is absent), and everything else is written: use
    /// [`IntoContent::try_extend_content`] to learn of it.
    fn extend_content(self, blocks: &mut Vec<ContentBlock>, result_meta: &mut Meta);

    /// [`IntoContent::extend_content`], reporting every value `serde_json` refused: the
    /// error names each field, its place (`content[1].text`, `_meta.com.example/stats`,
    /// `content[0]._meta.key`; indices count from the start of `blocks`) and serde's
    /// message. On error, `blocks` and `result_meta` hold what could be written.
    ///
    /// The default (for a hand-written impl, which writes no serde value of its own) is
    /// [`IntoContent::extend_content`] and `Ok`; `#[derive(Content)]` implements both.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use mcp_content::{Content, IntoContent};
    ///
    /// #[derive(Content)]
    /// #[content(write_only)]
    /// struct Scores {
    ///     #[content(text(json))]
    ///     by_pair: HashMap<(u8, u8), u32>, // JSON object keys are strings
    /// }
    ///
    /// let value = Scores { by_pair: HashMap::from([((1, 2), 3)]) };
    /// let err = value.try_into_content().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "content[0].text: serde_json cannot write field `by_pair`: key must be a string"
    /// );
    /// ```
    fn try_extend_content(
        self,
        blocks: &mut Vec<ContentBlock>,
        result_meta: &mut Meta,
    ) -> Result<(), WriteError> {
        self.extend_content(blocks, result_meta);
        Ok(())
    }

    /// This value's blocks (entries meant for the result's `_meta` are dropped; use
    /// [`IntoCallToolResult`] to keep them). A value `serde_json` refuses is left out, as by
    /// [`IntoContent::extend_content`]; [`IntoContent::try_into_content`] reports it.
    fn into_content(self) -> Vec<ContentBlock> {
        let mut blocks = Vec::new();
        let mut result_meta = Meta::new();
        self.extend_content(&mut blocks, &mut result_meta);
        blocks
    }

    /// This value's blocks, or the [`WriteError`] naming every value `serde_json` refused
    /// (see [`IntoContent::try_extend_content`]).
    fn try_into_content(self) -> Result<Vec<ContentBlock>, WriteError> {
        let mut blocks = Vec::new();
        let mut result_meta = Meta::new();
        self.try_extend_content(&mut blocks, &mut result_meta)?;
        Ok(blocks)
    }
}

/// Values `#[derive(Content)]` could not write: `serde_json` refused them (a map whose keys
/// are not strings, a `Serialize` impl that returned an error, …). Nothing is written in
/// their place: not `null`, not the error's text.
///
/// Each [`WriteFailure`] names the field, its place on the wire and serde's message; the
/// `Display` text is one line per failure:
///
/// ```text
/// content[0].text: serde_json cannot write field `by_pair`: key must be a string
/// ```
///
/// A tool answers it as an `isError` result, a prompt or a resource as an internal error
/// (`-32603`) with that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteError {
    failures: Vec<WriteFailure>,
}

/// One value that could not be written (see [`WriteError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteFailure {
    field: String,
    place: String,
    message: String,
    whole: bool,
}

impl WriteError {
    /// Every value that could not be written, in the order they were met (never empty).
    pub fn failures(&self) -> &[WriteFailure] {
        &self.failures
    }

    /// An error of one failure.
    pub(crate) fn one(failure: WriteFailure) -> Self {
        Self {
            failures: vec![failure],
        }
    }

    /// The failures, or `Ok` when there are none.
    pub(crate) fn check(failures: Vec<WriteFailure>) -> Result<(), Self> {
        if failures.is_empty() {
            Ok(())
        } else {
            Err(Self { failures })
        }
    }

    /// `more`'s failures after this error's.
    #[must_use]
    pub(crate) fn and(mut self, more: Result<(), Self>) -> Self {
        if let Err(more) = more {
            self.failures.extend(more.failures);
        }
        self
    }

    /// The failures, owned.
    pub(crate) fn into_failures(self) -> Vec<WriteFailure> {
        self.failures
    }
}

impl WriteFailure {
    /// A field's value refused at `place`.
    pub(crate) fn field(field: impl Into<String>, place: String, message: String) -> Self {
        Self {
            field: field.into(),
            place,
            message,
            whole: false,
        }
    }

    /// A whole value (a `structured` type's serde form, named by its type) refused at `place`.
    pub(crate) fn whole(type_name: &str, place: String, message: String) -> Self {
        Self {
            field: type_name.to_owned(),
            place,
            message,
            whole: true,
        }
    }

    /// The Rust field whose value was refused (`outer.inner` through a `flatten` field; an
    /// enum variant's field by its own name); for `structuredContent`, the type's name.
    pub fn field_name(&self) -> &str {
        &self.field
    }

    /// Where the value would have been written: `content[2].text`,
    /// `content[0].resource.text`, `_meta.com.example/stats`, `content[1]._meta.key`,
    /// `content[0].resource._meta.key`, or `structuredContent` (followed by the path inside
    /// the value where serde failed, when it is not the value itself: `.pairs`).
    pub fn place(&self) -> &str {
        &self.place
    }

    /// `serde_json`'s message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// This failure with its field named through the `flatten` field `outer`.
    pub(crate) fn nested_in(mut self, outer: &str) -> Self {
        if !self.whole {
            self.field = format!("{outer}.{}", self.field);
        }
        self
    }
}

impl fmt::Display for WriteFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.whole {
            write!(
                f,
                "{}: serde_json cannot write `{}`: {}",
                self.place, self.field, self.message
            )
        } else {
            write!(
                f,
                "{}: serde_json cannot write field `{}`: {}",
                self.place, self.field, self.message
            )
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, failure) in self.failures.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            failure.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for WriteError {}

/// A value that becomes a whole tool result: its blocks, the result's `_meta`, and its
/// `structuredContent` when it has one.
///
/// A `#[derive(Content)]` value that cannot be written whole (`serde_json` refuses its
/// serde form, a `text(json)` field or a `_meta` value: see [`WriteError`]) becomes a failed
/// call, `isError: true`, whose one text block names every field, place and serde's message;
/// nothing of the value is sent, and nothing is written as `null`.
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
    note = "return a type that implements `Content` (`#[derive(Content)]`), `String`, `&str`, `()`, `CallToolResult`, `ContentBlock`, `Vec<ContentBlock>`, `serde_json::Value`, an `Option` of one of these, or a `Result` of one of these whose error implements `Display`"
)]
///
/// Every tool result type also says whether its results carry structured content under an
/// output schema ([`StructuredOutput`], none by default: a hand-written type adds
/// `impl StructuredOutput for MyType {}`), so that an `Option` of it can send structured
/// content its schema takes for `None` as well.
pub trait IntoCallToolResult: StructuredOutput {
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
    /// missing, and literal result `_meta` entries a derived type declares are not checked:
    /// use [`FromContent::from_call_tool_result`] for those).
    fn from_content(blocks: &[ContentBlock]) -> Result<Self, ReadError> {
        Self::from_content_and_meta(blocks, &Meta::new())
    }

    /// Reads the value from a tool result: its blocks, its `_meta`, and (for structured
    /// types) past the JSON text block added for older clients. A result with
    /// `isError: true` is an error naming its message (its text blocks, the first 300
    /// characters).
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

/// How much of a tool's error message [`tool_error`] keeps: the peer's text, which may be
/// megabytes long, is cut as the reasons of an enum's error are.
const TOOL_ERROR_CHARS: usize = 300;

/// The error for a result with `isError: true`: its text blocks are the message (the first
/// [`TOOL_ERROR_CHARS`] characters).
pub(crate) fn tool_error(result: &CallToolResult) -> ReadError {
    let message: Vec<&str> = result
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect();
    let message = message.join("\n");
    let message = match message.char_indices().nth(TOOL_ERROR_CHARS) {
        Some((end, _)) => format!("{}…", &message[..end]),
        None => message,
    };
    ReadError::message("isError", format!("the tool reported an error: {message}"))
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

    /// Whether [`output_schema`](StructuredOutput::output_schema) is `Some`, without making
    /// the schema (a structured `#[derive(Content)]` type says `true`): what an `Option` of
    /// the type asks on every call, to write `None` as structured content its schema takes.
    fn has_output_schema() -> bool {
        Self::output_schema().is_some()
    }
}

/// `T`'s output schema as a peer on `version` expects it: 2025-era peers need an object at
/// the root, so a schema of anything else is wrapped as `{"result": …}` — the same wrapping
/// [`CallToolResult`]'s serializer applies to the value — and marked so
/// (`"x-fastmcp-wrap-result": true`, which [`ToolOutput`](crate::convert::typed_result::ToolOutput)
/// unwraps on).
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
///         "required": ["result"],
///         "x-fastmcp-wrap-result": true
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

#[cfg(all(test, feature = "bytes"))]
mod bytes_tests;
