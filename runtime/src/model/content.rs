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
use serde_json::{Map, Value};

use crate::model::annotations::Annotations;
use crate::model::binary::Base64Data;
use crate::model::icon::Icon;
use crate::model::meta::Meta;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{self, MediaKind, ProtocolVersion, Rule, Violation};
use crate::wire::error::{field_error, join_path};
use crate::wire::version::{SerializeFor, serialize_latest};
use crate::wire::write::{self, FieldSink, WriteFields};

/// One block of content, as tool results and prompt messages carry them.
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
    Text(TextContent),
    /// `type: "image"`.
    Image(ImageContent),
    /// `type: "audio"`.
    Audio(AudioContent),
    /// `type: "resource_link"`.
    ResourceLink(ResourceLink),
    /// `type: "resource"`.
    Resource(EmbeddedResource),
    /// A block of a type this version does not know, kept as received (with its `type`).
    Unknown(UnknownBlock),
}

/// A block of an unknown `type`, kept untouched for lossless relaying.
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
    fields: Map<String, Value>,
}

impl UnknownBlock {
    /// A block of an unknown type from its whole JSON object: `type` must be a string that
    /// is not one of the known block types (rule [`Rule::Type`]).
    pub fn new(fields: Map<String, Value>) -> Result<Self, Violation> {
        match fields.get("type") {
            Some(Value::String(kind)) if KNOWN_BLOCK_TYPES.contains(&kind.as_str()) => {
                Err(Violation::new(
                    Rule::Type,
                    format!(
                        "an unknown block cannot have the known type {kind:?}: build a {} instead",
                        known_block_type_name(kind)
                    ),
                ))
            }
            Some(Value::String(_)) => Ok(Self { fields }),
            Some(_) | None => Err(Violation::new(
                Rule::Required,
                "a block needs a string `type`",
            )),
        }
    }

    /// The block's `type`.
    pub fn kind(&self) -> &str {
        self.fields
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The whole JSON object, `type` included.
    pub fn fields(&self) -> &Map<String, Value> {
        &self.fields
    }

    /// The whole JSON object, `type` included.
    pub fn into_fields(self) -> Map<String, Value> {
        self.fields
    }

    /// Sets a field other than `type` (which is fixed: see [`UnknownBlock::new`]). Returns
    /// the value it replaces.
    pub fn insert(
        &mut self,
        key: impl Into<String>,
        value: impl Into<Value>,
    ) -> Result<Option<Value>, Violation> {
        let key = key.into();
        if key == "type" {
            return Err(Violation::new(
                Rule::Type,
                "the `type` of an unknown block is set once, by `UnknownBlock::new`",
            ));
        }
        Ok(self.fields.insert(key, value.into()))
    }

    /// Removes a field other than `type`.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
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
    pub extra: Map<String, Value>,
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
    pub extra: Map<String, Value>,
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
    pub extra: Map<String, Value>,
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
    /// Its raw size in bytes, if known.
    pub size: Option<u64>,
    /// Icons (not emitted for 2025-06-18).
    pub icons: Vec<Icon>,
    /// Hints for the client.
    pub annotations: Option<Annotations>,
    /// The block's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    pub extra: Map<String, Value>,
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
    pub extra: Map<String, Value>,
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
    pub extra: Map<String, Value>,
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
    pub extra: Map<String, Value>,
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
            extra: Map::new(),
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
            extra: Map::new(),
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
            extra: Map::new(),
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
            extra: Map::new(),
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
            extra: Map::new(),
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
            extra: Map::new(),
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
                ContentBlock::$variant(value)
            }
        }
    )*};
}
block_from!(
    Text(TextContent),
    Image(ImageContent),
    Audio(AudioContent),
    ResourceLink(ResourceLink),
    Resource(EmbeddedResource),
    Unknown(UnknownBlock)
);

impl From<String> for ContentBlock {
    fn from(text: String) -> Self {
        ContentBlock::Text(TextContent::new(text))
    }
}

impl From<&str> for ContentBlock {
    fn from(text: &str) -> Self {
        ContentBlock::Text(TextContent::new(text))
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
                ContentBlock::ResourceLink(_) | ContentBlock::Unknown(_) => 256,
            }
    }

    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        ContentBlock::Text(TextContent::new(text))
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
    extra: &Map<String, Value>,
) -> Result<(), K::Error> {
    if let Some(annotations) = annotations.filter(|a| !a.is_empty()) {
        sink.field("annotations", annotations)?;
    }
    if !meta.is_empty() {
        sink.field("_meta", meta)?;
    }
    for (k, v) in extra {
        sink.field(k, v)?;
    }
    Ok(())
}

impl WriteFields for ContentBlock {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        let block = match self {
            ContentBlock::Unknown(u) => {
                for (k, v) in &u.fields {
                    sink.field(k, v)?;
                }
                return Ok(());
            }
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
    annotations: Option<&Annotations>,
    meta: &Meta,
    extra: &Map<String, Value>,
) -> Result<(), K::Error> {
    sink.field("type", kind)?;
    sink.base64("data", data)?;
    sink.field("mimeType", mime_type)?;
    put_common(sink, annotations, meta, extra)
}

impl WriteFields for ResourceContents {
    fn write_fields<K: FieldSink>(&self, _: ProtocolVersion, sink: &mut K) -> Result<(), K::Error> {
        let (uri, mime_type, meta, extra) = match self {
            ResourceContents::Text(t) => (&t.uri, &t.mime_type, &t.meta, &t.extra),
            ResourceContents::Blob(b) => (&b.uri, &b.mime_type, &b.meta, &b.extra),
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
            sink.field("_meta", meta)?;
        }
        for (k, v) in extra {
            sink.field(k, v)?;
        }
        Ok(())
    }
}

impl serde::Serialize for ResourceContents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Resource contents have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

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
                put_common(sink, b.annotations.as_ref(), &b.meta, &b.extra)
            }
            BlockRef::Image(b) => write_media(
                sink,
                "image",
                &b.data,
                &b.mime_type,
                b.annotations.as_ref(),
                &b.meta,
                &b.extra,
            ),
            BlockRef::Audio(b) => write_media(
                sink,
                "audio",
                &b.data,
                &b.mime_type,
                b.annotations.as_ref(),
                &b.meta,
                &b.extra,
            ),
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
                if let Some(size) = b.size {
                    sink.field("size", &size)?;
                }
                // 2025-06-18 has no icons.
                if !b.icons.is_empty() && version.has_icons() {
                    sink.field("icons", &b.icons)?;
                }
                put_common(sink, b.annotations.as_ref(), &b.meta, &b.extra)
            }
            BlockRef::Resource(b) => {
                sink.field("type", "resource")?;
                sink.object("resource", &b.resource, version)?;
                put_common(sink, b.annotations.as_ref(), &b.meta, &b.extra)
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
    size: Option<u64>,
    icons: Option<Vec<Icon>>,
    resource: Option<ResourceContents>,
    annotations: Option<Annotations>,
    meta: Option<Meta>,
    /// Unknown keys, and keys that the block's `type` does not have.
    extra: Map<String, Value>,
    /// Known keys read before `type` was seen, for a block whose type then turns out to be
    /// unknown: their raw JSON, so the unknown block is kept untouched.
    raw_known: Vec<(&'static str, Value)>,
}

/// A map key or a string value, borrowed from the input when it has no escapes. (`Cow`'s own
/// `Deserialize` always copies into a `String`: one allocation per key of every block.)
pub(crate) struct Key<'de>(pub(crate) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v)))
    }
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

const BLOCK_KEYS: [&str; 14] = [
    "type",
    "text",
    "data",
    "mimeType",
    "uri",
    "name",
    "title",
    "description",
    "size",
    "icons",
    "resource",
    "annotations",
    "_meta",
    "extra",
];

impl<'de> Deserialize<'de> for ContentBlock {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(BlockVisitor)
    }
}

struct BlockVisitor;

macro_rules! take_once {
    ($access:ident, $slot:expr, $key:literal) => {{
        if $slot.is_some() {
            return Err(de::Error::duplicate_field($key));
        }
        $slot = Some($access.next_value()?);
    }};
}

impl<'de> Visitor<'de> for BlockVisitor {
    type Value = ContentBlock;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a content block object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<ContentBlock, A::Error> {
        let mut raw = RawBlock::default();
        while let Some(Key(key)) = access.next_key::<Key<'de>>()? {
            let key = key.as_ref();
            if key == "type" {
                if raw.kind.is_some() {
                    return Err(de::Error::duplicate_field("type"));
                }
                let Key(kind) = access.next_value()?;
                raw.kind = Some(match KNOWN_BLOCK_TYPES.iter().find(|k| **k == kind) {
                    Some(known) => Cow::Borrowed(*known),
                    None => Cow::Owned(kind.into_owned()),
                });
                continue;
            }
            let known_kind = raw
                .kind
                .as_deref()
                .filter(|k| KNOWN_BLOCK_TYPES.contains(k));
            let typed = match (known_kind, raw.kind.is_some()) {
                // The type is known: read the fields it has, keep the rest as they are.
                (Some(kind), _) => has_field(kind, key),
                // The type is unknown: everything is kept as it is.
                (None, true) => false,
                // No type yet: read known keys as raw JSON until the type says what they are.
                (None, false) => {
                    if let Some(&name) = BLOCK_KEYS.iter().find(|k| **k == key && **k != "extra") {
                        if raw.raw_known.iter().any(|(k, _)| *k == name) {
                            return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                        }
                        let value: Value = access.next_value()?;
                        raw.raw_known.push((name, value));
                        continue;
                    }
                    false
                }
            };
            if !typed {
                if raw.extra.contains_key(key) {
                    return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                }
                let value: Value = access.next_value()?;
                raw.extra.insert(key.to_owned(), value);
                continue;
            }
            match key {
                "text" => take_once!(access, raw.text, "text"),
                "data" => take_once!(access, raw.data, "data"),
                "mimeType" => take_once!(access, raw.mime_type, "mimeType"),
                "uri" => take_once!(access, raw.uri, "uri"),
                "name" => take_once!(access, raw.name, "name"),
                "title" => take_once!(access, raw.title, "title"),
                "description" => take_once!(access, raw.description, "description"),
                "size" => take_once!(access, raw.size, "size"),
                "icons" => take_once!(access, raw.icons, "icons"),
                "resource" => take_once!(access, raw.resource, "resource"),
                "annotations" => take_once!(access, raw.annotations, "annotations"),
                "_meta" => take_once!(access, raw.meta, "_meta"),
                _ => {
                    let _: IgnoredAny = access.next_value()?;
                }
            }
        }
        raw.finish()
    }
}

impl RawBlock {
    fn finish<E: de::Error>(mut self) -> Result<ContentBlock, E> {
        let Some(kind) = self.kind.take() else {
            return Err(E::missing_field("type"));
        };
        if !KNOWN_BLOCK_TYPES.contains(&&*kind) {
            let mut fields = Map::new();
            fields.insert("type".to_owned(), Value::String(kind.into_owned()));
            for (k, v) in self.raw_known {
                fields.insert(k.to_owned(), v);
            }
            fields.extend(self.extra);
            return Ok(ContentBlock::Unknown(UnknownBlock { fields }));
        }
        // Fields read before `type`: now that the type is known, read them as it says.
        for (key, value) in std::mem::take(&mut self.raw_known) {
            if !has_field(&kind, key) {
                self.extra.insert(key.to_owned(), value);
                continue;
            }
            self.set_from_value(key, value)?;
        }
        let meta = self.meta.take().unwrap_or_default();
        let annotations = self.annotations.take();
        let extra = std::mem::take(&mut self.extra);
        Ok(match &*kind {
            "text" => ContentBlock::Text(TextContent {
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
                    ContentBlock::Image(ImageContent {
                        data,
                        mime_type,
                        annotations,
                        meta,
                        extra,
                    })
                } else {
                    ContentBlock::Audio(AudioContent {
                        data,
                        mime_type,
                        annotations,
                        meta,
                        extra,
                    })
                }
            }
            "resource_link" => ContentBlock::ResourceLink(ResourceLink {
                uri: self.uri.ok_or_else(|| E::missing_field("uri"))?,
                name: self.name.ok_or_else(|| E::missing_field("name"))?,
                title: self.title,
                description: self.description,
                mime_type: self.mime_type,
                size: self.size,
                icons: self.icons.unwrap_or_default(),
                annotations,
                meta,
                extra,
            }),
            _ => ContentBlock::Resource(EmbeddedResource {
                resource: self.resource.ok_or_else(|| E::missing_field("resource"))?,
                annotations,
                meta,
                extra,
            }),
        })
    }

    fn set_from_value<E: de::Error>(&mut self, key: &str, value: Value) -> Result<(), E> {
        fn read<T: de::DeserializeOwned, E: de::Error>(
            key: &str,
            value: Value,
        ) -> Result<Option<T>, E> {
            // Track the path inside the value too (`resource.blob`, not just `resource`):
            // the outer deserializer's path ends at this block.
            serde_path_to_error::deserialize(value)
                .map(Some)
                .map_err(|e| {
                    let mut field = join_path(key, &e.path().to_string());
                    let inner = e.into_inner().to_string();
                    // A nested check that names its own field (`@field detail`, see
                    // `field_error`) puts that field on the path too.
                    let detail = match inner.strip_prefix('@').and_then(|r| r.split_once(' ')) {
                        Some((nested, detail)) => {
                            field = join_path(&field, nested);
                            detail.to_owned()
                        }
                        None => inner,
                    };
                    field_error::<E>(&field, detail)
                })
        }
        match key {
            "text" => self.text = read(key, value)?,
            "data" => self.data = read(key, value)?,
            "mimeType" => self.mime_type = read(key, value)?,
            "uri" => self.uri = read(key, value)?,
            "name" => self.name = read(key, value)?,
            "title" => self.title = read(key, value)?,
            "description" => self.description = read(key, value)?,
            "size" => self.size = read(key, value)?,
            "icons" => self.icons = read(key, value)?,
            "resource" => self.resource = read(key, value)?,
            "annotations" => self.annotations = read(key, value)?,
            "_meta" => self.meta = read(key, value)?,
            _ => {}
        }
        Ok(())
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
        let mut uri: Option<Uri> = None;
        let mut mime_type: Option<MimeType> = None;
        let mut text: Option<String> = None;
        let mut blob: Option<Base64Data> = None;
        let mut meta: Option<Meta> = None;
        let mut extra = Map::new();
        while let Some(Key(key)) = access.next_key::<Key<'de>>()? {
            match key.as_ref() {
                "uri" => take_once!(access, uri, "uri"),
                "mimeType" => take_once!(access, mime_type, "mimeType"),
                "text" => take_once!(access, text, "text"),
                "blob" => take_once!(access, blob, "blob"),
                "_meta" => take_once!(access, meta, "_meta"),
                other => {
                    if extra.contains_key(other) {
                        return Err(de::Error::custom(format_args!("duplicate field `{other}`")));
                    }
                    let value: Value = access.next_value()?;
                    extra.insert(other.to_owned(), value);
                }
            }
        }
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
                match ContentBlock::deserialize(deserializer)? {
                    ContentBlock::$variant(block) => Ok(block),
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
