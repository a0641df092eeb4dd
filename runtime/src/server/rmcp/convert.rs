//! Conversions between this crate's model and `rmcp::model`, both ways.
//!
//! Conversions go through the protocol's JSON, which both models write and read exactly:
//! `_meta` in all three places, annotations and icons survive both ways.

use std::fmt;

use ::rmcp::ErrorData;
use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::ProtocolVersion;
use crate::wire::version::SerializeFor;

/// A conversion between the two models failed: the other side rejected the JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError(String);

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rmcp conversion: {}", self.0)
    }
}

impl std::error::Error for ConvertError {}

pub(crate) fn to_rmcp<T: DeserializeOwned>(value: Value) -> Result<T, ConvertError> {
    serde_json::from_value(value).map_err(|e| ConvertError(e.to_string()))
}

pub(crate) fn from_rmcp<T: DeserializeOwned>(value: &impl Serialize) -> Result<T, ConvertError> {
    let json = serde_json::to_value(value).map_err(|e| ConvertError(e.to_string()))?;
    crate::read_value(json).map_err(|e| ConvertError(e.to_string()))
}

/// Conversions of this crate's model values into `rmcp::model` values and back.
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
    /// This value as an `rmcp` value, written for `version`.
    fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<Self::Rmcp, ConvertError>;
    /// This value as an `rmcp` value (latest protocol version).
    fn to_rmcp(&self) -> Result<Self::Rmcp, ConvertError> {
        self.to_rmcp_for(ProtocolVersion::LATEST)
    }
    /// An `rmcp` value as this crate's, validated.
    fn from_rmcp(value: &Self::Rmcp) -> Result<Self, ConvertError>;
}

macro_rules! rmcp_model {
    (versioned: $($ours:ty => $theirs:ty),* $(,)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<$theirs, ConvertError> {
                to_rmcp(self.to_value_for(version))
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value)
            }
        }
    )*};
    (plain: $($ours:ty => $theirs:ty),* $(,)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, _: ProtocolVersion) -> Result<$theirs, ConvertError> {
                to_rmcp(serde_json::to_value(self).map_err(|e| ConvertError(e.to_string()))?)
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value)
            }
        }
    )*};
}

rmcp_model!(versioned:
    crate::ContentBlock => rm::ContentBlock,
    crate::CallToolResult => rm::CallToolResult,
    crate::Tool => rm::Tool,
    crate::Prompt => rm::Prompt,
    crate::PromptMessage => rm::PromptMessage,
    crate::GetPromptResult => rm::GetPromptResult,
    crate::Resource => rm::Resource,
    crate::ResourceTemplate => rm::ResourceTemplate,
    crate::ReadResourceResult => rm::ReadResourceResult,
);

rmcp_model!(plain:
    crate::ResourceContents => rm::ResourceContents,
    crate::Annotations => rm::Annotations,
    crate::ToolAnnotations => rm::ToolAnnotations,
    crate::PromptArgument => rm::PromptArgument,
    crate::Icon => rm::Icon,
    crate::Role => rm::Role,
);

/// A derived type's result as `rmcp` takes it from a tool (what the derive's `rmcp`
/// `IntoCallToolResult` impl calls).
#[doc(hidden)]
pub fn __into_rmcp_response<T: crate::IntoCallToolResult>(
    value: T,
) -> Result<rm::CallToolResponse, ErrorData> {
    let result = value.into_call_tool_result();
    let result: rm::CallToolResult = result.to_rmcp().map_err(|e| convert_error(&e))?;
    Ok(result.into())
}

pub(crate) fn convert_error(error: &ConvertError) -> ErrorData {
    ErrorData::internal_error(error.to_string(), None)
}
