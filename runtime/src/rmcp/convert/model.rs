//! [`RmcpModel`]: each model type and its `rmcp::model` twin, both ways.

use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ConvertError;
use super::json::{from_rmcp, refuse_shadowing_extra, to_rmcp_text};
use crate::rules::ProtocolVersion;
use crate::wire::version::SerializeFor;

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
    crate::model::tool::Tool => rm::Tool;
    crate::model::prompt::Prompt => rm::Prompt;
    crate::model::prompt::PromptMessage => rm::PromptMessage;
    crate::model::resource::Resource => rm::Resource;
    crate::model::resource::ResourceTemplate => rm::ResourceTemplate;
);

rmcp_model!(plain:
    crate::model::content::ResourceContents => rm::ResourceContents, false, refuse_shadowing_extra;
    crate::model::annotations::Annotations => rm::Annotations, true, refuse_shadowing_extra;
    crate::model::tool::ToolAnnotations => rm::ToolAnnotations, false, refuse_shadowing_extra;
    crate::model::prompt::PromptArgument => rm::PromptArgument, false, refuse_shadowing_extra;
    crate::model::icon::Icon => rm::Icon, false, refuse_shadowing_extra;
    crate::model::annotations::Role => rm::Role, false;
);
