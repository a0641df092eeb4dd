//! Writing content blocks and resource contents, for any protocol version.
//!
//! Each block's fields are listed once (`WriteFields`) and go either to any serde
//! serializer or straight into JSON bytes (see `wire`). Apart from the types so the one
//! writer of a block, whether inside a [`ContentBlock`] or alone, is found in one place.

use serde::Serializer;

use super::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents,
};
use crate::model::annotations::Annotations;
use crate::model::binary::Base64Data;
use crate::model::extra::ExtraFields;
use crate::model::json::JsonObject;
use crate::model::meta::Meta;
use crate::model::validated::MimeType;
use crate::rules::ProtocolVersion;
use crate::wire::version::{SerializeFor, serialize_latest};
use crate::model::write::{self, FieldSink, WriteFields};

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
