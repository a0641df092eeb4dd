//! Content blocks and resource contents.
//!
//! Blocks are read in one pass with a hand-written visitor (serde's internally tagged enums
//! buffer the whole block first, which for a 1 MiB image means a second copy), keep unknown
//! fields in `extra`, and keep a block of an unknown `type` untouched as
//! [`ContentBlock::Unknown`].
//!
//! This file holds the types (each declared once, with its members: see `model_object!`),
//! their builders and accessors; how a block is told by its `type` and dispatched, in
//! `write` and `read`.

use serde_json::value::RawValue;

use crate::model::annotations::Annotations;
use crate::model::binary::Base64Data;
use crate::model::declare::model_object;
use crate::model::icon::Icon;
use crate::model::integer::JsonInteger;
use crate::model::json::{Compact, JsonObject, RawJson};
use crate::model::meta::Meta;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{self, MediaKind, Rule, Violation};

mod read;
mod write;

use read::WholeText;

/// One block of content, as tool results and prompt messages carry them.
///
/// Known blocks are boxed, so a block is 24 bytes in a `Vec` whatever its kind: a document
/// of many tiny blocks costs a few times its size, not dozens.
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::model::TextContent;
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
/// use mcp_content::model::UnknownBlock;
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

const KNOWN_BLOCK_TYPES: [&str; 5] = ["text", "image", "audio", "resource_link", "resource"];

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

model_object! {
    /// Text for or from a model.
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct TextContent as "TextContent", tag "type" = "text" {
        /// The text.
        pub text: String = "text" (required WholeText => WholeText::into_inner) text,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// The block's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

model_object! {
    /// An image: base64 data and an `image/*` MIME type.
    #[derive(Debug, Clone, PartialEq)]
    pub struct ImageContent as "ImageContent", tag "type" = "image",
        check = read::check_image_mime
    {
        /// The image bytes.
        pub data: Base64Data = "data" (required Base64Data) base64,
        /// An `image/*` MIME type.
        pub mime_type: MimeType = "mimeType" (present MimeType) value,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// The block's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

model_object! {
    /// Audio: base64 data and an `audio/*` MIME type.
    #[derive(Debug, Clone, PartialEq)]
    pub struct AudioContent as "AudioContent", tag "type" = "audio",
        check = read::check_audio_mime
    {
        /// The audio bytes.
        pub data: Base64Data = "data" (required Base64Data) base64,
        /// An `audio/*` MIME type.
        pub mime_type: MimeType = "mimeType" (present MimeType) value,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// The block's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

model_object! {
    /// A link to a resource the server can read.
    #[derive(Debug, Clone, PartialEq)]
    pub struct ResourceLink as "ResourceLink", tag "type" = "resource_link" {
        /// The resource's URI.
        pub uri: Uri = "uri" (required Uri) value,
        /// Its programmatic name.
        pub name: String = "name" (required String) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What it is.
        pub description: Option<String> = "description" (optional String) value,
        /// Its MIME type, if known.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// Its raw size in bytes, if known: any integer the schemas allow (a negative one or
        /// one past 64 bits included), kept as read ([`JsonInteger`]).
        pub size: Option<JsonInteger> = "size" (optional JsonInteger) value,
        /// Icons (not emitted for 2025-06-18).
        pub icons: Vec<Icon> = "icons" (defaulted Compact<Icon> => Vec::from) objects
            since has_icons,
        /// Hints for the client.
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// The block's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

model_object! {
    /// A resource's contents embedded in a result. Annotations and the block's `_meta` sit
    /// here, on the block; the inner contents carry their own `_meta`.
    #[derive(Debug, Clone, PartialEq)]
    pub struct EmbeddedResource as "EmbeddedResource", tag "type" = "resource" {
        /// The contents: text or blob.
        pub resource: ResourceContents = "resource" (required ResourceContents) object,
        /// Hints for the client (on the block, never inside `resource`).
        pub annotations: Option<Annotations> =
            "annotations" (optional Annotations) nonempty_object,
        /// The block's `_meta` (not the contents' `_meta`).
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

/// The contents of a resource: exactly one of text or blob.
#[derive(Debug, Clone, PartialEq)]
pub enum ResourceContents {
    /// `text` contents.
    Text(TextResourceContents),
    /// `blob` (base64) contents.
    Blob(BlobResourceContents),
}

// `blob` and `text` are both known members of either contents: one of each would make the
// contents neither text nor blob.
model_object! {
    /// Text contents of a resource.
    #[derive(Debug, Clone, PartialEq)]
    pub struct TextResourceContents as "TextResourceContents", also_known ["blob"] {
        /// The resource's URI.
        pub uri: Uri = "uri" (required Uri) value,
        /// Its MIME type, if known.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// The text.
        pub text: String = "text" (required String) text,
        /// The contents' own `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

model_object! {
    /// Binary contents of a resource.
    #[derive(Debug, Clone, PartialEq)]
    pub struct BlobResourceContents as "BlobResourceContents", also_known ["text"] {
        /// The resource's URI.
        pub uri: Uri = "uri" (required Uri) value,
        /// Its MIME type, if known.
        pub mime_type: Option<MimeType> = "mimeType" (optional MimeType) value,
        /// The bytes.
        pub blob: Base64Data = "blob" (required Base64Data) base64,
        /// The contents' own `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
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
    /// use mcp_content::model::{ImageContent, MimeType};
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
