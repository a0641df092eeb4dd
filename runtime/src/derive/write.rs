//! Writing: what a generated `IntoContent` impl calls. One builder per block kind; each takes
//! the field's value as an iterator (`[value]` for one block, the `Option` or `Vec` itself
//! otherwise), so cardinality costs the generated code nothing.

use std::fmt::Display;
use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;

use super::MediaKind;
use crate::content_traits::{IntoContent, WriteError, WriteFailure};
use crate::model::annotations::{Annotations, Role};
use crate::model::binary::Base64Data;
use crate::model::content::{
    BlobResourceContents, ContentBlock, EmbeddedResource, ResourceContents, ResourceLink,
    TextContent, TextResourceContents,
};
use crate::model::integer::JsonInteger;
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Priority, Timestamp, Uri};
use crate::rules::{TemplateValue, UriTemplate};
use crate::wire::error::{cut_path, cut_quoted};

/// Where a generated `try_extend_content` writes: the blocks, and every value `serde_json`
/// refused on the way (nothing is written in its place).
pub struct Out<'a> {
    /// The blocks (a `flatten` field's type writes into them too).
    pub blocks: &'a mut Vec<ContentBlock>,
    /// What could not be written, so far.
    pub failures: Vec<WriteFailure>,
}

impl<'a> Out<'a> {
    /// Writing into `blocks`.
    #[inline]
    pub fn new(blocks: &'a mut Vec<ContentBlock>) -> Self {
        Self {
            blocks,
            failures: Vec::new(),
        }
    }

    /// `Ok`, or the error naming every value refused.
    #[inline]
    pub fn finish(&mut self) -> Result<(), WriteError> {
        WriteError::check(std::mem::take(&mut self.failures))
    }

    fn fail(&mut self, field: &'static str, place: String, refused: Refused) {
        self.failures.push(WriteFailure::field(
            field,
            place + &refused.0.at,
            refused.0.message,
        ));
    }

    /// Reports the `_meta` entries of `env` (and of a resource's contents, `contents`) that
    /// were refused, at the first block of the field, written at `start` (none when the field
    /// wrote no block: then nothing was lost).
    fn refused_meta(&mut self, start: usize, env: &Envelope, contents: Option<&WrittenMeta>) {
        if self.blocks.len() == start {
            return;
        }
        for entry in &env.meta.refused {
            self.failures
                .push(entry.failure(&format!("content[{start}]._meta.")));
        }
        for entry in contents.map_or(&[][..], |c| &c.refused) {
            self.failures
                .push(entry.failure(&format!("content[{start}].resource._meta.")));
        }
    }
}

/// What a `flatten` field's type reported, its fields named through `field`.
pub fn nested(
    failures: &mut Vec<WriteFailure>,
    field: &'static str,
    written: Result<(), WriteError>,
) {
    if let Err(error) = written {
        failures.extend(
            error
                .into_failures()
                .into_iter()
                .map(|f| f.nested_in(field)),
        );
    }
}

/// A value `serde_json` refused: its message, and where in the value serde failed (`.pairs`,
/// `[2]`; empty for the value itself), found again with `serde_path_to_error` only after a
/// failure, so a value that serializes costs what it always did. Boxed: a `Result` of a
/// `Value` or a `String` and this is no larger than the value.
pub struct Refused(Box<Refusal>);

struct Refusal {
    at: String,
    message: String,
}

/// The refusal of `value`, whose serialization failed with `error`. Map keys in the path and
/// quoted values in the message are cut to 80 characters, as every error of this crate cuts
/// them (they come from the data).
pub(crate) fn refused<T: Serialize + ?Sized>(value: &T, error: &serde_json::Error) -> Refused {
    let at = match serde_path_to_error::serialize(value, serde_json::value::Serializer) {
        Err(located) => match located.path().to_string() {
            root if root == "." => String::new(),
            path if path.starts_with('[') => cut_path(path),
            path => cut_path(format!(".{path}")),
        },
        Ok(_) => String::new(),
    };
    Refused(Box::new(Refusal {
        at,
        message: cut_quoted(&error.to_string()),
    }))
}

/// A value's JSON, or why `serde_json` refused it.
#[inline]
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<Value, Refused> {
    serde_json::to_value(value).map_err(|e| refused(value, &e))
}

/// A value's compact JSON text, or why `serde_json` refused it.
#[inline]
pub(crate) fn to_json_text<T: Serialize + ?Sized>(value: &T) -> Result<String, Refused> {
    serde_json::to_string(value).map_err(|e| refused(value, &e))
}

/// One `_meta` entry as the generated code hands it over: the key, the field it is taken from
/// (`""` for a literal), and its JSON: `None` when the field is `None` (left out).
pub type MetaEntry = (&'static str, &'static str, Option<Result<Value, Refused>>);

/// An entry whose value was refused.
struct RefusedEntry {
    key: &'static str,
    field: &'static str,
    refused: Refused,
}

impl RefusedEntry {
    fn failure(&self, prefix: &str) -> WriteFailure {
        WriteFailure::field(
            self.field,
            format!("{prefix}{}{}", self.key, self.refused.0.at),
            self.refused.0.message.clone(),
        )
    }
}

/// A block's or a resource's `_meta` being written: the entries, and those refused (reported
/// at the first block that carries it, whose index is known only then).
#[derive(Default)]
pub struct WrittenMeta {
    meta: Meta,
    refused: Vec<RefusedEntry>,
}

impl WrittenMeta {
    /// This `_meta` with the literal entry `key` (a resource's `ui`) added.
    #[must_use]
    pub fn with(mut self, key: &'static str, value: Value) -> Self {
        self.meta.__insert_unchecked(key, value);
        self
    }
}

/// A block's or a resource's `_meta` from its entries (keys the compiler checked).
pub fn entries<const N: usize>(entries: [MetaEntry; N]) -> WrittenMeta {
    let mut written = WrittenMeta::default();
    for (key, field, value) in entries {
        match value {
            Some(Ok(value)) => written.meta.__insert_unchecked(key, value),
            Some(Err(refused)) => written.refused.push(RefusedEntry {
                key,
                field,
                refused,
            }),
            None => {}
        }
    }
    written
}

/// A literal `_meta` entry's value (the compiler checked it).
#[inline]
pub fn lit(value: Value) -> Option<Result<Value, Refused>> {
    Some(Ok(value))
}

/// [`IntoContent::extend_content`] of a derived type: its `try_extend_content`, a value
/// `serde_json` refuses left out (the error is what `try_extend_content` is for).
#[inline]
pub fn extend_content<T: IntoContent>(value: T, blocks: &mut Vec<ContentBlock>, meta: &mut Meta) {
    // The refusals are reported by `try_extend_content`; here the value is left out.
    let _ = value.try_extend_content(blocks, meta);
}

/// Adds entries to the result's `_meta`; a refused value is reported at `_meta.key`.
pub fn result_meta<const N: usize>(out: &mut Out<'_>, meta: &mut Meta, entries: [MetaEntry; N]) {
    for (key, field, value) in entries {
        match value {
            Some(Ok(value)) => meta.__insert_unchecked(key, value),
            Some(Err(refused)) => out.fail(field, format!("_meta.{key}"), refused),
            None => {}
        }
    }
}

/// The annotations and `_meta` every block of a field carries: built once per distinct
/// envelope of a type (most fields share the struct's), cloned into each block.
pub struct Envelope {
    annotations: Option<Annotations>,
    meta: WrittenMeta,
}

impl Envelope {
    /// An envelope; `annotations` that carry nothing are `None`.
    pub fn new(annotations: Option<Annotations>, meta: WrittenMeta) -> Self {
        Self { annotations, meta }
    }

    /// An envelope without `_meta`.
    pub fn of(annotations: Option<Annotations>) -> Self {
        Self::new(annotations, WrittenMeta::default())
    }

    pub(super) fn parts(&self) -> (Option<Annotations>, Meta) {
        (self.annotations.clone(), self.meta.meta.clone())
    }
}

/// Block annotations from their parts; `None` when nothing is set.
pub fn annotations(
    audience: Option<Vec<Role>>,
    priority: Option<Priority>,
    last_modified: Option<Timestamp>,
) -> Option<Annotations> {
    Annotations {
        audience,
        priority,
        last_modified,
        extra: crate::model::json::JsonObject::new(),
    }
    .into_option()
}

/// `_meta` entries (literal keys the compiler checked); `None` values are left out.
pub fn meta<const N: usize>(entries: [(&'static str, Option<Value>); N]) -> Meta {
    let mut meta = Meta::new();
    extend_meta(&mut meta, entries);
    meta
}

/// Adds entries to a result's `_meta` (`None` values are left out).
pub fn extend_meta<const N: usize>(meta: &mut Meta, entries: [(&'static str, Option<Value>); N]) {
    for (key, value) in entries {
        if let Some(value) = value {
            meta.__insert_unchecked(key, value);
        }
    }
}

/// Expands a template whose scheme the compiler saw is literal; inserted values are
/// percent-encoded, so the result is an absolute URI.
pub fn expand<const N: usize>(template: &UriTemplate, values: &[(&str, Option<String>); N]) -> Uri {
    let lookup = |name: &str| {
        values
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref().map(TemplateValue::Str))
    };
    Uri::__unchecked(template.expand(&lookup))
}

/// Text as it is.
#[inline]
pub fn string(text: String) -> String {
    text
}

/// A `text` field's type written with `Display`. The generated code names it at the field's
/// type, so a type without `Display` is one error there, in these words.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as text: a `text` field's type implements `Display`",
    label = "needs `std::fmt::Display`",
    note = "implement `Display` for `{Self}`; or write its JSON with `text(json)` (it then needs `Serialize`), or its own blocks with `flatten` (a `#[derive(Content)]` type)"
)]
pub trait DisplayText {
    /// The text.
    fn display_text(self) -> String;
    /// The text of a borrowed value.
    fn text_of(&self) -> String;
    /// [`Self::text_of`] as a URI template variable's value, for a template variable taken
    /// from a `text` field: one trait for both, so a type without `Display` is one error.
    fn var_text(&self) -> Option<String> {
        Some(self.text_of())
    }
}

impl<T: Display> DisplayText for T {
    #[inline]
    fn display_text(self) -> String {
        self.to_string()
    }
    #[inline]
    fn text_of(&self) -> String {
        self.to_string()
    }
}

/// One element of a field that fans out into text blocks (or text resources), seen through
/// aliases: the macro refuses `Vec<u8>` as spelled, but `Vec<Byte>` with `type Byte = u8`
/// would write one block per byte. `FanOut::<T>::new().element()` picks the inherent method
/// for `u8` (whose answer is refused) over the trait method every other type gets.
pub struct FanOut<T>(PhantomData<T>);

impl<T> FanOut<T> {
    /// The probe for element type `T`.
    #[must_use]
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T> Default for FanOut<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl FanOut<u8> {
    /// Chosen before [`FanOutElement::element`] when the element is a byte: the byte itself,
    /// which is not a [`NotAByte`].
    #[must_use]
    pub const fn element(&self) -> u8 {
        0
    }
}

/// What every element type but `u8` gets from [`FanOut`].
pub trait FanOutElement {
    /// Any element but a byte may fan out.
    fn element(&self) -> TextElement {
        TextElement
    }
}

impl<T> FanOutElement for FanOut<T> {}

/// The answer for an element that may fan out.
pub struct TextElement;

/// Implemented by [`TextElement`] only: a list of bytes under a text kind is one error, at the
/// field's element type.
#[diagnostic::on_unimplemented(
    message = "a list of bytes cannot be written as text: it would be one text block per byte",
    label = "this element type is `u8`",
    note = "bytes go in `image(mime = …)`, `audio(mime = …)` or `resource(uri = …, blob)`; for text, use `String` (`Vec<String>` for several blocks)"
)]
pub trait NotAByte: Sized {
    /// Asserts that a fanned-out text element is not a byte.
    #[inline]
    fn not_a_byte(self) {}
}

#[diagnostic::do_not_recommend]
impl NotAByte for TextElement {}

/// What a text field's conversion returns: text (`String`, `Display`), or JSON text that
/// `serde_json` may refuse (`text(json)`).
pub trait TextOut {
    /// The text, or why it could not be written.
    fn into_text(self) -> Result<String, Refused>;
}

impl TextOut for String {
    #[inline]
    fn into_text(self) -> Result<String, Refused> {
        Ok(self)
    }
}

impl TextOut for Result<String, Refused> {
    #[inline]
    fn into_text(self) -> Result<String, Refused> {
        self
    }
}

/// Text blocks of field `field`; a `text(json)` value `serde_json` refuses is no block, and
/// is reported at `content[i].text`.
pub fn text<I: IntoIterator, R: TextOut>(
    out: &mut Out<'_>,
    items: I,
    to_text: fn(I::Item) -> R,
    field: &'static str,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        match to_text(item).into_text() {
            Ok(text) => {
                let (annotations, meta) = env.parts();
                out.blocks.push(ContentBlock::from(TextContent {
                    text,
                    annotations,
                    meta,
                    extra: crate::model::json::JsonObject::new(),
                }));
            }
            Err(refused) => {
                let place = format!("content[{}].text", out.blocks.len());
                out.fail(field, place, refused);
            }
        }
    }
    out.refused_meta(start, env, None);
}

/// Image or audio blocks (`K`; a literal MIME type's kind was checked by the compiler, a
/// field's is written as is). `into_data` is the field type's `BinaryField::into_data` (or
/// `IntoBinary`'s for a write-only type), named by the generated code at the field's type.
pub fn media<K: MediaKind, I: IntoIterator>(
    _: K,
    out: &mut Out<'_>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    mime: &MimeType,
    env: &Envelope,
) {
    let start = out.blocks.len();
    out.blocks.extend(
        items
            .into_iter()
            .map(|item| K::block(into_data(item), mime.clone(), env.parts())),
    );
    out.refused_meta(start, env, None);
}

/// What an embedded resource's contents carry besides their body.
pub struct ResourceParts {
    /// `uri`.
    pub uri: Uri,
    /// `mimeType`.
    pub mime_type: Option<MimeType>,
    /// The contents' own `_meta`.
    pub meta: WrittenMeta,
}

/// Embedded text resources of field `field`; a `text(json)` value `serde_json` refuses is no
/// block, and is reported at `content[i].resource.text`.
pub fn text_resource<I: IntoIterator, R: TextOut>(
    out: &mut Out<'_>,
    items: I,
    to_text: fn(I::Item) -> R,
    field: &'static str,
    parts: &ResourceParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        match to_text(item).into_text() {
            Ok(text) => {
                let contents = ResourceContents::Text(TextResourceContents {
                    uri: parts.uri.clone(),
                    mime_type: parts.mime_type.clone(),
                    text,
                    meta: parts.meta.meta.clone(),
                    extra: crate::model::json::JsonObject::new(),
                });
                out.blocks.push(embedded(contents, env));
            }
            Err(refused) => {
                let place = format!("content[{}].resource.text", out.blocks.len());
                out.fail(field, place, refused);
            }
        }
    }
    out.refused_meta(start, env, Some(&parts.meta));
}

/// Embedded blob resources.
pub fn blob_resource<I: IntoIterator>(
    out: &mut Out<'_>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    parts: &ResourceParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        let contents = ResourceContents::Blob(BlobResourceContents {
            uri: parts.uri.clone(),
            mime_type: parts.mime_type.clone(),
            blob: into_data(item),
            meta: parts.meta.meta.clone(),
            extra: crate::model::json::JsonObject::new(),
        });
        out.blocks.push(embedded(contents, env));
    }
    out.refused_meta(start, env, Some(&parts.meta));
}

fn embedded(resource: ResourceContents, env: &Envelope) -> ContentBlock {
    let (annotations, meta) = env.parts();
    ContentBlock::from(EmbeddedResource {
        resource,
        annotations,
        meta,
        extra: crate::model::json::JsonObject::new(),
    })
}

/// The parts of a resource link besides its URI.
pub struct LinkParts {
    /// `name`.
    pub name: String,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `mimeType`.
    pub mime_type: Option<MimeType>,
    /// `size`.
    pub size: Option<u64>,
}

/// Resource link blocks: the field is the URI. `into_uri` is the field type's
/// `UriField::into_uri`, named by the generated code at the field's type (where a type that
/// is no URI is reported, once).
pub fn link<I: IntoIterator>(
    out: &mut Out<'_>,
    items: I,
    into_uri: fn(I::Item) -> Uri,
    parts: &LinkParts,
    env: &Envelope,
) {
    let start = out.blocks.len();
    for item in items {
        let (annotations, meta) = env.parts();
        let mut link = ResourceLink::new(into_uri(item), parts.name.clone());
        link.title.clone_from(&parts.title);
        link.description.clone_from(&parts.description);
        link.mime_type.clone_from(&parts.mime_type);
        link.size = parts.size.map(JsonInteger::from);
        link.annotations = annotations;
        link.meta = meta;
        out.blocks.push(ContentBlock::from(link));
    }
    out.refused_meta(start, env, None);
}

/// A link's name taken from a field, or the field's own name when that field is `None`.
pub fn name_or(name: Option<String>, field: &'static str) -> String {
    name.unwrap_or_else(|| field.to_owned())
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
    let structured = to_json(&value);
    let written = try_call_tool_result(value);
    let structured = match structured {
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
    if with_text {
        let text = structured.to_string();
        if !result
            .content
            .iter()
            .any(|b| b.as_text() == Some(text.as_str()))
        {
            result.content.push(ContentBlock::text(text));
        }
    }
    result.structured_content = Some(structured.into());
    Ok(result)
}

/// `T`'s name without its module path (`Report`, `Page<alloc::string::String>`).
fn short_type_name<T: ?Sized>() -> &'static str {
    let name = std::any::type_name::<T>();
    let head = name.find('<').unwrap_or(name.len());
    let start = name[..head].rfind("::").map_or(0, |i| i + 2);
    &name[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_costs_a_written_value_no_size() {
        assert_eq!(size_of::<Result<Value, Refused>>(), size_of::<Value>());
        assert_eq!(
            size_of::<Option<Result<Value, Refused>>>(),
            size_of::<Option<Value>>()
        );
        assert_eq!(size_of::<Result<String, Refused>>(), size_of::<String>());
    }
}
