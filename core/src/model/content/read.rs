//! Reading content blocks and resource contents from JSON.
//!
//! One pass over a block's members with a hand-written visitor (serde's internally tagged
//! enums buffer the whole block first, which for a 1 MiB image means a second copy), with
//! the fast path of a text block whose `type` comes first. Apart from the types because it
//! is the one subtle part: members seen before `type` are held as text and read once the
//! type is known, unknown types are kept byte for byte, and errors name the member.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

mod entry;

use super::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    KNOWN_BLOCK_TYPES, ResourceContents, ResourceLink, TextContent, TextResourceContents,
    UnknownBlock,
};
use crate::model::declare::ReadFields;
use crate::model::json::{JsonObject, Key, Member, MemberKey, ObjectBuilder};
use crate::model::validated::MimeType;
use crate::rules::{self, MediaKind, Rule, Violation};
use crate::wire::error::{field_error, join_path};
use entry::{OneEntry, split_field_error};

/// A block being read: its members as the declaration of its type reads them, once the
/// type is known.
#[derive(Default)]
struct RawBlock {
    /// The slots of the block's type, from its `type` on.
    slots: Option<Slots>,
    /// Unknown keys, and keys that the block's `type` does not have, as text in order.
    extra: ObjectBuilder,
    /// Every member read before `type` was seen, as text in order: read as the type says
    /// once it is known, or kept untouched (order included) when the type is unknown.
    pending: ObjectBuilder,
}

/// The members read so far of a block of a known type (one of [`KNOWN_BLOCK_TYPES`]).
enum Slots {
    Text(<TextContent as ReadFields>::Slots),
    Image(<ImageContent as ReadFields>::Slots),
    Audio(<AudioContent as ReadFields>::Slots),
    ResourceLink(<ResourceLink as ReadFields>::Slots),
    Resource(<EmbeddedResource as ReadFields>::Slots),
}

impl Slots {
    fn new(kind: &str) -> Self {
        match kind {
            "text" => Slots::Text(<TextContent as ReadFields>::Slots::default()),
            "image" => Slots::Image(<ImageContent as ReadFields>::Slots::default()),
            "audio" => Slots::Audio(<AudioContent as ReadFields>::Slots::default()),
            "resource_link" => Slots::ResourceLink(<ResourceLink as ReadFields>::Slots::default()),
            _ => Slots::Resource(<EmbeddedResource as ReadFields>::Slots::default()),
        }
    }

    /// Reads member `key` if the block's type has it (`false`, the value unread, if not).
    fn read_member<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        access: &mut A,
    ) -> Result<bool, A::Error> {
        match self {
            Slots::Text(slots) => TextContent::read_member(slots, key, access),
            Slots::Image(slots) => ImageContent::read_member(slots, key, access),
            Slots::Audio(slots) => AudioContent::read_member(slots, key, access),
            Slots::ResourceLink(slots) => ResourceLink::read_member(slots, key, access),
            Slots::Resource(slots) => EmbeddedResource::read_member(slots, key, access),
        }
    }

    fn finish<E: de::Error>(self, extra: JsonObject) -> Result<ContentBlock, E> {
        Ok(match self {
            Slots::Text(slots) => TextContent::finish::<E>(slots, extra)?.into(),
            Slots::Image(slots) => ImageContent::finish::<E>(slots, extra)?.into(),
            Slots::Audio(slots) => AudioContent::finish::<E>(slots, extra)?.into(),
            Slots::ResourceLink(slots) => ResourceLink::finish::<E>(slots, extra)?.into(),
            Slots::Resource(slots) => EmbeddedResource::finish::<E>(slots, extra)?.into(),
        })
    }
}

/// The check of an image block read: an `image/*` MIME type.
pub(super) fn check_image_mime<E: de::Error>(block: &ImageContent) -> Result<(), E> {
    check_media_mime(&block.mime_type, MediaKind::Image)
}

/// The check of an audio block read: an `audio/*` MIME type.
pub(super) fn check_audio_mime<E: de::Error>(block: &AudioContent) -> Result<(), E> {
    check_media_mime(&block.mime_type, MediaKind::Audio)
}

fn check_media_mime<E: de::Error>(mime_type: &MimeType, media: MediaKind) -> Result<(), E> {
    rules::check_mime_kind(mime_type.as_str(), media).map_err(|v| field_error::<E>("mimeType", v))
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
            Some((_, BlockKind::Known(known))) => raw.slots = Some(Slots::new(known)),
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
                if raw.slots.is_some() {
                    return Err(de::Error::duplicate_field("type"));
                }
                match read_kind(&mut access)? {
                    BlockKind::Known(known) => raw.slots = Some(Slots::new(known)),
                    BlockKind::Unknown(text) => {
                        let mut fields = std::mem::take(&mut raw.pending);
                        fields.push_spelled(&member, &text);
                        unknown = Some(fields);
                    }
                }
                continue;
            }
            let Some(slots) = raw.slots.as_mut() else {
                // No type yet: keep the member as text until the type says what it is.
                raw.pending.push_member(&member, &mut access)?;
                continue;
            };
            if !slots.read_member(key, &mut access)? {
                raw.extra.push_member(&member, &mut access)?;
            }
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
pub(super) struct WholeText(String);

impl WholeText {
    pub(super) fn into_inner(self) -> String {
        self.0
    }
}

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
/// has, read as its declaration says, and the others kept as text, in order
/// (what the general loop of `BlockVisitor` does for such a block, with the same errors).
fn read_text_block<'de, A: MapAccess<'de>>(access: &mut A) -> Result<ContentBlock, A::Error> {
    let mut slots = <TextContent as ReadFields>::Slots::default();
    let mut extra = ObjectBuilder::new();
    while let Some(member) = access.next_key::<MemberKey<'de>>()? {
        if member.name == "type" {
            return Err(de::Error::duplicate_field("type"));
        }
        if !TextContent::read_member(&mut slots, member.name.as_ref(), access)? {
            extra.push_member(&member, access)?;
        }
    }
    let text = TextContent::finish::<A::Error>(slots, extra.finish())?;
    crate::model::json::charge::<A::Error>(size_of::<TextContent>())?;
    Ok(ContentBlock::from(text))
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
    fn finish<E: de::Error>(self) -> Result<ContentBlock, E> {
        let Some(mut slots) = self.slots else {
            return Err(E::missing_field("type"));
        };
        // Members read before `type`: now that the type is known, read them as it says.
        // Unknown ones keep their order, ahead of those read after `type`.
        let pending = self.pending.finish();
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
                let mut access = OneEntry(Some(value));
                match slots.read_member(&key, &mut access) {
                    Ok(true) => Ok(()),
                    Ok(false) => {
                        extra.push_text(text, value.get());
                        Ok(())
                    }
                    Err(e) => {
                        let (path, detail) = split_field_error(&e.0);
                        Err(field_error::<E>(&join_path(&key, path), detail))
                    }
                }
            },
        )?;
        extra.append(self.extra);
        slots.finish(extra.finish())
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
        // The members of text contents, and the one member blob contents add: what they
        // share is read once, into the text slots.
        let mut text = <TextResourceContents as ReadFields>::Slots::default();
        let mut blob = <BlobResourceContents as ReadFields>::Slots::default();
        let mut extra = ObjectBuilder::new();
        crate::wire::limits::count_block().map_err(de::Error::custom)?;
        while let Some(key) = access.next_key::<MemberKey<'de>>()? {
            let name = key.name.as_ref();
            if !TextResourceContents::read_member(&mut text, name, &mut access)?
                && !BlobResourceContents::read_member(&mut blob, name, &mut access)?
            {
                extra.push_member(&key, &mut access)?;
            }
        }
        let extra = extra.finish();
        if text.uri.is_none() {
            // The declaration's first required member: its error, before text or blob's.
            return TextResourceContents::finish(text, extra).map(ResourceContents::Text);
        }
        match (text.text.is_some(), blob.blob.is_some()) {
            (true, false) => TextResourceContents::finish(text, extra).map(ResourceContents::Text),
            (false, true) => {
                blob.uri = text.uri;
                blob.mime_type = text.mime_type;
                blob.meta = text.meta;
                BlobResourceContents::finish(blob, extra).map(ResourceContents::Blob)
            }
            (true, true) => Err(de::Error::custom(Violation::new(
                Rule::ExactlyOne,
                "resource contents have both `text` and `blob`; exactly one is allowed",
            ))),
            (false, false) => Err(de::Error::custom(Violation::new(
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
