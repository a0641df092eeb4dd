//! Validated Model Context Protocol (MCP) content from annotated Rust types, and back.
//!
//! The model ([`ContentBlock`], [`CallToolResult`], …) is serde-exact for MCP 2026-07-28 and
//! writes itself for 2025-06-18 and 2025-11-25 peers too ([`SerializeFor`]). The rules of
//! the protocol live in [`rules`], shared with the macros: a value of a validated type
//! ([`MimeType`], [`Uri`], [`MetaKey`], [`Priority`], …) has passed its rule, and reading
//! untrusted JSON ([`read_json`]) reports the JSON path and the rule of the first problem.
#![doc = include_str!("../../README.md")]

pub use mcp_content_rules as rules;

mod content_traits;
pub mod convert;
mod model;
mod server;
#[cfg(any(feature = "rmcp", feature = "http"))]
mod transport;
mod wire;

pub use model::annotations::{Annotations, Role};
pub use model::app::{
    APP_MIME_TYPE, LEGACY_RESOURCE_URI_KEY, UI_EXTENSION, UI_META_KEY, UiCsp, UiPermissions,
    UiResourceMeta, UiToolMeta, UiVisibility,
};
pub use model::binary::Base64Data;
pub use model::cache::CacheHint;
pub use model::content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents, UnknownBlock,
};
pub use model::extra::ExtraFields;
pub use model::icon::{Icon, IconSizes, IconTheme};
pub use model::integer::JsonInteger;
pub use model::json::{JsonObject, RawJson};
pub use model::meta::Meta;
pub use model::prompt::{GetPromptResult, Prompt, PromptArgument, PromptMessage};
pub use model::resource::{CacheScope, ReadResourceResult, Resource, ResourceTemplate};
pub use model::result::RESULT_TYPE_COMPLETE;
pub use model::tool::{CallToolResult, Tool, ToolAnnotations, wrap_output_schema};
pub use model::validate::{Problem, Validate, ValidationError};
pub use model::validated::{MetaKey, MimeType, Priority, Timestamp, ToolName, Uri};
pub use rules::{ProtocolVersion, UriTemplate};
pub use server::app::{AppResource, AppTool};
pub use server::handler::{
    ClientPeer, CompletionHandler, Context, LogLevel, PromptHandler, ProtocolError,
    ResourceDescriptor, ResourceHandler, ToolHandler,
};
pub use server::payload::{
    MemoryPayloadStore, PAYLOAD_META_KEY, PAYLOAD_URI_PREFIX, PayloadStore, StoredPayload,
};
pub use server::router::{InputParams, Outcome, Router, RouterBuilder, RouterError, ServerInfo};
pub use wire::error::ReadError;
pub use wire::limits::ReadLimits;
pub use wire::read::{read_json, read_json_with, read_value, read_value_with};
pub use wire::version::{ForVersion, SerializeFor};

pub use content_traits::{
    FromBinary, FromContent, IntoBinary, IntoCallToolResult, IntoContent, StructuredOutput,
    WriteError, WriteFailure, output_schema_for,
};
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private_0_1;
mod derive;
// The traits a field, parameter or return type must implement for the macros, named at the
// root (hidden): rustc names a trait by its shortest visible path, so a compile error says
// "the trait `UriField` is not implemented", never a path through `__private_0_1`. `Content`
// is the derive's reading protocol, named after the derive that implements it.
#[doc(hidden)]
pub use derive::flatten::FlattenedContent;
#[doc(hidden)]
pub use derive::read::{ContentSlots as Content, FromText};
#[doc(hidden)]
pub use derive::write::{DisplayText, NotAByte, TextElement};
#[doc(hidden)]
pub use derive::{
    AttributeField, AudienceField, BinaryField, JsonField, JsonText, MetaValue, MetaValueWrite,
    MimeAttribute, MimeField, PriorityField, SizeAttribute, Structured, StructuredWrite,
    TemplateVariable, TemplateVariableAndMeta, TemplateVariableAndMetaWrite, TemplateVariableWrite,
    TextAttribute, TextField, TimestampField, UriField,
};
#[cfg(feature = "derive")]
#[doc = include_str!("derive_content.md")]
pub use mcp_content_macros::Content;
/// The `schemars` input schemas are made with (a tool parameter's type implements its
/// `JsonSchema`): `#[derive(mcp_content::schemars::JsonSchema)]` needs no version match.
pub use schemars;
/// The `serde_json` the model is built on ([`JsonObject`] wraps its `Map`).
pub use serde_json;
pub use server::changes::{
    Change, ChangeBus, ChangeFeed, ChangeListener, FeedSubscription, ListKind,
};
#[doc(hidden)]
pub use server::glue::{DeclaredParameter, ToolParameter};
pub use server::handler;
#[cfg(feature = "http")]
pub mod http;
pub use server::input;
#[cfg(feature = "rmcp")]
pub mod rmcp;
pub use server::store;
pub use server::tasks;
#[doc(hidden)]
pub use server::text_params::{FromPromptArgument, FromTemplateVariable};

#[cfg(feature = "derive")]
#[doc = include_str!("attribute_prompt.md")]
pub use mcp_content_macros::prompt;
#[cfg(feature = "derive")]
#[doc = include_str!("attribute_resource.md")]
pub use mcp_content_macros::resource;
#[cfg(feature = "derive")]
#[doc = include_str!("macro_router.md")]
pub use mcp_content_macros::router;
#[cfg(feature = "derive")]
#[doc = include_str!("attribute_tool.md")]
pub use mcp_content_macros::tool;
pub use server::prompt_result::IntoGetPromptResult;
pub use server::resource_result::IntoReadResourceResult;
