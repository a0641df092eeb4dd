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
//!   default [`ReadLimits`](crate::wire::ReadLimits) like structured content from a peer; it has no
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
//! Nothing the model keeps as text changes on the way. A part's and a message's `metadata`
//! and a custom part's object are [`JsonObject`]s, a data part's value is a [`RawJson`], and
//! what goes into `metadata.mcp` is the model's own text: `_meta` and unknown fields as the
//! model holds them, annotations and icons as its JSON writer writes them. Read back, each
//! is read from its text as [`read_json_with`](crate::wire::read_json_with) reads a document,
//! within the limits given. So MCP → parts → MCP gives back the bytes
//! [`to_json_for`](crate::SerializeFor::to_json_for) wrote, for every protocol version:
//! numbers past 64 bits and their spelling (`1E2`, `-0`, `1.50`), key order, the spelling
//! of member names (`"\u0041"`) and a link's `size` past 64 bits are kept, in process and
//! through the parts' JSON text (`serde_json::to_string` / `from_str`):
//!
//! ```
//! use mcp_content::{CallToolResult, ProtocolVersion, SerializeFor, read_json};
//! use mcp_content::convert::message_parts::Message;
//!
//! let document = r#"{"content":[{"type":"x-chart","z":1E2,"a":-0}],"structuredContent":{"n":123456789012345678901234567890},"_meta":{"com.example/b":1.50,"com.example/a":1}}"#;
//! let result: CallToolResult = read_json(document.as_bytes()).unwrap();
//! let text = serde_json::to_string(&Message::from_call_tool_result(&result)).unwrap();
//! let message: Message = serde_json::from_str(&text).unwrap();
//! let back = message.into_call_tool_result().unwrap();
//! for version in ProtocolVersion::ALL {
//!     assert_eq!(back.to_json_for(version), result.to_json_for(version));
//! }
//! ```
//!
//! What is not kept:
//! - what a `serde_json::Value` changes, when a message or part goes through one
//!   (`serde_json::to_value` / `from_value`): numbers past 64 bits, number spellings (`1E2`
//!   becomes `100.0`) and key order (sorted), as for every model value;
//! - whitespace between tokens: the text kept is compact, as the model's is;
//! - the spelling of the member names of a `metadata` object itself (`mcp`, and the keys
//!   other frameworks put beside it) written with serde: a [`JsonObject`]'s `Serialize`
//!   writes the decoded names (`"\u0041"` as `"A"`). What is under `mcp` keeps its text;
//! - members of a part object other than its content key and `metadata` (Genkit's own
//!   fields): they are not read.
//!
//! Errors name the JSON path inside the message (`content[1].media.url`) and the rule.

use std::borrow::Cow;
use std::str::FromStr;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::model::annotations::Role;
use crate::model::json::{JsonObject, RawJson};
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
/// use mcp_content::model::Role;
/// use mcp_content::convert::message_parts::MessageRole;
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
    /// assert_eq!(mcp_content::convert::message_parts::MessageRole::Tool.as_str(), "tool");
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
/// use mcp_content::ContentBlock;
/// use mcp_content::model::{PromptMessage, Role};
/// use mcp_content::convert::message_parts::Message;
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
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
}

/// One part of a message. Serialized as Genkit's part objects, told apart by their one
/// content key (`text`, `media`, `resource`, `data`, `custom`).
///
/// ```
/// use mcp_content::convert::message_parts::Part;
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
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
}

/// `{"media": {"url": …, "contentType": …}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MediaPart {
    /// The media.
    pub media: Media,
    /// Metadata; [`MCP_METADATA_KEY`] holds MCP fields that have no part.
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
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
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
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
    pub size: Option<crate::model::integer::JsonInteger>,
    /// Its text (embedded text resources; absent for links).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// `{"data": …}`.
///
/// The data is JSON kept as text, as the model keeps `structuredContent`: numbers of any
/// size and spelling, key order and escapes are relayed as read.
///
/// ```
/// use mcp_content::convert::{message_parts::DataPart, message_parts::Part};
///
/// let text = r#"{"data":{"b":1E2,"a":123456789012345678901234567890,"c":-0}}"#;
/// let part: Part = serde_json::from_str(text).unwrap();
/// assert_eq!(serde_json::to_string(&part).unwrap(), text);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataPart {
    /// The data.
    pub data: RawJson,
    /// Metadata.
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
}

/// `{"custom": {…}}`.
///
/// The object is kept as text, as the model keeps an unknown block: its members in the
/// order read, numbers of any size and spelling, and (read or written with `serde_json`)
/// the spelling of its member names (`"\u0041"` stays so).
///
/// ```
/// use mcp_content::convert::message_parts::Part;
///
/// let text = r#"{"custom":{"type":"x-chart","z":1E2,"\u0041":[-0,1.50]}}"#;
/// let part: Part = serde_json::from_str(text).unwrap();
/// assert_eq!(serde_json::to_string(&part).unwrap(), text);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CustomPart {
    /// The object (for an MCP block of an unknown type: the whole block, `type` included).
    #[serde(
        serialize_with = "object_as_text",
        deserialize_with = "object_from_text"
    )]
    pub custom: JsonObject,
    /// Metadata.
    #[serde(default, skip_serializing_if = "JsonObject::is_empty")]
    pub metadata: JsonObject,
}

const PART_KINDS: [&str; 5] = ["text", "media", "resource", "data", "custom"];
/// Genkit part kinds that have no MCP content, named in the error.
const OTHER_PART_KINDS: [&str; 3] = ["toolRequest", "toolResponse", "reasoning"];

impl<'de> Deserialize<'de> for Part {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Told apart by key, not by trying each shape in turn (serde's `untagged`), so the
        // error says which part kind was wrong and why.
        // Buffered as text, not as a `Value`: a link's `size` past 64 bits, the numbers and
        // key order of `data`, `custom` and `metadata` are read from the text as it came.
        let object = JsonObject::deserialize(deserializer)?;
        let keys: Vec<String> = object.keys().map(Cow::into_owned).collect();
        let has = |key: &str| keys.iter().any(|k| k == key);
        let kinds: Vec<&str> = PART_KINDS.into_iter().filter(|k| has(k)).collect();
        let kind = match kinds.as_slice() {
            [kind] => *kind,
            [] => {
                return Err(match OTHER_PART_KINDS.iter().find(|k| has(k)) {
                    Some(other) => de::Error::custom(format_args!(
                        "a `{other}` part has no MCP content (supported: text, media, resource, data, custom)"
                    )),
                    None => de::Error::custom(
                        "a part needs one of `text`, `media`, `resource`, `data`, `custom`",
                    ),
                });
            }
            several => {
                return Err(de::Error::custom(format_args!(
                    "a part has exactly one of `text`, `media`, `resource`, `data`, `custom`; found {several:?}"
                )));
            }
        };
        let text = object.as_str();
        let part = match kind {
            "text" => serde_json::from_str(text).map(Part::Text),
            "media" => serde_json::from_str(text).map(Part::Media),
            "resource" => serde_json::from_str(text).map(Part::Resource),
            "data" => serde_json::from_str(text).map(Part::Data),
            _ => serde_json::from_str(text).map(Part::Custom),
        };
        // serde quotes whole values (a megabyte string): cut as the reader's errors are. The
        // position is in the buffered text, not the input: left out.
        part.map_err(|e| {
            let message = e.to_string();
            let position = format!(" at line {} column {}", e.line(), e.column());
            let message = message.strip_suffix(&position).unwrap_or(&message);
            de::Error::custom(format_args!(
                "in a `{kind}` part: {}",
                crate::wire::error::cut_quoted(message)
            ))
        })
    }
}

impl Part {
    /// A text part.
    ///
    /// ```
    /// let part = mcp_content::convert::message_parts::Part::text("hi");
    /// assert_eq!(serde_json::to_string(&part).unwrap(), r#"{"text":"hi"}"#);
    /// ```
    pub fn text(text: impl Into<String>) -> Self {
        Part::Text(TextPart {
            text: text.into(),
            metadata: JsonObject::new(),
        })
    }

    /// The part's metadata.
    ///
    /// ```
    /// assert!(mcp_content::convert::message_parts::Part::text("hi").metadata().is_empty());
    /// ```
    pub fn metadata(&self) -> &JsonObject {
        match self {
            Part::Text(p) => &p.metadata,
            Part::Media(p) => &p.metadata,
            Part::Resource(p) => &p.metadata,
            Part::Data(p) => &p.metadata,
            Part::Custom(p) => &p.metadata,
        }
    }
}

/// Writes `object` as its text, member names spelled as held (a `JsonObject`'s own
/// `Serialize` writes the decoded names).
fn object_as_text<S: Serializer>(object: &JsonObject, serializer: S) -> Result<S::Ok, S::Error> {
    let raw =
        RawValue::from_string(object.as_str().to_owned()).map_err(serde::ser::Error::custom)?;
    raw.serialize(serializer)
}

/// Reads an object as its text, member names spelled as received.
fn object_from_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<JsonObject, D::Error> {
    let raw = Box::<RawValue>::deserialize(deserializer)?;
    JsonObject::parse(raw.get()).map_err(de::Error::custom)
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
        let role = Cow::<'de, str>::deserialize(deserializer)?;
        role.parse().map_err(de::Error::custom)
    }
}
