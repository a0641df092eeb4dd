//! Validated Model Context Protocol (MCP) content from annotated Rust types, and back.
//!
//! The model ([`ContentBlock`], [`CallToolResult`], …) is serde-exact for MCP 2026-07-28 and
//! writes itself for 2025-06-18 and 2025-11-25 peers too ([`SerializeFor`]). The rules of
//! the protocol live in [`rules`], shared with the macros: a value of a validated type
//! ([`MimeType`], [`Uri`], [`MetaKey`], [`Priority`], …) has passed its rule, and reading
//! untrusted JSON ([`read_json`]) reports the JSON path and the rule of the first problem.
#![doc = include_str!("../../README.md")]

pub use mcp_content_rules as rules;

mod annotations;
mod binary;
mod content;
mod content_traits;
pub mod convert;
mod error;
pub mod handler;
mod icon;
mod limits;
mod meta;
mod prompt;
mod resource;
mod result;
#[cfg(feature = "rmcp")]
pub mod rmcp;
mod router;
mod tool;
mod validate;
mod validated;
mod version;
mod wire;

pub use annotations::{Annotations, Role};
pub use binary::Base64Data;
pub use content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents, UnknownBlock,
};
pub use error::{ReadError, read_json, read_value};
pub use handler::{
    ClientPeer, CompletionHandler, Context, LogLevel, PromptHandler, ProtocolError,
    ResourceDescriptor, ResourceHandler, ToolHandler,
};
pub use icon::{Icon, IconTheme};
pub use limits::{ReadLimits, read_json_with, read_value_with};
pub use meta::Meta;
pub use prompt::{GetPromptResult, Prompt, PromptArgument, PromptMessage};
pub use resource::{CacheScope, ReadResourceResult, Resource, ResourceTemplate};
pub use result::RESULT_TYPE_COMPLETE;
pub use router::{Router, RouterBuilder, RouterError, ServerInfo};
pub use rules::{ProtocolVersion, UriTemplate};
pub use tool::{CallToolResult, Tool, ToolAnnotations, wrap_output_schema};
pub use validate::{Problem, Validate, ValidationError};
pub use validated::{MetaKey, MimeType, Priority, Timestamp, ToolName, Uri};
pub use version::{ForVersion, SerializeFor};

pub use content_traits::{
    FromBinary, FromContent, IntoBinary, IntoCallToolResult, IntoContent, StructuredOutput,
    output_schema_for,
};
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
#[cfg(feature = "derive")]
#[doc = include_str!("derive_content.md")]
pub use mcp_content_macros::Content;

// Handler glue for `#[tool]`, `#[prompt]`, `#[resource]` and `router!`.
#[doc(hidden)]
pub mod handler_support;
mod prompt_result;
mod resource_result;
mod tool_result;
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
pub use prompt_result::IntoGetPromptResult;
pub use resource_result::IntoReadResourceResult;
