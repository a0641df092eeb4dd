//! Conversions between this crate's model and `rmcp::model`, both ways.
//!
//! Conversions are defined by the protocol's JSON, which both models write and read: a value
//! crosses as rmcp would read the JSON we write. Results whose every part rmcp's types hold
//! as they are (tool, prompt and read results, with text, image, audio, resource-link and
//! embedded-resource blocks, no unknown fields, free-form JSON a `Value` keeps) cross field
//! by field, their strings and base64 moved; every other value goes through the JSON itself
//! and is checked there. The two routes give the same rmcp values (tested per version). What
//! crosses, and what cannot:
//!
//! | data | `to_rmcp` (ours → rmcp) | `from_rmcp` (rmcp → ours) |
//! |---|---|---|
//! | `_meta` (results, blocks, resource contents, descriptors) | kept | kept |
//! | annotations, icons, tool annotations, prompt arguments | kept | kept |
//! | `annotations.priority` | kept when the `f32` rmcp holds is exact (`0.1`, `0.8`, `1/1024`); else an error | the shortest decimal that round-trips rmcp's `f32` (`0.8` stays `0.8`) |
//! | `resultType` of `GetPromptResult`, `ReadResourceResult` | kept (rmcp's `ResultType` is an open string) | kept |
//! | `resultType` of `CallToolResult` other than `"complete"` | error: rmcp's `CallToolResult` holds only `"complete"` | — |
//! | unknown fields (`extra`) of any type, at any depth | error: no rmcp type has a place for them (none flattens unknown fields) | — (rmcp values have none) |
//! | an `extra` key that names one of its owner's own fields (`TextContent.extra["type"]`) | error: our writers never write it, so it would vanish on the way | — |
//! | an unknown block (`ContentBlock::Unknown`) | error: rmcp's `ContentBlock` is closed | — |
//! | a number in `_meta`, structured content, schemas whose value an `f64` or a 64-bit integer cannot hold (`123456789012345678901234567890`, `0.30000000000000001`) | error: rmcp holds them in `serde_json::Value`, which would round them | — |
//! | a `size` or `ttlMs` no `u64` holds (`-1`, `18446744073709551616`: the schemas allow any integer) | error naming its path (`content[0].size`): rmcp holds them as `u64` | kept |
//! | a number's spelling (`1E2`, `1.0`) and the order of keys in free-form JSON | not kept: rmcp's `serde_json::Value` holds the number (`100.0`) and sorts keys | kept as rmcp writes them |
//!
//! Nothing is dropped silently: where rmcp's types cannot hold a value, `to_rmcp` fails with
//! a [`ConvertError`] whose [`path`](ConvertError::path) names it (`content[1].type`,
//! `content[0].x-trace`) and whose message says why. The check compares the JSON we write
//! with the JSON the rmcp value writes back, so any field rmcp would drop is found, whatever
//! its depth.
//!
//! `from_rmcp` checks every rule of the model (an rmcp value can hold an `image` block with
//! a `text/plain` MIME type, a priority of 7 or a relative URI), but not the limits put on
//! untrusted input ([`ReadLimits`](crate::ReadLimits)): an rmcp value is built in this
//! process, so a 20 MiB image or structured content nested 100 levels deep converts. The
//! JSON parser's 128 levels still hold (as for [`ReadLimits::unlimited`](crate::ReadLimits::unlimited)):
//! a value nested deeper is refused with its path and rule `limit`, never cut short (no
//! `serde_json::Value` this crate makes of it, nor rmcp reading it from the wire, goes deeper).
//! Both ways, the depth is found before anything recurses over the value (`serde_json`'s
//! serializers have no limit of their own): a `Value` nested 100,000 levels deep in an rmcp
//! value, or JSON text as deep in one of ours (a `RawJson` made from a `RawValue`), is refused
//! with the path of its first value past 128 levels, never a stack overflow.

use std::fmt;

use ::rmcp::ErrorData;
use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::depth;
use crate::model::validate::Validate;
use crate::rules::{ProtocolVersion, Rule};
use crate::wire::error::{cut_path, cut_quoted, join_key, join_path};
use crate::wire::version::SerializeFor;

mod json;
mod typed;

pub(super) use self::json::to_rmcp_text;
use self::json::*;

/// A conversion between the two models failed: the JSON path of the value that cannot
/// cross, and why.
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::{CallToolResult, ExtraFields};
/// let mut result = CallToolResult::text("hi");
/// result.insert_extra("x-trace", "abc").unwrap();
/// let err = result.to_rmcp().unwrap_err();
/// assert_eq!(err.path(), "x-trace");
/// assert_eq!(
///     err.to_string(),
///     "rmcp conversion: x-trace: rmcp's model has no place for this unknown field; \
///      converting would drop it"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    path: String,
    message: String,
}

impl ConvertError {
    /// As the reader's errors: every key on the path and every quoted value in the message
    /// cut to 80 characters (an unknown field's name can be a megabyte long).
    fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        let path = path.into();
        Self {
            path: if path.is_empty() {
                ".".to_owned()
            } else {
                cut_path(path)
            },
            message: cut_quoted(&message.into()),
        }
    }

    /// This error with `prefix` put in front of its path.
    fn within(self, prefix: &str) -> Self {
        Self::new(join_path(prefix, &self.path), self.message)
    }

    /// The JSON path of the value that cannot cross (`.` for the whole value).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Why, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rmcp conversion: {}: {}", self.path, self.message)
    }
}

impl std::error::Error for ConvertError {}

/// Conversions of this crate's model values into `rmcp::model` values and back (see the
/// module docs for what crosses).
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::CallToolResult;
/// let ours = CallToolResult::text("hi");
/// let theirs: rmcp::model::CallToolResult = ours.to_rmcp().unwrap();
/// // rmcp always writes `resultType`; everything else comes back as it went.
/// let mut expected = ours.clone();
/// expected.result_type = Some("complete".into());
/// assert_eq!(CallToolResult::from_rmcp(&theirs).unwrap(), expected);
/// ```
pub trait RmcpModel: Sized {
    /// The `rmcp::model` type.
    type Rmcp: Serialize + DeserializeOwned;
    /// This value as an `rmcp` value, written for `version`; an error naming the path of
    /// anything rmcp cannot hold.
    fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<Self::Rmcp, ConvertError>;
    /// [`RmcpModel::to_rmcp_for`] by value: what can move into the `rmcp` value (texts,
    /// base64) moves instead of being copied.
    fn into_rmcp_for(self, version: ProtocolVersion) -> Result<Self::Rmcp, ConvertError> {
        self.to_rmcp_for(version)
    }
    /// This value as an `rmcp` value (latest protocol version).
    fn to_rmcp(&self) -> Result<Self::Rmcp, ConvertError> {
        self.to_rmcp_for(ProtocolVersion::LATEST)
    }
    /// An `rmcp` value as this crate's, with every rule checked (and no untrusted-input
    /// limit: the value was built in this process).
    fn from_rmcp(value: &Self::Rmcp) -> Result<Self, ConvertError>;
}

macro_rules! rmcp_model {
    (versioned: $($ours:ty => $theirs:ty $(, $complete_only:literal)?);* $(;)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<$theirs, ConvertError> {
                refuse_shadowing_extra(self)?;
                to_rmcp_text(&self.to_json_for(version), false $(|| $complete_only)?)
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value, false)
            }
        }
    )*};
    (plain: $($ours:ty => $theirs:ty, $root_is_annotations:literal $(, $check:ident)?);* $(;)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, _: ProtocolVersion) -> Result<$theirs, ConvertError> {
                $($check(self)?;)?
                let json = serde_json::to_vec(self)
                    .map_err(|e| ConvertError::new(".", e.to_string()))?;
                to_rmcp_text(&json, false)
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value, $root_is_annotations)
            }
        }
    )*};
}

rmcp_model!(versioned:
    crate::ContentBlock => rm::ContentBlock;
    crate::Tool => rm::Tool;
    crate::Prompt => rm::Prompt;
    crate::PromptMessage => rm::PromptMessage;
    crate::Resource => rm::Resource;
    crate::ResourceTemplate => rm::ResourceTemplate;
);

rmcp_model!(plain:
    crate::ResourceContents => rm::ResourceContents, false, refuse_shadowing_extra;
    crate::Annotations => rm::Annotations, true, refuse_shadowing_extra;
    crate::ToolAnnotations => rm::ToolAnnotations, false, refuse_shadowing_extra;
    crate::PromptArgument => rm::PromptArgument, false, refuse_shadowing_extra;
    crate::Icon => rm::Icon, false, refuse_shadowing_extra;
    crate::Role => rm::Role, false;
);

/// The results with a typed crossing: a result of the shapes `$crosses` names goes field by
/// field (`$typed`: texts and base64 moved, no `Value` in between); any other takes the checked
/// JSON route (`to_rmcp_text`; `$result_type` says whether rmcp's type carries `resultType`).
/// `IntoCallToolResult` impl calls).
/// A derived type's result as `rmcp` takes it from a tool (what the derive's `rmcp`
#[doc(hidden)]
pub fn __into_rmcp_response<T: crate::IntoCallToolResult>(
    value: T,
) -> Result<rm::CallToolResponse, ErrorData> {
    let result = value.into_call_tool_result();
    let result = result
        .into_rmcp_for(ProtocolVersion::LATEST)
        .map_err(|e| convert_error(&e))?;
    Ok(result.into())
}

pub(crate) fn convert_error(error: &ConvertError) -> ErrorData {
    ErrorData::internal_error(error.to_string(), None)
}

#[cfg(test)]
mod tests;
