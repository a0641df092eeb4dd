//! The [`ExtraFields`] of every model type that keeps unknown fields: which names each type
//! writes itself. A table of its own, apart from the trait in `extra.rs`, because it names
//! every model type while each of them imports the trait: together they would import each
//! other.

use crate::model::annotations::Annotations;
use crate::model::content::{
    AudioContent, BlobResourceContents, EmbeddedResource, ImageContent, ResourceLink, TextContent,
    TextResourceContents,
};
use crate::model::extra::ExtraFields;
use crate::model::icon::Icon;
use crate::model::json::JsonObject;
use crate::model::prompt::{GetPromptResult, Prompt, PromptArgument, PromptMessage};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool, ToolAnnotations};

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
    Annotations => "Annotations" ["audience", "priority", "lastModified"];
    Icon => "Icon" ["src", "mimeType", "sizes", "theme"];
    CallToolResult => "CallToolResult" [
        "content", "structuredContent", "isError", "_meta", "resultType",
    ];
    Tool => "Tool" [
        "name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons",
        "_meta",
    ];
    ToolAnnotations => "ToolAnnotations" [
        "title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint",
    ];
    Prompt => "Prompt" ["name", "title", "description", "arguments", "icons", "_meta"];
    PromptArgument => "PromptArgument" ["name", "title", "description", "required"];
    PromptMessage => "PromptMessage" ["role", "content"];
    GetPromptResult => "GetPromptResult" ["description", "messages", "_meta", "resultType"];
    Resource => "Resource" [
        "uri", "name", "title", "description", "mimeType", "size", "annotations", "icons",
        "_meta",
    ];
    ResourceTemplate => "ResourceTemplate" [
        "uriTemplate", "name", "title", "description", "mimeType", "annotations", "icons",
        "_meta",
    ];
    ReadResourceResult => "ReadResourceResult" [
        "contents", "_meta", "resultType", "cacheScope", "ttlMs",
    ];
}
