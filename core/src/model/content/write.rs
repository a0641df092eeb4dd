//! Writing content blocks and resource contents, for any protocol version.
//!
//! Each block's members come from its declaration (`model_object!` in the parent); here the
//! dispatch of the enums to them, and the serde and JSON writers of each, so the one writer
//! of a block, whether inside a [`ContentBlock`] or alone, is found in one place.

use serde::Serializer;

use super::{
    AudioContent, ContentBlock, EmbeddedResource, ImageContent, ResourceContents, ResourceLink,
    TextContent,
};
use crate::model::write::{self, FieldSink, WriteFields};
use crate::rules::ProtocolVersion;
use crate::wire::version::{SerializeFor, serialize_latest};

impl WriteFields for ContentBlock {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        match self {
            ContentBlock::Unknown(u) => sink.members(&u.fields, &[]),
            ContentBlock::Text(b) => b.write_fields(version, sink),
            ContentBlock::Image(b) => b.write_fields(version, sink),
            ContentBlock::Audio(b) => b.write_fields(version, sink),
            ContentBlock::ResourceLink(b) => b.write_fields(version, sink),
            ContentBlock::Resource(b) => b.write_fields(version, sink),
        }
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

impl WriteFields for ResourceContents {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        match self {
            ResourceContents::Text(t) => t.write_fields(version, sink),
            ResourceContents::Blob(b) => b.write_fields(version, sink),
        }
    }
}

impl serde::Serialize for ResourceContents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Resource contents have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

write::serialize_for_via_fields!(
    ResourceContents,
    TextContent,
    ImageContent,
    AudioContent,
    ResourceLink,
    EmbeddedResource
);

serialize_latest!(
    ContentBlock,
    TextContent,
    ImageContent,
    AudioContent,
    ResourceLink,
    EmbeddedResource
);
