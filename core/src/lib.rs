//! Validated Model Context Protocol (MCP) content from annotated Rust types, and back.
//!
//! The root holds what a server or client writes every day: the macros, the [`Router`], the
//! [`Context`] a handler takes, [`ContentBlock`] and [`CallToolResult`], [`read_json`], and
//! the traits a type implements to become content or be read back from it. The rest lives
//! in a module named for its concern: the protocol's data in [`model`] (serde-exact for MCP
//! 2026-07-28, and written for 2025-06-18 and 2025-11-25 peers too: [`SerializeFor`]);
//! reading with limits and writing per version in [`wire`]; the rules of the protocol in
//! [`rules`], shared with the macros (a value of a validated type — [`model::MimeType`],
//! [`model::Uri`], [`model::Priority`], … — has passed its rule, and reading untrusted JSON
//! reports the JSON path and the rule of the first problem); serving in [`handler`],
//! [`input`], [`tasks`], [`payload`], [`changes`] and [`apps`]; transports in `http`,
//! `stdio` and `rmcp` (features); the stores on Redis in `redis` (feature); gateway
//! conversions in [`convert`].

// The hidden modules' docs (not API) link to their private neighbours.
#![allow(rustdoc::private_intra_doc_links)]

pub use mcp_content_rules as rules;

// `content_traits`, `server`, `transport` and `derive` are public, hidden, for the crate
// `mcp-content`'s `rmcp` bridge (a crate of its own so that this one compiles beside rmcp);
// their items are not API.
#[doc(hidden)]
pub mod content_traits;
pub mod convert;
pub mod model;
#[doc(hidden)]
pub mod server;
#[cfg(any(feature = "__rmcp", feature = "http", feature = "stdio"))]
#[doc(hidden)]
pub mod transport;
pub mod wire;

pub use content_traits::{
    FromBinary, FromContent, IntoBinary, IntoCallToolResult, IntoContent, StructuredOutput,
    WriteError, WriteFailure, output_schema_for,
};
pub use model::content::ContentBlock;
pub use model::tool::CallToolResult;
pub use model::validate::Validate;
pub use rules::ProtocolVersion;
pub use server::handler::Context;
pub use server::prompt_result::IntoGetPromptResult;
pub use server::resource_result::IntoReadResourceResult;
pub use server::router::{Router, RouterBuilder};
pub use wire::error::ReadError;
pub use wire::read::read_json;
pub use wire::version::SerializeFor;

/// The traits behind `#[tool]`, `#[prompt]` and `#[resource]` (a handler written by hand
/// implements one), what a transport offers a handler to talk back to the client, the
/// errors a handler or the router's build ends with, and the server's name and version.
pub mod handler {
    pub use crate::server::handler::{
        BoxFuture, ClientPeer, CompletionHandler, LogLevel, PromptHandler, ProtocolError,
        ResourceDescriptor, ResourceHandler, ToolHandler,
    };
    pub use crate::server::router::{RouterError, ServerInfo};
}

/// MCP Apps (`io.modelcontextprotocol/ui`): the `_meta.ui` of a UI resource and of a tool,
/// the extension's keys and MIME type, and the handlers that serve a UI resource and a tool
/// that renders in one.
pub mod apps {
    pub use crate::model::app::{
        APP_MIME_TYPE, LEGACY_RESOURCE_URI_KEY, UI_EXTENSION, UI_META_KEY, UiCsp, UiPermissions,
        UiResourceMeta, UiToolMeta, UiVisibility,
    };
    pub use crate::server::app::{AppResource, AppTool};
}

/// Payload budgets: a binary block larger than a tool's budget goes out as a `resource_link`
/// to a short-lived resource the router serves, kept in a [`PayloadStore`](payload::PayloadStore).
///
/// A link's id (`mcp-payload://blob/<id>`) is 128 bits from the OS's CSPRNG. With
/// authorization a link belongs to the principal whose call produced it
/// ([`StoredPayload::principal`](payload::StoredPayload::principal)): another principal
/// reading it gets the answer to an unknown resource, as for an expired link. Without
/// authorization the id is the only protection of the bytes behind it: whoever reads the link
/// gets them, whatever client the tool answered, so treat a link as a bearer secret, as the
/// result it came in.
pub mod payload {
    pub use crate::server::payload::{
        DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_PAYLOADS, MemoryPayloadStore, PAYLOAD_META_KEY,
        PAYLOAD_URI_PREFIX, PayloadStore, StoredPayload,
    };
}

/// The router's change feed: a handler announces that a resource or a list changed, and every
/// open subscription that asked for it is told.
pub mod changes {
    pub use crate::server::changes::{
        Change, ChangeBus, ChangeFeed, ChangeListener, FeedSubscription, ListKind,
    };
}

/// Who is calling: the verified [`Principal`](auth::Principal) a handler reads from its
/// [`Context`], the [`TokenVerifier`](auth::TokenVerifier) seam, and (feature `auth`) the
/// OAuth 2.1 resource server: built-in verifiers, RFC 9728 metadata, the bearer-token layer.
pub mod auth {
    #[cfg(feature = "auth")]
    #[allow(
        unused_imports,
        unreachable_pub,
        reason = "filled by the verifiers and the HTTP front"
    )]
    pub use crate::oauth::*;
    pub use crate::server::auth::*;
    pub use crate::server::router::scopes::INSUFFICIENT_SCOPE;
}
#[cfg(feature = "files")]
pub mod files;
#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "auth")]
mod oauth;
pub use server::input;
#[cfg(feature = "redis")]
pub mod redis;
#[cfg(feature = "stdio")]
pub mod stdio;
pub use server::store;
pub use server::tasks;

/// The `schemars` input schemas are made with (a tool parameter's type implements its
/// `JsonSchema`): `#[derive(mcp_content::schemars::JsonSchema)]` needs no version match.
pub use schemars;
/// The `serde_json` the model is built on ([`model::JsonObject`] wraps its `Map`).
pub use serde_json;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private_0_1;
#[doc(hidden)]
pub mod derive;
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
#[doc(hidden)]
pub use server::glue::{DeclaredParameter, ToolParameter};
#[doc(hidden)]
pub use server::text_params::{FromPromptArgument, FromTemplateVariable};
