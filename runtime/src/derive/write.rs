//! Writing: what a generated `IntoContent` impl calls. One builder per block kind; each takes
//! the field's value as an iterator (`[value]` for one block, the `Option` or `Vec` itself
//! otherwise), so cardinality costs the generated code nothing.

use std::fmt::Display;
use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;

use super::MediaKind;
use crate::content_traits::IntoContent;
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

/// The annotations and `_meta` every block of a field carries: built once per distinct
/// envelope of a type (most fields share the struct's), cloned into each block.
pub struct Envelope {
    annotations: Option<Annotations>,
    meta: Meta,
}

impl Envelope {
    /// An envelope; `annotations` that carry nothing are `None`.
    pub fn new(annotations: Option<Annotations>, meta: Meta) -> Self {
        Self { annotations, meta }
    }

    pub(super) fn parts(&self) -> (Option<Annotations>, Meta) {
        (self.annotations.clone(), self.meta.clone())
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
        extra: crate::JsonObject::new(),
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

impl NotAByte for TextElement {}

/// Text blocks.
pub fn text<I: IntoIterator>(
    out: &mut Vec<ContentBlock>,
    items: I,
    to_text: fn(I::Item) -> String,
    env: &Envelope,
) {
    for item in items {
        let (annotations, meta) = env.parts();
        out.push(ContentBlock::from(TextContent {
            text: to_text(item),
            annotations,
            meta,
            extra: crate::JsonObject::new(),
        }));
    }
}

/// Image or audio blocks (`K`; a literal MIME type's kind was checked by the compiler, a
/// field's is written as is). `into_data` is the field type's `BinaryField::into_data` (or
/// `IntoBinary`'s for a write-only type), named by the generated code at the field's type.
pub fn media<K: MediaKind, I: IntoIterator>(
    _: K,
    out: &mut Vec<ContentBlock>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    mime: &MimeType,
    env: &Envelope,
) {
    out.extend(
        items
            .into_iter()
            .map(|item| K::block(into_data(item), mime.clone(), env.parts())),
    );
}

/// What an embedded resource's contents carry besides their body.
pub struct ResourceParts {
    /// `uri`.
    pub uri: Uri,
    /// `mimeType`.
    pub mime_type: Option<MimeType>,
    /// The contents' own `_meta`.
    pub meta: Meta,
}

/// Embedded text resources.
pub fn text_resource<I: IntoIterator>(
    out: &mut Vec<ContentBlock>,
    items: I,
    to_text: fn(I::Item) -> String,
    parts: &ResourceParts,
    env: &Envelope,
) {
    for item in items {
        let contents = ResourceContents::Text(TextResourceContents {
            uri: parts.uri.clone(),
            mime_type: parts.mime_type.clone(),
            text: to_text(item),
            meta: parts.meta.clone(),
            extra: crate::JsonObject::new(),
        });
        out.push(embedded(contents, env));
    }
}

/// Embedded blob resources.
pub fn blob_resource<I: IntoIterator>(
    out: &mut Vec<ContentBlock>,
    items: I,
    into_data: fn(I::Item) -> Base64Data,
    parts: &ResourceParts,
    env: &Envelope,
) {
    for item in items {
        let contents = ResourceContents::Blob(BlobResourceContents {
            uri: parts.uri.clone(),
            mime_type: parts.mime_type.clone(),
            blob: into_data(item),
            meta: parts.meta.clone(),
            extra: crate::JsonObject::new(),
        });
        out.push(embedded(contents, env));
    }
}

fn embedded(resource: ResourceContents, env: &Envelope) -> ContentBlock {
    let (annotations, meta) = env.parts();
    ContentBlock::from(EmbeddedResource {
        resource,
        annotations,
        meta,
        extra: crate::JsonObject::new(),
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
    out: &mut Vec<ContentBlock>,
    items: I,
    into_uri: fn(I::Item) -> Uri,
    parts: &LinkParts,
    env: &Envelope,
) {
    for item in items {
        let (annotations, meta) = env.parts();
        let mut link = ResourceLink::new(into_uri(item), parts.name.clone());
        link.title.clone_from(&parts.title);
        link.description.clone_from(&parts.description);
        link.mime_type.clone_from(&parts.mime_type);
        link.size = parts.size.map(JsonInteger::from);
        link.annotations = annotations;
        link.meta = meta;
        out.push(ContentBlock::from(link));
    }
}

/// A link's name taken from a field, or the field's own name when that field is `None`.
pub fn name_or(name: Option<String>, field: &'static str) -> String {
    name.unwrap_or_else(|| field.to_owned())
}

/// A derived type's whole tool result: its blocks and the result's `_meta`.
pub fn call_tool_result<T: IntoContent>(value: T) -> CallToolResult {
    let mut blocks = Vec::new();
    let mut meta = Meta::new();
    value.extend_content(&mut blocks, &mut meta);
    let mut result = CallToolResult::new(blocks);
    result.meta = meta;
    result
}

/// The tool result of a `structured` type: its serde form in `structuredContent`, and (unless
/// `no_text`) that JSON as a text block too, for clients that ignore `structuredContent`.
pub(crate) fn structured_result<T: IntoContent + Serialize>(
    value: T,
    with_text: bool,
) -> CallToolResult {
    let structured = serde_json::to_value(&value).unwrap_or(Value::Null);
    let mut result = call_tool_result(value);
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
    result
}
