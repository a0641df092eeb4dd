//! LLM message parts: MCP prompt messages and tool results as the messages agent frameworks
//! hand to a model, in Genkit's shape, and back.
//!
//! Genkit's MCP plugin (`fromMcpPromptMessage` / `fromMcpPart`) maps text and images and
//! drops the rest. Here every block becomes a part and everything a block carries is kept, so
//! a message converts back to the same MCP value:
//!
//! | MCP | part |
//! |---|---|
//! | text | `{"text": …}` |
//! | image, audio | `{"media": {"url": "data:<mime>;base64,…", "contentType": <mime>}}` |
//! | embedded text resource | `{"resource": {"uri", "mimeType"?, "text"}}` |
//! | embedded blob resource | `{"media": {"url": "data:…", "contentType"?}}` + `metadata.mcp.resource.uri` |
//! | resource link | `{"resource": {"uri", "name", "title"?, "description"?, "mimeType"?, "size"?}}` |
//! | `structuredContent` of a tool result | `{"data": …}` (after the blocks' parts) |
//! | block of an unknown type (fallback) | `{"custom": <the whole block object>}` |
//!
//! Roles: `user` → `user`, `assistant` → `model`; a tool result becomes a message of role
//! `tool` (Genkit's role for tool output). What a part has no field for — annotations, a
//! block's `_meta`, the `_meta` of resource contents, icons, unknown fields, `isError`, the
//! result's `_meta` — travels in the part's (or message's) `metadata` under the key
//! [`MCP_METADATA_KEY`] (`"mcp"`), written only when there is something to carry:
//!
//! ```json
//! {"text": "hi", "metadata": {"mcp": {"annotations": {"priority": 0.0}, "_meta": {"com.example/k": 1}}}}
//! ```
//!
//! Converting back:
//! - text, media (`data:` URL of an `image/*` or `audio/*` type), resource and custom parts
//!   give blocks; a media part marked with `metadata.mcp.resource` gives an embedded blob;
//! - a data part becomes a tool result's `structuredContent` (at most one), read within the
//!   default [`ReadLimits`] like structured content from a peer; it has no
//!   block, so a prompt message with one is an error;
//! - fallbacks for parts written by other frameworks: a resource part without `name` is a link
//!   named by its URI; a media part with a URL that is not `data:` is a resource link to that
//!   URL; a `data:` media part of another type without the resource mark is an error (an
//!   embedded resource needs a URI, and none is known);
//! - part metadata other than `mcp` has no MCP field and is not carried back;
//! - nothing MCP-shaped is dropped silently: a member of `metadata.mcp` the block has no
//!   place for (`icons` beside a text part, `resource` beside a link, a key this crate never
//!   writes there), an `extra` key that names one of the block's own fields, a link's
//!   `name`, `title`, `description` or `size` beside `text`, a `contentType` of another type
//!   than the `data:` URL names, and a `metadata.mcp.resource.uri` other than the resource
//!   part's `uri` are refused with their path.
//!

use std::str::FromStr;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::model::annotations::Role;
use crate::rules::{Rule, Violation};

mod metadata;
mod read;
mod write;

pub use metadata::MCP_METADATA_KEY;
pub use read::{part_to_block, part_to_block_with};
pub use write::{block_to_part, blocks_to_parts};

/// Who a message is from, in Genkit's terms.
///
/// ```
/// use mcp_content::Role;
/// use mcp_content::convert::MessageRole;
///
/// assert_eq!(MessageRole::from(Role::Assistant), MessageRole::Model);
/// assert_eq!(serde_json::to_string(&MessageRole::Model).unwrap(), r#""model""#);
/// assert!(Role::try_from(MessageRole::System).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageRole {
    /// The human side (MCP `user`).
    User,
    /// The model side (MCP `assistant`).
    Model,
    /// Tool output (an MCP tool result).
    Tool,
    /// System instructions (no MCP counterpart).
    System,
}

impl From<Role> for MessageRole {
    fn from(role: Role) -> Self {
        match role {
            Role::User => MessageRole::User,
            Role::Assistant => MessageRole::Model,
        }
    }
}

impl TryFrom<MessageRole> for Role {
    type Error = Violation;

    fn try_from(role: MessageRole) -> Result<Self, Violation> {
        match role {
            MessageRole::User => Ok(Role::User),
            MessageRole::Model => Ok(Role::Assistant),
            MessageRole::Tool | MessageRole::System => Err(Violation::new(
                Rule::Audience,
                format!(
                    "a message of role {:?} has no MCP role: expected \"user\" or \"model\"",
                    role.as_str()
                ),
            )),
        }
    }
}

impl MessageRole {
    /// `"user"`, `"model"`, `"tool"` or `"system"`.
    ///
    /// ```
    /// assert_eq!(mcp_content::convert::MessageRole::Tool.as_str(), "tool");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            MessageRole::User => "user",
            MessageRole::Model => "model",
            MessageRole::Tool => "tool",
            MessageRole::System => "system",
        }
    }
}

/// A message for a model: a role and its parts (Genkit's `MessageData`).
///
/// ```
/// use mcp_content::{ContentBlock, PromptMessage, Role};
/// use mcp_content::convert::Message;
///
/// let prompt = PromptMessage::new(Role::Assistant, ContentBlock::text("Hello"));
/// let message = Message::from_prompt_message(&prompt);
/// assert_eq!(
///     serde_json::to_string(&message).unwrap(),
///     r#"{"role":"model","content":[{"text":"Hello"}]}"#
/// );
/// assert_eq!(message.into_prompt_message().unwrap(), prompt);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// Who it is from.
    pub role: MessageRole,
    /// What it says.
    pub content: Vec<Part>,
    /// Metadata; [`MCP_METADATA_KEY`] holds MCP fields that have no part.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

/// One part of a message. Serialized as Genkit's part objects, told apart by their one
/// content key (`text`, `media`, `resource`, `data`, `custom`).
///
/// ```
/// use mcp_content::convert::Part;
///
/// let part: Part = serde_json::from_str(r#"{"media":{"url":"data:image/png;base64,cG5n","contentType":"image/png"}}"#).unwrap();
/// assert!(matches!(part, Part::Media(_)));
/// assert!(serde_json::from_str::<Part>(r#"{"toolRequest":{"name":"x"}}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Part {
    /// Text.
    Text(TextPart),
    /// Media by URL (a `data:` URL for MCP payloads).
    Media(MediaPart),
    /// A resource: a link, or embedded text.
    Resource(ResourcePart),
    /// Structured data.
    Data(DataPart),
    /// Anything else, as JSON (blocks of unknown types).
    Custom(CustomPart),
}

/// `{"text": …}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TextPart {
    /// The text.
    pub text: String,
    /// Metadata; [`MCP_METADATA_KEY`] holds MCP fields that have no part.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

/// `{"media": {"url": …, "contentType": …}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MediaPart {
    /// The media.
    pub media: Media,
    /// Metadata; [`MCP_METADATA_KEY`] holds MCP fields that have no part.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

/// Media by URL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Media {
    /// Where the media is: a `data:` URL for MCP payloads.
    pub url: String,
    /// Its MIME type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}

/// `{"resource": {"uri": …}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResourcePart {
    /// The resource.
    pub resource: ResourceRef,
    /// Metadata; [`MCP_METADATA_KEY`] holds MCP fields that have no part.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

/// A resource in a part: its URI (Genkit's one field) and what MCP says about it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRef {
    /// The resource's URI.
    pub uri: String,
    /// Its name (resource links).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A display title (resource links).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What it is (resource links).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Its MIME type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Its size in bytes (resource links), any integer the schemas allow, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<crate::JsonInteger>,
    /// Its text (embedded text resources; absent for links).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// `{"data": …}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataPart {
    /// The data.
    pub data: Value,
    /// Metadata.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

/// `{"custom": {…}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomPart {
    /// The object (for an MCP block of an unknown type: the whole block, `type` included).
    pub custom: Map<String, Value>,
    /// Metadata.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub metadata: Map<String, Value>,
}

const PART_KINDS: [&str; 5] = ["text", "media", "resource", "data", "custom"];
/// Genkit part kinds that have no MCP content, named in the error.
const OTHER_PART_KINDS: [&str; 3] = ["toolRequest", "toolResponse", "reasoning"];

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Told apart by key, not by trying each shape in turn (serde's `untagged`), so the
        // error says which part kind was wrong and why.
        let object = Map::<String, Value>::deserialize(deserializer)?;
        let kinds: Vec<&str> = PART_KINDS
            .into_iter()
            .filter(|k| object.contains_key(*k))
            .collect();
        let kind = match kinds.as_slice() {
            [kind] => *kind,
            [] => {
                return Err(
                    match OTHER_PART_KINDS.iter().find(|k| object.contains_key(**k)) {
                        Some(other) => de::Error::custom(format_args!(
                            "a `{other}` part has no MCP content (supported: text, media, resource, data, custom)"
                        )),
                        None => de::Error::custom(
                            "a part needs one of `text`, `media`, `resource`, `data`, `custom`",
                        ),
                    },
                );
            }
            several => {
                return Err(de::Error::custom(format_args!(
                    "a part has exactly one of `text`, `media`, `resource`, `data`, `custom`; found {several:?}"
                )));
            }
        };
        let value = Value::Object(object);
        let part = match kind {
            "text" => serde_json::from_value(value).map(Part::Text),
            "media" => serde_json::from_value(value).map(Part::Media),
            "resource" => serde_json::from_value(value).map(Part::Resource),
            "data" => serde_json::from_value(value).map(Part::Data),
            _ => serde_json::from_value(value).map(Part::Custom),
        };
        // serde quotes whole values (a megabyte string): cut as the reader's errors are.
        part.map_err(|e| {
            de::Error::custom(format_args!(
                "in a `{kind}` part: {}",
                crate::wire::error::cut_quoted(&e.to_string())
            ))
        })
    }
}

impl Part {
    /// A text part.
    ///
    /// ```
    /// let part = mcp_content::convert::Part::text("hi");
    /// assert_eq!(serde_json::to_string(&part).unwrap(), r#"{"text":"hi"}"#);
    /// ```
    pub fn text(text: impl Into<String>) -> Self {
        Part::Text(TextPart {
            text: text.into(),
            metadata: Map::new(),
        })
    }

    /// The part's metadata.
    ///
    /// ```
    /// assert!(mcp_content::convert::Part::text("hi").metadata().is_empty());
    /// ```
    pub fn metadata(&self) -> &Map<String, Value> {
        match self {
            Part::Text(p) => &p.metadata,
            Part::Media(p) => &p.metadata,
            Part::Resource(p) => &p.metadata,
            Part::Data(p) => &p.metadata,
            Part::Custom(p) => &p.metadata,
        }
    }
}

impl FromStr for MessageRole {
    type Err = Violation;

    /// `"user"`, `"model"`, `"tool"` or `"system"`.
    fn from_str(role: &str) -> Result<Self, Violation> {
        match role {
            "user" => Ok(MessageRole::User),
            "model" => Ok(MessageRole::Model),
            "tool" => Ok(MessageRole::Tool),
            "system" => Ok(MessageRole::System),
            other => Err(Violation::new(
                Rule::Audience,
                format!(
                    "unknown message role {:?}; expected \"user\", \"model\", \"tool\" or \"system\"",
                    crate::wire::error::cut(other)
                ),
            )),
        }
    }
}

impl<'de> Deserialize<'de> for MessageRole {
    /// As [`FromStr`]: an unknown role is named cut to 80 characters (serde's own error
    /// would quote it whole).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let role = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        role.parse().map_err(de::Error::custom)
    }
}
