//! The [`ExtraFields`] of every model type that keeps unknown fields: which names each type
//! writes itself. A table of its own, apart from the trait in `extra.rs`, because it names
//! every model type while each of them imports the trait: together they would import each
//! other.

use crate::model::content::{
    AudioContent, BlobResourceContents, EmbeddedResource, ImageContent, ResourceLink, TextContent,
    TextResourceContents,
};
use crate::model::extra::ExtraFields;
use crate::model::json::JsonObject;

macro_rules! extra_fields {
    ($($ty:ty => $name:literal [$($key:literal),* $(,)?];)*) => {$(
        impl ExtraFields for $ty {
            const TYPE_NAME: &'static str = $name;
            const KNOWN_FIELDS: &'static [&'static str] = &[$($key),*];
            fn extra_fields(&self) -> &JsonObject {
                &self.extra
            }
            fn extra_fields_mut(&mut self) -> &mut JsonObject {
                &mut self.extra
            }
        }
    )*};
}

// `blob` and `text` are both refused on resource contents: one of each would make the
// contents neither text nor blob.
extra_fields! {
    TextContent => "TextContent" ["type", "text", "annotations", "_meta"];
    ImageContent => "ImageContent" ["type", "data", "mimeType", "annotations", "_meta"];
    AudioContent => "AudioContent" ["type", "data", "mimeType", "annotations", "_meta"];
    ResourceLink => "ResourceLink" [
        "type", "uri", "name", "title", "description", "mimeType", "size", "icons",
        "annotations", "_meta",
    ];
    EmbeddedResource => "EmbeddedResource" ["type", "resource", "annotations", "_meta"];
    TextResourceContents => "TextResourceContents" ["uri", "mimeType", "text", "blob", "_meta"];
    BlobResourceContents => "BlobResourceContents" ["uri", "mimeType", "text", "blob", "_meta"];

}
