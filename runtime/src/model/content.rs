//! Content blocks and resource contents.
//!
//! Blocks are read in one pass with a hand-written visitor (serde's internally tagged enums
//! buffer the whole block first, which for a 1 MiB image means a second copy), keep unknown
//! fields in `extra`, and keep a block of an unknown `type` untouched as
//! [`ContentBlock::Unknown`].

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serializer};
use serde_json::value::RawValue;

use crate::model::annotations::Annotations;
use crate::model::binary::Base64Data;
use crate::model::extra::ExtraFields;
use crate::model::icon::Icon;
use crate::model::integer::JsonInteger;
use crate::model::json::Key;
use crate::model::json::{
    Compact, JsonObject, Member, MemberKey, ObjectBuilder, RawJson, take_optional, take_required,
};
use crate::model::meta::Meta;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{self, MediaKind, ProtocolVersion, Rule, Violation};
use crate::wire::error::{field_error, join_path};
use crate::wire::version::{SerializeFor, serialize_latest};
use crate::wire::write::{self, FieldSink, WriteFields};

/// One block of content, as tool results and prompt messages carry them.
///
/// Known blocks are boxed, so a block is 24 bytes in a `Vec` whatever its kind: a document
/// of many tiny blocks costs a few times its size, not dozens.
///
/// ```
/// use mcp_content::{ContentBlock, TextContent};
/// let block: ContentBlock = TextContent::new("hello").into();
/// assert_eq!(serde_json::to_string(&block).unwrap(), r#"{"type":"text","text":"hello"}"#);
///
/// let unknown: ContentBlock = serde_json::from_str(r#"{"type":"video","url":"x"}"#).unwrap();
/// assert_eq!(serde_json::to_string(&unknown).unwrap(), r#"{"type":"video","url":"x"}"#);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum ContentBlock {
    /// `type: "text"`.
    Text(Box<TextContent>),
    /// `type: "image"`.
    Image(Box<ImageContent>),
    /// `type: "audio"`.
    Audio(Box<AudioContent>),
    /// `type: "resource_link"`.
    ResourceLink(Box<ResourceLink>),
    /// `type: "resource"`.
    Resource(Box<EmbeddedResource>),
    /// A block of a type this version does not know, kept as received (with its `type`).
    Unknown(UnknownBlock),
}

/// A block of an unknown `type`, kept untouched for lossless relaying: its members, `type`
/// included, as JSON text in the order received.
///
/// Its `type` is always a string that names no block this crate knows: a `{"type":"text"}`
/// held here would be written as a text block that was never checked as one.
///
/// ```
/// use mcp_content::UnknownBlock;
/// use serde_json::json;
/// let video = json!({"type": "video", "url": "https://example.com/v.mp4"});
/// let block = UnknownBlock::new(video.as_object().unwrap().clone()).unwrap();
/// assert_eq!(block.kind(), "video");
///
/// let text = json!({"type": "text", "text": "hi"});
/// assert!(UnknownBlock::new(text.as_object().unwrap().clone()).is_err());
/// assert!(UnknownBlock::new(serde_json::Map::new()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownBlock {
    /// The whole JSON object, `type` included.
    fields: JsonObject,
}

impl UnknownBlock {
    /// A block of an unknown type from its whole JSON object: `type` must be a string that
    /// is not one of the known block types (rule [`Rule::Type`]).
    pub fn new(fields: impl Into<JsonObject>) -> Result<Self, Violation> {
        let fields = fields.into();
        let kind = fields
            .get("type")
            .and_then(|t| serde_json::from_str::<String>(t.get()).ok());
        match kind {
            Some(kind) if KNOWN_BLOCK_TYPES.contains(&kind.as_str()) => Err(Violation::new(
                Rule::Type,
                format!(
                    "an unknown block cannot have the known type {kind:?}: build a {} instead",
                    known_block_type_name(&kind)
                ),
            )),
            Some(_) => Ok(Self { fields }),
            None => Err(Violation::new(
                Rule::Required,
                "a block needs a string `type`",
            )),
        }
    }

    /// The block's `type` (as written, when it has escapes).
    pub fn kind(&self) -> &str {
        self.fields
            .get("type")
            .map(RawValue::get)
            .and_then(|t| t.strip_prefix('"')?.strip_suffix('"'))
            .unwrap_or("")
    }

    /// The whole JSON object, `type` included, as text in the order received.
    pub fn fields(&self) -> &JsonObject {
        &self.fields
    }

    /// The whole JSON object, `type` included.
    pub fn into_fields(self) -> JsonObject {
        self.fields
    }

    /// Sets a field other than `type` (which is fixed: see [`UnknownBlock::new`]). Returns
    /// the value it replaces.
    pub fn insert(
        &mut self,
        key: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Result<Option<RawJson>, Violation> {
        let key = key.into();
        if key == "type" {
            return Err(Violation::new(
                Rule::Type,
                "the `type` of an unknown block is set once, by `UnknownBlock::new`",
            ));
        }
        Ok(self.fields.insert(key, RawJson::from(value.into())))
    }

    /// Removes a field other than `type`.
    pub fn remove(&mut self, key: &str) -> Option<RawJson> {
        if key == "type" {
            return None;
        }
        self.fields.remove(key)
    }
}

/// The model type of a known block type.
fn known_block_type_name(kind: &str) -> &'static str {
    match kind {
        "text" => "TextContent",
        "image" => "ImageContent",
        "audio" => "AudioContent",
        "resource_link" => "ResourceLink",
        _ => "EmbeddedResource",
    }
}

/// Text for or from a model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextContent {
    /// The text.
    pub text: String,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// The block's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// An image: base64 data and an `image/*` MIME type.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageContent {
    /// The image bytes.
    pub data: Base64Data,
    /// An `image/*` MIME type.
    pub mime_type: MimeType,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// The block's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// Audio: base64 data and an `audio/*` MIME type.
#[derive(Debug, Clone, PartialEq)]
pub struct AudioContent {
    /// The audio bytes.
    pub data: Base64Data,
    /// An `audio/*` MIME type.
    pub mime_type: MimeType,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// The block's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// A link to a resource the server can read.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceLink {
    /// The resource's URI.
    pub uri: Uri,
    /// Its programmatic name.
    pub name: String,
    /// A display title.
    pub title: Option<String>,
    /// What it is.
    pub description: Option<String>,
    /// Its MIME type, if known.
    pub mime_type: Option<MimeType>,
    /// Its raw size in bytes, if known: any integer the schemas allow (a negative one or
    /// one past 64 bits included), kept as read ([`JsonInteger`]).
    pub size: Option<JsonInteger>,
    /// Icons (not emitted for 2025-06-18).
    pub icons: Vec<Icon>,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// The block's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// A resource's contents embedded in a result. Annotations and the block's `_meta` sit here,
/// on the block; the inner contents carry their own `_meta`.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbeddedResource {
    /// The contents: text or blob.
    pub resource: ResourceContents,
    /// Hints for the client (on the block, never inside `resource`).
    pub annotations: Option<Annotations>,
    /// The block's `_meta` (not the contents' `_meta`).
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// The contents of a resource: exactly one of text or blob.
#[derive(Debug, Clone, PartialEq)]
pub enum ResourceContents {
    /// `text` contents.
    Text(TextResourceContents),
    /// `blob` (base64) contents.
    Blob(BlobResourceContents),
}

/// Text contents of a resource.
#[derive(Debug, Clone, PartialEq)]
pub struct TextResourceContents {
    /// The resource's URI.
    pub uri: Uri,
    /// Its MIME type, if known.
    pub mime_type: Option<MimeType>,
    /// The text.
    pub text: String,
    /// The contents' own `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

/// Binary contents of a resource.
#[derive(Debug, Clone, PartialEq)]
pub struct BlobResourceContents {
    /// The resource's URI.
    pub uri: Uri,
    /// Its MIME type, if known.
    pub mime_type: Option<MimeType>,
    /// The bytes.
    pub blob: Base64Data,
    /// The contents' own `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

// ---------------------------------------------------------------------------------------
// Builders

impl TextContent {
    /// A text block.
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Self::default()
        }
    }
}

impl ImageContent {
    /// An image block; the MIME type must be `image/*`.
    ///
    /// ```
    /// use mcp_content::{ImageContent, MimeType};
    /// assert!(ImageContent::new(vec![1, 2], MimeType::new("image/png").unwrap()).is_ok());
    /// assert!(ImageContent::new(vec![1, 2], MimeType::new("text/plain").unwrap()).is_err());
    /// ```
    pub fn new(data: impl Into<Base64Data>, mime_type: MimeType) -> Result<Self, Violation> {
        rules::check_mime_kind(mime_type.as_str(), MediaKind::Image)?;
        Ok(Self {
            data: data.into(),
            mime_type,
            annotations: None,
            meta: Meta::new(),
            extra: JsonObject::new(),
        })
    }
}

impl AudioContent {
    /// An audio block; the MIME type must be `audio/*`.
    pub fn new(data: impl Into<Base64Data>, mime_type: MimeType) -> Result<Self, Violation> {
        rules::check_mime_kind(mime_type.as_str(), MediaKind::Audio)?;
        Ok(Self {
            data: data.into(),
            mime_type,
            annotations: None,
            meta: Meta::new(),
            extra: JsonObject::new(),
        })
    }
}

impl ResourceLink {
    /// A link to `uri` named `name`.
    pub fn new(uri: Uri, name: impl Into<String>) -> Self {
        Self {
            uri,
            name: name.into(),
            title: None,
            description: None,
            mime_type: None,
            size: None,
            icons: Vec::new(),
            annotations: None,
            meta: Meta::new(),
            extra: JsonObject::new(),
        }
    }
}

impl EmbeddedResource {
    /// An embedded resource block around `resource`.
    pub fn new(resource: impl Into<ResourceContents>) -> Self {
        Self {
            resource: resource.into(),
            annotations: None,
            meta: Meta::new(),
            extra: JsonObject::new(),
        }
    }
}

impl TextResourceContents {
    /// Text contents at `uri`.
    pub fn new(uri: Uri, text: impl Into<String>) -> Self {
        Self {
            uri,
            mime_type: None,
            text: text.into(),
            meta: Meta::new(),
            extra: JsonObject::new(),
        }
    }
}

impl BlobResourceContents {
    /// Binary contents at `uri`.
    pub fn new(uri: Uri, blob: impl Into<Base64Data>) -> Self {
        Self {
            uri,
            mime_type: None,
            blob: blob.into(),
            meta: Meta::new(),
            extra: JsonObject::new(),
        }
    }
}

impl ResourceContents {
    /// The contents' URI.
    pub fn uri(&self) -> &Uri {
        match self {
            ResourceContents::Text(t) => &t.uri,
            ResourceContents::Blob(b) => &b.uri,
        }
    }

    /// The contents' MIME type.
    pub fn mime_type(&self) -> Option<&MimeType> {
        match self {
            ResourceContents::Text(t) => t.mime_type.as_ref(),
            ResourceContents::Blob(b) => b.mime_type.as_ref(),
        }
    }

    /// The contents' own `_meta`.
    pub fn meta(&self) -> &Meta {
        match self {
            ResourceContents::Text(t) => &t.meta,
            ResourceContents::Blob(b) => &b.meta,
        }
    }

    /// The contents' own `_meta`, mutable.
    pub fn meta_mut(&mut self) -> &mut Meta {
        match self {
            ResourceContents::Text(t) => &mut t.meta,
            ResourceContents::Blob(b) => &mut b.meta,
        }
    }
}

impl From<TextResourceContents> for ResourceContents {
    fn from(value: TextResourceContents) -> Self {
        ResourceContents::Text(value)
    }
}

impl From<BlobResourceContents> for ResourceContents {
    fn from(value: BlobResourceContents) -> Self {
        ResourceContents::Blob(value)
    }
}

macro_rules! block_from {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for ContentBlock {
            fn from(value: $ty) -> Self {
                ContentBlock::$variant(Box::new(value))
            }
        }
    )*};
}
block_from!(
    Text(TextContent),
    Image(ImageContent),
    Audio(AudioContent),
    ResourceLink(ResourceLink),
    Resource(EmbeddedResource)
);

impl From<UnknownBlock> for ContentBlock {
    fn from(value: UnknownBlock) -> Self {
        ContentBlock::Unknown(value)
    }
}

impl From<String> for ContentBlock {
    fn from(text: String) -> Self {
        ContentBlock::from(TextContent::new(text))
    }
}

impl From<&str> for ContentBlock {
    fn from(text: &str) -> Self {
        ContentBlock::from(TextContent::new(text))
    }
}

impl ContentBlock {
    /// About how many bytes this block's JSON takes: its payload (base64 length for binary
    /// data) plus room for the keys, the URI and MIME type, annotations and `_meta`. An
    /// over-estimate for plain blocks, so one large payload does not double the output buffer.
    pub(crate) fn json_len_hint(&self) -> usize {
        // Keys, quotes, `type`, and a typical `_meta` / annotations.
        const ENVELOPE: usize = 160;
        let mime = |m: Option<&MimeType>| m.map_or(0, |m| m.as_str().len());
        ENVELOPE
            + match self {
                ContentBlock::Text(b) => b.text.len(),
                ContentBlock::Image(b) => b.data.encoded_len() + b.mime_type.as_str().len(),
                ContentBlock::Audio(b) => b.data.encoded_len() + b.mime_type.as_str().len(),
                ContentBlock::Resource(b) => match &b.resource {
                    ResourceContents::Text(c) => {
                        c.text.len() + c.uri.as_str().len() + mime(c.mime_type.as_ref())
                    }
                    ResourceContents::Blob(c) => {
                        c.blob.encoded_len() + c.uri.as_str().len() + mime(c.mime_type.as_ref())
                    }
                },
                ContentBlock::ResourceLink(_) => 256,
                ContentBlock::Unknown(u) => u.fields.as_str().len(),
            }
    }

    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        ContentBlock::from(TextContent::new(text))
    }

    /// The wire `type` of the block.
    pub fn kind(&self) -> &str {
        match self {
            ContentBlock::Text(_) => "text",
            ContentBlock::Image(_) => "image",
            ContentBlock::Audio(_) => "audio",
            ContentBlock::ResourceLink(_) => "resource_link",
            ContentBlock::Resource(_) => "resource",
            ContentBlock::Unknown(u) => u.kind(),
        }
    }

    /// The block's annotations (none for unknown blocks).
    pub fn annotations(&self) -> Option<&Annotations> {
        match self {
            ContentBlock::Text(b) => b.annotations.as_ref(),
            ContentBlock::Image(b) => b.annotations.as_ref(),
            ContentBlock::Audio(b) => b.annotations.as_ref(),
            ContentBlock::ResourceLink(b) => b.annotations.as_ref(),
            ContentBlock::Resource(b) => b.annotations.as_ref(),
            ContentBlock::Unknown(_) => None,
        }
    }

    /// Sets the block's annotations (no effect on unknown blocks).
    pub fn set_annotations(&mut self, annotations: Option<Annotations>) {
        match self {
            ContentBlock::Text(b) => b.annotations = annotations,
            ContentBlock::Image(b) => b.annotations = annotations,
            ContentBlock::Audio(b) => b.annotations = annotations,
            ContentBlock::ResourceLink(b) => b.annotations = annotations,
            ContentBlock::Resource(b) => b.annotations = annotations,
            ContentBlock::Unknown(_) => {}
        }
    }

    /// The block's envelope `_meta` (`None` for unknown blocks).
    pub fn meta(&self) -> Option<&Meta> {
        match self {
            ContentBlock::Text(b) => Some(&b.meta),
            ContentBlock::Image(b) => Some(&b.meta),
            ContentBlock::Audio(b) => Some(&b.meta),
            ContentBlock::ResourceLink(b) => Some(&b.meta),
            ContentBlock::Resource(b) => Some(&b.meta),
            ContentBlock::Unknown(_) => None,
        }
    }

    /// The block's envelope `_meta`, mutable (`None` for unknown blocks).
    pub fn meta_mut(&mut self) -> Option<&mut Meta> {
        match self {
            ContentBlock::Text(b) => Some(&mut b.meta),
            ContentBlock::Image(b) => Some(&mut b.meta),
            ContentBlock::Audio(b) => Some(&mut b.meta),
            ContentBlock::ResourceLink(b) => Some(&mut b.meta),
            ContentBlock::Resource(b) => Some(&mut b.meta),
            ContentBlock::Unknown(_) => None,
        }
    }

    /// The text of a text block.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            ContentBlock::Text(b) => Some(&b.text),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Writing: each block's fields are listed once (`WriteFields`) and go either to any serde
// serializer or straight into JSON bytes (see `wire`).

fn put_common<K: FieldSink>(
    sink: &mut K,
    annotations: Option<&Annotations>,
    meta: &Meta,
    extra: &JsonObject,
    known: &[&str],
) -> Result<(), K::Error> {
    if let Some(annotations) = annotations.filter(|a| !a.is_empty()) {
        sink.object("annotations", annotations, ProtocolVersion::LATEST)?;
    }
    if !meta.is_empty() {
        sink.json_object("_meta", meta.as_object())?;
    }
    sink.members(extra, known)
}

impl WriteFields for ContentBlock {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        let block = match self {
            ContentBlock::Unknown(u) => return sink.members(&u.fields, &[]),
            ContentBlock::Text(b) => BlockRef::Text(b),
            ContentBlock::Image(b) => BlockRef::Image(b),
            ContentBlock::Audio(b) => BlockRef::Audio(b),
            ContentBlock::ResourceLink(b) => BlockRef::ResourceLink(b),
            ContentBlock::Resource(b) => BlockRef::Resource(b),
        };
        block.write_fields(version, sink)
    }
}

impl SerializeFor for ContentBlock {
    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        write::serialize_object(self, version, serializer)
    }

    fn json_len_hint(&self) -> usize {
        ContentBlock::json_len_hint(self)
    }

    fn write_json_for(&self, version: ProtocolVersion, out: &mut Vec<u8>) {
        write::write_json(self, version, out);
    }
}

fn write_media<K: FieldSink>(
    sink: &mut K,
    kind: &str,
    data: &Base64Data,
    mime_type: &MimeType,
) -> Result<(), K::Error> {
    sink.field("type", kind)?;
    sink.base64("data", data)?;
    sink.field("mimeType", mime_type)
}

impl WriteFields for ResourceContents {
    fn write_fields<K: FieldSink>(&self, _: ProtocolVersion, sink: &mut K) -> Result<(), K::Error> {
        let (uri, mime_type, meta, extra, known) = match self {
            ResourceContents::Text(t) => (
                &t.uri,
                &t.mime_type,
                &t.meta,
                &t.extra,
                TextResourceContents::KNOWN_FIELDS,
            ),
            ResourceContents::Blob(b) => (
                &b.uri,
                &b.mime_type,
                &b.meta,
                &b.extra,
                BlobResourceContents::KNOWN_FIELDS,
            ),
        };
        sink.field("uri", uri)?;
        if let Some(mime_type) = mime_type {
            sink.field("mimeType", mime_type)?;
        }
        match self {
            ResourceContents::Text(t) => sink.field("text", &t.text)?,
            ResourceContents::Blob(b) => sink.base64("blob", &b.blob)?,
        }
        if !meta.is_empty() {
            sink.json_object("_meta", meta.as_object())?;
        }
        sink.members(extra, known)
    }
}

impl serde::Serialize for ResourceContents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Resource contents have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

write::serialize_for_via_fields!(ResourceContents);

serialize_latest!(ContentBlock);

macro_rules! serialize_as_block {
    ($($ty:ty),*) => {$(
        impl WriteFields for $ty {
            fn write_fields<K: FieldSink>(
                &self,
                version: ProtocolVersion,
                sink: &mut K,
            ) -> Result<(), K::Error> {
                BlockRef::from(self).write_fields(version, sink)
            }
        }
        impl SerializeFor for $ty {
            fn serialize_for<S: Serializer>(
                &self,
                version: ProtocolVersion,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                write::serialize_object(self, version, serializer)
            }

            fn write_json_for(&self, version: ProtocolVersion, out: &mut Vec<u8>) {
                write::write_json(self, version, out);
            }
        }
        serialize_latest!($ty);
    )*};
}

/// A borrowed known block: the one writer for blocks, whether inside a `ContentBlock` or alone.
enum BlockRef<'a> {
    Text(&'a TextContent),
    Image(&'a ImageContent),
    Audio(&'a AudioContent),
    ResourceLink(&'a ResourceLink),
    Resource(&'a EmbeddedResource),
}

macro_rules! block_ref_from {
    ($($variant:ident($ty:ty)),*) => {$(
        impl<'a> From<&'a $ty> for BlockRef<'a> {
            fn from(value: &'a $ty) -> Self {
                BlockRef::$variant(value)
            }
        }
    )*};
}
block_ref_from!(
    Text(TextContent),
    Image(ImageContent),
    Audio(AudioContent),
    ResourceLink(ResourceLink),
    Resource(EmbeddedResource)
);

impl BlockRef<'_> {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        match *self {
            BlockRef::Text(b) => {
                sink.field("type", "text")?;
                sink.field("text", &b.text)?;
                put_common(
                    sink,
                    b.annotations.as_ref(),
                    &b.meta,
                    &b.extra,
                    TextContent::KNOWN_FIELDS,
                )
            }
            BlockRef::Image(b) => {
                write_media(sink, "image", &b.data, &b.mime_type)?;
                put_common(
                    sink,
                    b.annotations.as_ref(),
                    &b.meta,
                    &b.extra,
                    ImageContent::KNOWN_FIELDS,
                )
            }
            BlockRef::Audio(b) => {
                write_media(sink, "audio", &b.data, &b.mime_type)?;
                put_common(
                    sink,
                    b.annotations.as_ref(),
                    &b.meta,
                    &b.extra,
                    AudioContent::KNOWN_FIELDS,
                )
            }
            BlockRef::ResourceLink(b) => {
                sink.field("type", "resource_link")?;
                sink.field("uri", &b.uri)?;
                sink.field("name", &b.name)?;
                if let Some(title) = &b.title {
                    sink.field("title", title)?;
                }
                if let Some(description) = &b.description {
                    sink.field("description", description)?;
                }
                if let Some(mime_type) = &b.mime_type {
                    sink.field("mimeType", mime_type)?;
                }
                if let Some(size) = &b.size {
                    sink.field("size", size)?;
                }
                // 2025-06-18 has no icons.
                if !b.icons.is_empty() && version.has_icons() {
                    sink.objects("icons", &b.icons, version)?;
                }
                put_common(
                    sink,
                    b.annotations.as_ref(),
                    &b.meta,
                    &b.extra,
                    ResourceLink::KNOWN_FIELDS,
                )
            }
            BlockRef::Resource(b) => {
                sink.field("type", "resource")?;
                sink.object("resource", &b.resource, version)?;
                put_common(
                    sink,
                    b.annotations.as_ref(),
                    &b.meta,
                    &b.extra,
                    EmbeddedResource::KNOWN_FIELDS,
                )
            }
        }
    }
}

serialize_as_block!(
    TextContent,
    ImageContent,
    AudioContent,
    ResourceLink,
    EmbeddedResource
);

// ---------------------------------------------------------------------------------------
// Reading

/// Every field any known block type has, read in one pass whatever the key order.
#[derive(Default)]
struct RawBlock {
    /// A known type as the `'static` name, so reading it allocates nothing.
    kind: Option<Cow<'static, str>>,
    text: Option<String>,
    data: Option<Base64Data>,
    mime_type: Option<MimeType>,
    uri: Option<Uri>,
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
    size: Option<JsonInteger>,
    icons: Option<Compact<Icon>>,
    resource: Option<ResourceContents>,
    annotations: Option<Annotations>,
    meta: Option<Meta>,
    /// Unknown keys, and keys that the block's `type` does not have, as text in order.
    extra: ObjectBuilder,
    /// Every member read before `type` was seen, as text in order: read as the type says
    /// once it is known, or kept untouched (order included) when the type is unknown.
    pending: ObjectBuilder,
}

const KNOWN_BLOCK_TYPES: [&str; 5] = ["text", "image", "audio", "resource_link", "resource"];

fn has_field(kind: &str, key: &str) -> bool {
    match key {
        "annotations" | "_meta" => true,
        "text" => kind == "text",
        "data" | "mimeType" if kind == "image" || kind == "audio" => true,
        "uri" | "name" | "title" | "description" | "mimeType" | "size" | "icons" => {
            kind == "resource_link"
        }
        "resource" => kind == "resource",
        _ => false,
    }
}

impl<'de> Deserialize<'de> for ContentBlock {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(BlockVisitor)
    }
}

struct BlockVisitor;

impl<'de> Visitor<'de> for BlockVisitor {
    type Value = ContentBlock;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a content block object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<ContentBlock, A::Error> {
        let _model = crate::model::json::enter_model::<ContentBlock, A::Error>()?;
        crate::wire::limits::count_block().map_err(de::Error::custom)?;
        // The usual block, a text whose `type` comes first, is read by `read_text_block`
        // with no `RawBlock` (a record of every block kind's fields) to fill and drop.
        let mut next = access.next_key::<MemberKey<'de>>()?;
        let first_kind = match next.take_if(|member| member.name == "type") {
            Some(member) => match read_kind(&mut access)? {
                BlockKind::Known("text") => return read_text_block(&mut access),
                kind => Some((member, kind)),
            },
            None => None,
        };
        let mut raw = RawBlock::default();
        // A block of an unknown type: every member from `type` on, as text in order.
        let mut unknown: Option<ObjectBuilder> = None;
        match first_kind {
            Some((_, BlockKind::Known(known))) => raw.kind = Some(Cow::Borrowed(known)),
            Some((member, BlockKind::Unknown(text))) => {
                let mut fields = ObjectBuilder::new();
                fields.push_spelled(&member, &text);
                unknown = Some(fields);
            }
            None => {}
        }
        loop {
            let member = match next.take() {
                Some(member) => member,
                None => match access.next_key::<MemberKey<'de>>()? {
                    Some(member) => member,
                    None => break,
                },
            };
            let key = member.name.as_ref();
            if let Some(fields) = unknown.as_mut() {
                fields.push_member(&member, &mut access)?;
                continue;
            }
            if key == "type" {
                if raw.kind.is_some() {
                    return Err(de::Error::duplicate_field("type"));
                }
                match read_kind(&mut access)? {
                    BlockKind::Known(known) => raw.kind = Some(Cow::Borrowed(known)),
                    BlockKind::Unknown(text) => {
                        let mut fields = std::mem::take(&mut raw.pending);
                        fields.push_spelled(&member, &text);
                        unknown = Some(fields);
                    }
                }
                continue;
            }
            let Some(kind) = raw.kind.as_deref() else {
                // No type yet: keep the member as text until the type says what it is.
                raw.pending.push_member(&member, &mut access)?;
                continue;
            };
            if !has_field(kind, key) {
                raw.extra.push_member(&member, &mut access)?;
                continue;
            }
            raw.read_field(key, &mut access)?;
        }
        if let Some(fields) = unknown {
            return Ok(ContentBlock::Unknown(UnknownBlock {
                fields: fields.finish(),
            }));
        }
        let block = raw.finish()?;
        // The block's box, charged to the read's model memory (its slot is charged by the
        // list holding it).
        let boxed = match &block {
            ContentBlock::Text(_) => size_of::<TextContent>(),
            ContentBlock::Image(_) => size_of::<ImageContent>(),
            ContentBlock::Audio(_) => size_of::<AudioContent>(),
            ContentBlock::ResourceLink(_) => size_of::<ResourceLink>(),
            ContentBlock::Resource(_) => size_of::<EmbeddedResource>(),
            ContentBlock::Unknown(_) => 0,
        };
        crate::model::json::charge::<A::Error>(boxed)?;
        Ok(block)
    }
}

/// A block's `type`, as [`read_kind`] read it.
enum BlockKind<'de> {
    /// One of [`KNOWN_BLOCK_TYPES`].
    Known(&'static str),
    /// Any other type: its JSON text as received (escapes included), kept byte for byte.
    Unknown(Cow<'de, str>),
}

/// Reads the value of a block's `type` member.
fn read_kind<'de, A: MapAccess<'de>>(access: &mut A) -> Result<BlockKind<'de>, A::Error> {
    if crate::wire::spelling::in_one_pass() {
        // The one pass reads the type as a string borrowed from the input: one without
        // escapes, whose text is its name between quotes, as the raw read below would
        // have it. Any other form fails here and the checked path reads it below.
        let PlainString(name) = access.next_value()?;
        return Ok(match KNOWN_BLOCK_TYPES.iter().find(|k| **k == name) {
            Some(known) => BlockKind::Known(known),
            None => BlockKind::Unknown(Cow::Owned(format!("\"{name}\""))),
        });
    }
    let RawText(text) = access.next_value()?;
    // A known type as every writer writes it: its exact text, no search needed.
    let exact = match text.as_ref() {
        r#""text""# => Some("text"),
        r#""image""# => Some("image"),
        r#""audio""# => Some("audio"),
        r#""resource_link""# => Some("resource_link"),
        r#""resource""# => Some("resource"),
        _ => None,
    };
    if let Some(known) = exact {
        return Ok(BlockKind::Known(known));
    }
    // The usual tag, a string without escapes, is its text between the quotes; anything
    // else is parsed as a string (and refused if it is not one).
    let plain = text
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .filter(|k| !k.contains(['\\', '"']));
    let parsed;
    let name = if let Some(name) = plain {
        name
    } else {
        parsed = serde_json::from_str::<Key<'_>>(&text).map_err(|e| {
            let message = e.to_string();
            field_error::<A::Error>("type", crate::wire::error::strip_position(&message))
        })?;
        parsed.0.as_ref()
    };
    Ok(match KNOWN_BLOCK_TYPES.iter().find(|k| **k == name) {
        Some(known) => BlockKind::Known(known),
        None => BlockKind::Unknown(text),
    })
}

/// A string borrowed from the input (so without escapes); any other string is refused.
struct PlainString<'de>(&'de str);

impl<'de> Deserialize<'de> for PlainString<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PlainVisitor;
        impl<'de> Visitor<'de> for PlainVisitor {
            type Value = PlainString<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string without escapes")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<PlainString<'de>, E> {
                Ok(PlainString(v))
            }
        }
        deserializer.deserialize_str(PlainVisitor)
    }
}

/// A text block's `text`: a `String`, which the one pass reads through
/// [`TEXT_TOKEN`](crate::wire::guard::TEXT_TOKEN) (its guard checks the bytes); every other
/// reader hands over the deserializer, and the `String` is read as before (same errors).
struct WholeText(String);

impl<'de> Deserialize<'de> for WholeText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WholeTextVisitor;
        impl<'de> Visitor<'de> for WholeTextVisitor {
            type Value = WholeText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<WholeText, E> {
                Ok(WholeText(v.to_owned()))
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<WholeText, D::Error> {
                String::deserialize(deserializer).map(WholeText)
            }
        }
        deserializer.deserialize_newtype_struct(crate::wire::guard::TEXT_TOKEN, WholeTextVisitor)
    }
}

/// The rest of a text block whose first member was its `type`: the members a text block
/// has, read as `RawBlock::read_field` reads them, and the others kept as text, in order
/// (what the general loop of `BlockVisitor` does for such a block, with the same errors).
fn read_text_block<'de, A: MapAccess<'de>>(access: &mut A) -> Result<ContentBlock, A::Error> {
    let mut text: Option<WholeText> = None;
    let mut annotations: Option<Annotations> = None;
    let mut meta: Option<Meta> = None;
    let mut extra = ObjectBuilder::new();
    while let Some(member) = access.next_key::<MemberKey<'de>>()? {
        match member.name.as_ref() {
            "type" => return Err(de::Error::duplicate_field("type")),
            "text" => take_required(access, &mut text, "text")?,
            "annotations" => take_optional(access, &mut annotations, "annotations")?,
            "_meta" => take_optional(access, &mut meta, "_meta")?,
            _ => extra.push_member(&member, access)?,
        }
    }
    let WholeText(text) = text.ok_or_else(|| de::Error::missing_field("text"))?;
    crate::model::json::charge::<A::Error>(size_of::<TextContent>())?;
    Ok(ContentBlock::from(TextContent {
        text,
        annotations,
        meta: meta.unwrap_or_default(),
        extra: extra.finish(),
    }))
}

/// A value's JSON text as `serde_json` hands out a [`RawValue`], borrowed from the input
/// when it can be (`Box<RawValue>` always allocates; `&RawValue` cannot be read from a
/// `Value` or a reader).
struct RawText<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for RawText<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(crate::wire::guard::RAW_TOKEN, RawTextVisitor)
    }
}

struct RawTextVisitor;

impl<'de> Visitor<'de> for RawTextVisitor {
    type Value = RawText<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    // `serde_json` hands a raw value over as a map of one member: its token, then the text.
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<RawText<'de>, A::Error> {
        if access.next_key::<IgnoredAny>()?.is_none() {
            return Err(de::Error::invalid_type(de::Unexpected::Map, &self));
        }
        let Key(text) = access.next_value()?;
        Ok(RawText(text))
    }
}

impl RawBlock {
    /// Reads the value of `key`, a field of the block's type.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        access: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "text" => take_required(access, &mut self.text, "text"),
            "data" => take_required(access, &mut self.data, "data"),
            "mimeType" => {
                // Optional on resource links, required on media blocks: `null` is refused
                // either way.
                take_optional(access, &mut self.mime_type, "mimeType")
            }
            "uri" => take_required(access, &mut self.uri, "uri"),
            "name" => take_required(access, &mut self.name, "name"),
            "title" => take_optional(access, &mut self.title, "title"),
            "description" => take_optional(access, &mut self.description, "description"),
            "size" => take_optional(access, &mut self.size, "size"),
            "icons" => take_optional(access, &mut self.icons, "icons"),
            "resource" => take_required(access, &mut self.resource, "resource"),
            "annotations" => take_optional(access, &mut self.annotations, "annotations"),
            "_meta" => take_optional(access, &mut self.meta, "_meta"),
            _ => access.next_value::<IgnoredAny>().map(|_| ()),
        }
    }

    fn finish<E: de::Error>(mut self) -> Result<ContentBlock, E> {
        let Some(kind) = self.kind.take() else {
            return Err(E::missing_field("type"));
        };
        // Members read before `type`: now that the type is known, read them as it says.
        // Unknown ones keep their order, ahead of those read after `type`.
        let pending = std::mem::take(&mut self.pending).finish();
        let mut extra = ObjectBuilder::new();
        // One member at a time: a list of them would take about ten times the text of a
        // block of many tiny members (the memory benchmark's "one text block, tiny members
        // before type").
        pending.try_for_each_member(
            |Member {
                 name: key,
                 key: text,
                 value,
             }| {
                if !has_field(&kind, &key) {
                    extra.push_text(text, value.get());
                    return Ok(());
                }
                let mut access = OneEntry(Some(value));
                self.read_field(&key, &mut access).map_err(|e| {
                    let (path, detail) = split_field_error(&e.0);
                    field_error::<E>(&join_path(&key, path), detail)
                })
            },
        )?;
        let meta = self.meta.take().unwrap_or_default();
        let annotations = self.annotations.take();
        extra.append(std::mem::take(&mut self.extra));
        let extra = extra.finish();
        Ok(match &*kind {
            "text" => ContentBlock::from(TextContent {
                text: self.text.ok_or_else(|| E::missing_field("text"))?,
                annotations,
                meta,
                extra,
            }),
            "image" | "audio" => {
                let data = self.data.ok_or_else(|| E::missing_field("data"))?;
                let mime_type = self.mime_type.ok_or_else(|| E::missing_field("mimeType"))?;
                let media = if kind == "image" {
                    MediaKind::Image
                } else {
                    MediaKind::Audio
                };
                rules::check_mime_kind(mime_type.as_str(), media)
                    .map_err(|v| field_error::<E>("mimeType", v))?;
                if kind == "image" {
                    ContentBlock::from(ImageContent {
                        data,
                        mime_type,
                        annotations,
                        meta,
                        extra,
                    })
                } else {
                    ContentBlock::from(AudioContent {
                        data,
                        mime_type,
                        annotations,
                        meta,
                        extra,
                    })
                }
            }
            "resource_link" => ContentBlock::from(ResourceLink {
                uri: self.uri.ok_or_else(|| E::missing_field("uri"))?,
                name: self.name.ok_or_else(|| E::missing_field("name"))?,
                title: self.title,
                description: self.description,
                mime_type: self.mime_type,
                size: self.size,
                icons: self.icons.map(Vec::from).unwrap_or_default(),
                annotations,
                meta,
                extra,
            }),
            _ => ContentBlock::from(EmbeddedResource {
                resource: self.resource.ok_or_else(|| E::missing_field("resource"))?,
                annotations,
                meta,
                extra,
            }),
        })
    }
}

/// A map access over one value held as text: how a member read before `type` is read as a
/// field once the type is known. Its errors carry the path inside the value.
struct OneEntry<'a>(Option<&'a RawValue>);

/// An error of [`OneEntry`]: the message, with the path inside the value in front as
/// `@path ` (the shape `field_error` gives).
#[derive(Debug)]
struct EntryError(String);

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EntryError {}

impl de::Error for EntryError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        EntryError(msg.to_string())
    }
}

fn split_field_error(message: &str) -> (&str, &str) {
    message
        .strip_prefix('@')
        .and_then(|rest| rest.split_once(' '))
        .unwrap_or(("", message))
}

impl<'a> MapAccess<'a> for OneEntry<'a> {
    type Error = EntryError;

    fn next_key_seed<K: de::DeserializeSeed<'a>>(
        &mut self,
        _: K,
    ) -> Result<Option<K::Value>, EntryError> {
        Ok(None)
    }

    fn next_value_seed<V: de::DeserializeSeed<'a>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, EntryError> {
        let raw = self.0.take().map_or("null", RawValue::get);
        let mut deserializer = serde_json::Deserializer::from_str(raw);
        let mut track = serde_path_to_error::Track::new();
        // Through `Spelled`, so the names of the unknown fields inside keep their spelling.
        let spelled = crate::wire::spelling::Spelled {
            de: &mut deserializer,
        };
        let tracked = serde_path_to_error::Deserializer::new(spelled, &mut track);
        seed.deserialize(tracked).map_err(|e| {
            let path = crate::wire::error::tracked_path(&track.path());
            let message = e.to_string();
            let mut message = crate::wire::error::strip_position(&message).to_owned();
            let mut path = if path == "." { String::new() } else { path };
            // A nested check that names its own field (`@field detail`, see `field_error`)
            // puts that field on the path too.
            if let Some((nested, detail)) =
                message.strip_prefix('@').and_then(|r| r.split_once(' '))
            {
                path = join_path(&path, nested);
                message = String::from(detail);
            }
            if path.is_empty() {
                EntryError(message)
            } else {
                EntryError(format!("@{path} {message}"))
            }
        })
    }
}

impl<'de> Deserialize<'de> for ResourceContents {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ResourceContentsVisitor)
    }
}

struct ResourceContentsVisitor;

impl<'de> Visitor<'de> for ResourceContentsVisitor {
    type Value = ResourceContents;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("resource contents (an object with `uri` and `text` or `blob`)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<ResourceContents, A::Error> {
        let _model = crate::model::json::enter_model::<ResourceContents, A::Error>()?;
        let mut uri: Option<Uri> = None;
        let mut mime_type: Option<MimeType> = None;
        let mut text: Option<String> = None;
        let mut blob: Option<Base64Data> = None;
        let mut meta: Option<Meta> = None;
        let mut extra = ObjectBuilder::new();
        crate::wire::limits::count_block().map_err(de::Error::custom)?;
        while let Some(key) = access.next_key::<MemberKey<'de>>()? {
            match key.name.as_ref() {
                "uri" => take_required(&mut access, &mut uri, "uri")?,
                "mimeType" => take_optional(&mut access, &mut mime_type, "mimeType")?,
                "text" => take_required(&mut access, &mut text, "text")?,
                "blob" => take_required(&mut access, &mut blob, "blob")?,
                "_meta" => take_optional(&mut access, &mut meta, "_meta")?,
                _ => extra.push_member(&key, &mut access)?,
            }
        }
        let extra = extra.finish();
        let uri = uri.ok_or_else(|| de::Error::missing_field("uri"))?;
        let meta = meta.unwrap_or_default();
        match (text, blob) {
            (Some(text), None) => Ok(ResourceContents::Text(TextResourceContents {
                uri,
                mime_type,
                text,
                meta,
                extra,
            })),
            (None, Some(blob)) => Ok(ResourceContents::Blob(BlobResourceContents {
                uri,
                mime_type,
                blob,
                meta,
                extra,
            })),
            (Some(_), Some(_)) => Err(de::Error::custom(Violation::new(
                Rule::ExactlyOne,
                "resource contents have both `text` and `blob`; exactly one is allowed",
            ))),
            (None, None) => Err(de::Error::custom(Violation::new(
                Rule::ExactlyOne,
                "resource contents have neither `text` nor `blob`; exactly one is required",
            ))),
        }
    }
}

macro_rules! deserialize_as_named_block {
    ($($variant:ident($ty:ty, $kind:literal)),*) => {$(
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                // Charged as itself (a caller's `Vec<TextContent>` holds it unboxed).
                let _model = crate::model::json::enter_model::<Self, D::Error>()?;
                match ContentBlock::deserialize(deserializer)? {
                    ContentBlock::$variant(block) => Ok(*block),
                    other => Err(de::Error::custom(format_args!(
                        "expected a block of type {:?}, found {:?}",
                        $kind,
                        other.kind()
                    ))),
                }
            }
        }
    )*};
}
deserialize_as_named_block!(
    Text(TextContent, "text"),
    Image(ImageContent, "image"),
    Audio(AudioContent, "audio"),
    ResourceLink(ResourceLink, "resource_link"),
    Resource(EmbeddedResource, "resource")
);
