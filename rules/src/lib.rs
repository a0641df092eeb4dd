//! The validation rules of Model Context Protocol (MCP) content, in one place.
//!
//! `mcp-content` checks values against these at run time and `mcp-content-macros` checks
//! attribute literals against them at compile time, so a rule is written once. Each check
//! returns a [`Violation`] naming the [`Rule`] broken and the offending value.
//!
//! | thing | check |
//! |---|---|
//! | `data` / `blob` | [`check_base64`] |
//! | `mimeType` | [`check_mime_type`], [`check_mime_kind`] |
//! | `uri` | [`check_absolute_uri`]; templates: [`UriTemplate`], [`is_path_traversal`] |
//! | `annotations` | [`check_priority`], [`check_audience`], [`check_timestamp`] |
//! | `_meta` keys | [`check_meta_key`], [`check_user_meta_key`], [`reserved_meta_prefix`] |
//! | tool name | [`check_tool_name`] |
//! | icons | [`check_icon_src`], [`check_icon_theme`] |
//! | protocol version | [`ProtocolVersion`] |
//!
//! ```
//! use mcp_content_rules::{check_mime_kind, MediaKind};
//!
//! let err = check_mime_kind("text/plain", MediaKind::Image).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "an image block needs an image/* MIME type, got \"text/plain\" (rule: mime-kind)"
//! );
//! ```

mod annotations;
mod base64;
mod icon;
mod meta;
mod mime;
mod template;
mod tool;
mod traversal;
mod uri;
mod version;
mod violation;

pub use annotations::{check_audience, check_priority, check_timestamp};
pub use base64::check_base64;
pub use icon::{check_icon_src, check_icon_theme};
pub use meta::{check_meta_key, check_user_meta_key, reserved_meta_prefix};
pub use mime::{MediaKind, check_mime_kind, check_mime_type};
pub use template::{TemplateValue, UriTemplate};
pub use tool::check_tool_name;
pub use traversal::{is_path_traversal, is_path_traversal_multi_segment};
pub use uri::check_absolute_uri;
pub use version::ProtocolVersion;
pub use violation::{Rule, Violation};
