//! The protocol's data: content blocks, resource contents, annotations, `_meta`, icons, the
//! descriptors and results of tools, prompts and resources, and the validated newtypes their
//! fields take. Each type is declared once (`declare`: `model_object!`), which gives its
//! reader, its writer per protocol version (`write`) and its known members.

#[doc(hidden)]
pub mod annotations;
pub(crate) mod app;
pub(crate) mod binary;
pub(crate) mod cache;
#[doc(hidden)]
pub mod content;
mod declare;
#[doc(hidden)]
pub mod extra;
#[doc(hidden)]
pub mod icon;
#[doc(hidden)]
pub mod integer;
#[doc(hidden)]
pub mod json;
#[doc(hidden)]
pub mod meta;
#[doc(hidden)]
pub mod prompt;
#[doc(hidden)]
pub mod resource;
#[doc(hidden)]
pub mod result;
#[doc(hidden)]
pub mod tool;
#[doc(hidden)]
pub mod validate;
#[doc(hidden)]
pub mod validated;
pub(crate) mod write;

// The public names of the model (`mcp_content::model::…`); `ContentBlock`, `CallToolResult`
// and `Validate` are at the crate root, the MCP Apps types in `mcp_content::apps`.
pub use self::annotations::{Annotations, Role};
pub use self::binary::Base64Data;
pub use self::cache::CacheHint;
pub use self::content::{
    AudioContent, BlobResourceContents, EmbeddedResource, ImageContent, ResourceContents,
    ResourceLink, TextContent, TextResourceContents, UnknownBlock,
};
pub use self::extra::ExtraFields;
pub use self::icon::{Icon, IconSizes, IconTheme};
pub use self::integer::JsonInteger;
pub use self::json::{JsonObject, RawJson};
pub use self::meta::Meta;
pub use self::prompt::{GetPromptResult, Prompt, PromptArgument, PromptMessage};
pub use self::resource::{CacheScope, ReadResourceResult, Resource, ResourceTemplate};
pub use self::result::RESULT_TYPE_COMPLETE;
pub use self::tool::{Tool, ToolAnnotations, wrap_output_schema};
pub use self::validate::{Problem, ValidationError};
pub use self::validated::{MetaKey, MimeType, Priority, Timestamp, ToolName, Uri};

#[cfg(test)]
mod read_tests;
