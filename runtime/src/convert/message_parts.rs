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
//! Errors name the JSON path inside the message (`content[1].media.url`) and the rule.

use std::str::FromStr;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::data_url::{BLOB_MIME_TYPE, DataUrl};
use super::part_metadata::{
    BlockFields, InnerFields, McpMetadata, put_non_empty, refuse_shadowing, wrap_mcp,
};
use crate::ReadLimits;
use crate::model::annotations::Role;
use crate::model::content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents,
};
use crate::model::json::RawJson;
use crate::model::meta::Meta;
use crate::model::prompt::{GetPromptResult, PromptMessage};
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;
use crate::wire::read::read_value_with;

pub use super::part_metadata::MCP_METADATA_KEY;

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

// ---------------------------------------------------------------------------------------
// MCP → parts

/// The part of one block (see the [module docs](self) for the mapping). Never fails: a block
/// of an unknown type becomes a custom part holding it whole.
///
/// ```
/// use mcp_content::{ContentBlock, ImageContent, MimeType};
/// use mcp_content::convert::block_to_part;
///
/// let image = ImageContent::new(b"png".to_vec(), MimeType::new("image/png").unwrap()).unwrap();
/// let part = block_to_part(&image.into());
/// assert_eq!(
///     serde_json::to_string(&part).unwrap(),
///     r#"{"media":{"url":"data:image/png;base64,cG5n","contentType":"image/png"}}"#
/// );
/// ```
pub fn block_to_part(block: &ContentBlock) -> Part {
    match block {
        ContentBlock::Text(b) => Part::Text(TextPart {
            text: b.text.clone(),
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra.to_map())
                .into_metadata(),
        }),
        ContentBlock::Image(b) => Part::Media(MediaPart {
            media: Media {
                url: DataUrl::encode(&b.mime_type, &b.data),
                content_type: Some(b.mime_type.to_string()),
            },
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra.to_map())
                .into_metadata(),
        }),
        ContentBlock::Audio(b) => Part::Media(MediaPart {
            media: Media {
                url: DataUrl::encode(&b.mime_type, &b.data),
                content_type: Some(b.mime_type.to_string()),
            },
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra.to_map())
                .into_metadata(),
        }),
        ContentBlock::ResourceLink(b) => {
            let mut fields = BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra.to_map());
            fields.icons.clone_from(&b.icons);
            Part::Resource(ResourcePart {
                resource: ResourceRef {
                    uri: b.uri.to_string(),
                    name: Some(b.name.clone()),
                    title: b.title.clone(),
                    description: b.description.clone(),
                    mime_type: b.mime_type.as_ref().map(ToString::to_string),
                    size: b.size.clone(),
                    text: None,
                },
                metadata: fields.into_metadata(),
            })
        }
        ContentBlock::Resource(b) => {
            let mut fields = BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra.to_map());
            match &b.resource {
                ResourceContents::Text(contents) => {
                    fields.resource =
                        InnerFields::of(None, &contents.meta, &contents.extra.to_map());
                    Part::Resource(ResourcePart {
                        resource: ResourceRef {
                            uri: contents.uri.to_string(),
                            mime_type: contents.mime_type.as_ref().map(ToString::to_string),
                            text: Some(contents.text.clone()),
                            ..ResourceRef::default()
                        },
                        metadata: fields.into_metadata(),
                    })
                }
                ResourceContents::Blob(contents) => {
                    // The URI marks the media part as an embedded resource (and is needed to
                    // rebuild it); a blob without a MIME type keeps `contentType` absent.
                    fields.resource = InnerFields::of(
                        Some(&contents.uri),
                        &contents.meta,
                        &contents.extra.to_map(),
                    );
                    Part::Media(MediaPart {
                        media: Media {
                            url: blob_data_url(contents),
                            content_type: contents.mime_type.as_ref().map(ToString::to_string),
                        },
                        metadata: fields.into_metadata(),
                    })
                }
            }
        }
        ContentBlock::Unknown(b) => Part::Custom(CustomPart {
            custom: b.fields().to_map(),
            metadata: Map::new(),
        }),
    }
}

/// The parts of several blocks, in order, one each ([`block_to_part`]).
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::convert::{blocks_to_parts, Part};
///
/// let parts = blocks_to_parts(&[ContentBlock::text("a"), ContentBlock::text("b")]);
/// assert_eq!(parts, [Part::text("a"), Part::text("b")]);
/// ```
pub fn blocks_to_parts(blocks: &[ContentBlock]) -> Vec<Part> {
    blocks.iter().map(block_to_part).collect()
}

impl Message {
    /// The message of a prompt message: role `user` → `user`, `assistant` → `model`, and the
    /// one part of its block.
    ///
    /// ```
    /// use mcp_content::{ContentBlock, PromptMessage, Role};
    /// use mcp_content::convert::{Message, MessageRole};
    ///
    /// let message = Message::from_prompt_message(&PromptMessage::new(Role::User, "Hi"));
    /// assert_eq!(message.role, MessageRole::User);
    /// assert_eq!(message.content.len(), 1);
    /// ```
    pub fn from_prompt_message(message: &PromptMessage) -> Self {
        let mut mcp = Map::new();
        put_non_empty(&mut mcp, "extra", &message.extra.to_map());
        Self {
            role: message.role.into(),
            content: vec![block_to_part(&message.content)],
            metadata: wrap_mcp(mcp),
        }
    }

    /// The messages of a prompt result, one per prompt message ([`Message::from_prompt_message`]).
    ///
    /// ```
    /// use mcp_content::{GetPromptResult, PromptMessage, Role};
    /// use mcp_content::convert::{Message, MessageRole};
    ///
    /// let result = GetPromptResult::new(vec![
    ///     PromptMessage::new(Role::User, "Hi"),
    ///     PromptMessage::new(Role::Assistant, "Hello"),
    /// ]);
    /// let roles: Vec<_> = Message::from_get_prompt_result(&result).iter().map(|m| m.role).collect();
    /// assert_eq!(roles, [MessageRole::User, MessageRole::Model]);
    /// ```
    pub fn from_get_prompt_result(result: &GetPromptResult) -> Vec<Self> {
        result
            .messages
            .iter()
            .map(Self::from_prompt_message)
            .collect()
    }

    /// The message of a tool result: role `tool`, one part per block, then a data part for
    /// `structuredContent` when there is one. `isError`, the result's `_meta`, `resultType`
    /// and unknown fields go into `metadata.mcp`.
    ///
    /// ```
    /// use mcp_content::CallToolResult;
    /// use mcp_content::convert::Message;
    /// use serde_json::json;
    ///
    /// let mut result = CallToolResult::structured(json!({"t": 22}));
    /// result.is_error = Some(false);
    /// let message = Message::from_call_tool_result(&result);
    /// assert_eq!(
    ///     serde_json::to_value(&message).unwrap(),
    ///     json!({
    ///         "role": "tool",
    ///         "content": [{"text": "{\"t\":22}"}, {"data": {"t": 22}}],
    ///         "metadata": {"mcp": {"isError": false}}
    ///     })
    /// );
    /// assert_eq!(message.into_call_tool_result().unwrap(), result);
    /// ```
    pub fn from_call_tool_result(result: &CallToolResult) -> Self {
        let mut content = blocks_to_parts(&result.content);
        if let Some(structured) = &result.structured_content {
            content.push(Part::Data(DataPart {
                data: structured.to_value(),
                metadata: Map::new(),
            }));
        }
        let mut mcp = Map::new();
        if let Some(is_error) = result.is_error {
            mcp.insert("isError".to_owned(), Value::Bool(is_error));
        }
        put_non_empty(&mut mcp, "_meta", &result.meta.to_map());
        if let Some(result_type) = &result.result_type {
            mcp.insert(
                "resultType".to_owned(),
                Value::String(result_type.to_string()),
            );
        }
        put_non_empty(&mut mcp, "extra", &result.extra.to_map());
        Self {
            role: MessageRole::Tool,
            content,
            metadata: wrap_mcp(mcp),
        }
    }

    /// The prompt message this message is: role `user` or `model` and exactly one part that
    /// has a block. The error names the path (`role`, `content`, `content[0].media.url`) and
    /// the rule.
    ///
    /// ```
    /// use mcp_content::convert::{Message, MessageRole, Part};
    ///
    /// let message = Message { role: MessageRole::System, content: vec![Part::text("x")], metadata: Default::default() };
    /// assert_eq!(message.into_prompt_message().unwrap_err().path(), "role");
    /// ```
    pub fn into_prompt_message(self) -> Result<PromptMessage, ReadError> {
        self.into_prompt_message_with(&ReadLimits::default())
    }

    /// [`into_prompt_message`](Self::into_prompt_message) within `limits` (the default
    /// limits there): a `data:` URL's payload over
    /// [`max_binary_bytes`](ReadLimits::max_binary_bytes), `metadata` or a custom part past
    /// [`max_depth`](ReadLimits::max_depth) or [`max_values`](ReadLimits::max_values), are
    /// refused with their path and rule `limit`, as [`read_json_with`](crate::read_json_with)
    /// refuses the same values in a document.
    ///
    /// ```
    /// use mcp_content::convert::{Message, MessageRole, Part};
    /// use mcp_content::rules::Rule;
    /// use mcp_content::ReadLimits;
    ///
    /// let media = serde_json::from_str(r#"{"media":{"url":"data:image/png;base64,cG5n"}}"#).unwrap();
    /// let message = Message { role: MessageRole::User, content: vec![media], metadata: Default::default() };
    /// let limits = ReadLimits::default().with_max_binary_bytes(2);
    /// let err = message.into_prompt_message_with(&limits).unwrap_err();
    /// assert_eq!((err.path(), err.rule()), ("content[0].media.url", Some(Rule::Limit)));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "content[0].media.url: binary data of 3 bytes is over the limit of 2 bytes (rule: limit)"
    /// );
    /// ```
    pub fn into_prompt_message_with(self, limits: &ReadLimits) -> Result<PromptMessage, ReadError> {
        let role = Role::try_from(self.role).map_err(|v| ReadError::new("role", v))?;
        let mut mcp = McpMetadata::take(self.metadata, "metadata", limits)?;
        let extra = mcp.map("extra")?;
        mcp.finish()?;
        refuse_shadowing::<PromptMessage>(&extra, "metadata.mcp.extra")?;
        let count = self.content.len();
        let Ok([part]) = <[Part; 1]>::try_from(self.content) else {
            return Err(ReadError::new(
                "content",
                Violation::new(
                    Rule::ExactlyOne,
                    format!("a prompt message has exactly one part, found {count}"),
                ),
            ));
        };
        let content = part_to_block_with(part, limits).map_err(|e| e.within("content[0]"))?;
        Ok(PromptMessage {
            role,
            content,
            extra: extra.into(),
        })
    }

    /// The tool result this message is: one block per part, in order, except the data part,
    /// which is `structuredContent` (at most one); `isError`, `_meta`, `resultType` and
    /// unknown fields from `metadata.mcp`. The role is not looked at.
    ///
    /// ```
    /// use mcp_content::convert::{DataPart, Message, MessageRole, Part};
    /// use serde_json::json;
    ///
    /// let data = || Part::Data(DataPart { data: json!(1), metadata: Default::default() });
    /// let message = Message { role: MessageRole::Tool, content: vec![data(), data()], metadata: Default::default() };
    /// assert_eq!(message.into_call_tool_result().unwrap_err().path(), "content[1]");
    /// ```
    pub fn into_call_tool_result(self) -> Result<CallToolResult, ReadError> {
        self.into_call_tool_result_with(&ReadLimits::default())
    }

    /// [`into_call_tool_result`](Self::into_call_tool_result) within `limits` (the default
    /// limits there), as [`read_json_with`](crate::read_json_with) reads a tool result: a
    /// `data:` URL's payload over [`max_binary_bytes`](ReadLimits::max_binary_bytes), more
    /// parts than [`max_blocks`](ReadLimits::max_blocks), a data part, `metadata` or a custom
    /// part past [`max_depth`](ReadLimits::max_depth) or
    /// [`max_values`](ReadLimits::max_values) are refused with their path and rule `limit`.
    ///
    /// ```
    /// use mcp_content::convert::{Message, MessageRole, Part};
    /// use mcp_content::rules::Rule;
    /// use mcp_content::ReadLimits;
    ///
    /// let message = Message { role: MessageRole::Tool, content: vec![Part::text("a"), Part::text("b")], metadata: Default::default() };
    /// let err = message.clone().into_call_tool_result_with(&ReadLimits::default().with_max_blocks(1)).unwrap_err();
    /// assert_eq!((err.path(), err.rule()), ("content[1]", Some(Rule::Limit)));
    /// assert!(message.into_call_tool_result_with(&ReadLimits::unlimited()).is_ok());
    /// ```
    pub fn into_call_tool_result_with(
        self,
        limits: &ReadLimits,
    ) -> Result<CallToolResult, ReadError> {
        if self.content.len() > limits.max_blocks {
            return Err(too_many_blocks(limits.max_blocks));
        }
        let mut mcp = McpMetadata::take(self.metadata, "metadata", limits)?;
        let (is_error, meta, result_type) = (
            mcp.read("isError")?,
            mcp.read::<Meta>("_meta")?.unwrap_or_default(),
            mcp.read("resultType")?,
        );
        let extra = mcp.map("extra")?;
        mcp.finish()?;
        refuse_shadowing::<CallToolResult>(&extra, "metadata.mcp.extra")?;
        let mut result = CallToolResult {
            is_error,
            meta,
            result_type,
            extra: extra.into(),
            ..CallToolResult::default()
        };
        for (index, part) in self.content.into_iter().enumerate() {
            match part {
                Part::Data(data) => {
                    if result.structured_content.is_some() {
                        return Err(ReadError::new(
                            format!("content[{index}]"),
                            Violation::new(
                                Rule::ExactlyOne,
                                "a tool result has at most one data part (its structuredContent)",
                            ),
                        ));
                    }
                    // Read like `structuredContent` from a peer: within the default limits
                    // (depth, value count), so a data part from a model cannot nest deeper
                    // than the same value in a tool result may.
                    let structured: RawJson = read_value_with(data.data, limits)
                        .map_err(|e| e.within(&format!("content[{index}].data")))?;
                    result.structured_content = Some(structured);
                }
                other => result.content.push(
                    part_to_block_with(other, limits)
                        .map_err(|e| e.within(&format!("content[{index}]")))?,
                ),
            }
        }
        Ok(result)
    }
}

// ---------------------------------------------------------------------------------------
// parts → MCP

/// The block a part is (see the [module docs](self) for the mapping and the fallbacks).
/// A data part has no block: it is an error here (a tool result takes it as
/// `structuredContent`, see [`Message::into_call_tool_result`]). The error's path is inside
/// the part (`media.url`, `metadata.mcp.annotations`).
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::convert::{block_to_part, part_to_block, Part};
/// use mcp_content::rules::Rule;
///
/// let block = ContentBlock::text("hi");
/// assert_eq!(part_to_block(block_to_part(&block)).unwrap(), block);
///
/// let pdf: Part = serde_json::from_str(r#"{"media":{"url":"data:application/pdf;base64,JVBERg=="}}"#).unwrap();
/// let err = part_to_block(pdf).unwrap_err();
/// assert_eq!((err.path(), err.rule()), ("media", Some(Rule::MimeKind)));
/// ```
pub fn part_to_block(part: Part) -> Result<ContentBlock, ReadError> {
    part_to_block_with(part, &ReadLimits::default())
}

/// [`part_to_block`] within `limits` (the default limits there): a `data:` URL's payload
/// over [`max_binary_bytes`](ReadLimits::max_binary_bytes) (the rule a tool result's image
/// is held to), `metadata` or a custom part past [`max_depth`](ReadLimits::max_depth) or
/// [`max_values`](ReadLimits::max_values), are refused with their path and rule `limit`.
///
/// ```
/// use mcp_content::convert::{part_to_block_with, Part};
/// use mcp_content::rules::Rule;
/// use mcp_content::ReadLimits;
///
/// let part: Part = serde_json::from_str(r#"{"media":{"url":"data:image/png;base64,cG5n"}}"#).unwrap();
/// let err = part_to_block_with(part.clone(), &ReadLimits::default().with_max_binary_bytes(2)).unwrap_err();
/// assert_eq!((err.path(), err.rule()), ("media.url", Some(Rule::Limit)));
/// assert!(part_to_block_with(part, &ReadLimits::unlimited()).is_ok());
/// ```
pub fn part_to_block_with(part: Part, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    match part {
        Part::Text(part) => {
            let fields = BlockFields::take(part.metadata, limits)?;
            fields.refuse_unplaced::<TextContent>(false, false)?;
            Ok(ContentBlock::from(TextContent {
                text: part.text,
                annotations: fields.annotations,
                meta: fields.meta,
                extra: fields.extra.into(),
            }))
        }
        Part::Media(part) => media_to_block(part, limits),
        Part::Resource(part) => resource_to_block(part, limits),
        Part::Data(_) => Err(ReadError::new(
            "data",
            Violation::new(
                Rule::Type,
                "a data part has no content block; only a tool result takes one (as structuredContent)",
            ),
        )),
        Part::Custom(part) => read_value_with::<ContentBlock>(Value::Object(part.custom), limits)
            .map_err(|e| e.within("custom")),
    }
}

fn media_to_block(part: MediaPart, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    let fields = BlockFields::take(part.metadata, limits)?;
    let content_type = part
        .media
        .content_type
        .map(MimeType::new)
        .transpose()
        .map_err(|v| ReadError::new("media.contentType", v))?;
    if !starts_with_ignore_case(&part.media.url, "data:") {
        // Fallback for parts from other frameworks: media by reference is a link to it.
        if let Some(inner) = fields.resource {
            return Err(ReadError::new(
                "media.url",
                Violation::new(
                    Rule::Uri,
                    format!(
                        "an embedded resource ({}) needs a data: URL",
                        crate::wire::error::cut(inner.uri.as_ref().map_or("", Uri::as_str))
                    ),
                ),
            ));
        }
        fields.refuse_unplaced::<ResourceLink>(true, false)?;
        let uri = Uri::new(part.media.url.as_str()).map_err(|v| ReadError::new("media.url", v))?;
        let mut link = ResourceLink::new(uri, part.media.url);
        link.mime_type = content_type;
        link.icons = fields.icons;
        link.annotations = fields.annotations;
        link.meta = fields.meta;
        link.extra = fields.extra.into();
        return Ok(ContentBlock::from(link));
    }
    let url =
        DataUrl::parse_with(&part.media.url, limits).map_err(|v| ReadError::new("media.url", v))?;
    if let Some(content_type) = &content_type {
        agree_with_url(content_type, &url, &part.media.url)?;
    }
    if fields.resource.is_some() {
        fields.refuse_unplaced::<EmbeddedResource>(false, true)?;
    }
    if let Some(inner) = fields.resource {
        inner.refuse_shadowing::<BlobResourceContents>()?;
        let uri = inner.uri.ok_or_else(|| {
            ReadError::new(
                "metadata.mcp.resource.uri",
                Violation::new(Rule::Required, "an embedded blob resource needs its `uri`"),
            )
        })?;
        // `contentType` is the blob's own MIME type; when absent, the URL's type is taken
        // unless it is the placeholder written for a blob that had none.
        let mime_type = content_type.or_else(|| {
            (!url.mime_type.as_str().eq_ignore_ascii_case(BLOB_MIME_TYPE))
                .then(|| url.mime_type.clone())
        });
        let mut blob: BlobResourceContents = url.into_blob(uri);
        blob.mime_type = mime_type;
        blob.meta = inner.meta;
        blob.extra = inner.extra.into();
        return Ok(ContentBlock::from(EmbeddedResource {
            resource: ResourceContents::Blob(blob),
            annotations: fields.annotations,
            meta: fields.meta,
            extra: fields.extra.into(),
        }));
    }
    // `contentType` wins over the URL's type: it is the block's MIME type exactly as written
    // (a URL drops the whitespace around `;`).
    let mime_type = content_type.unwrap_or_else(|| url.mime_type.clone());
    let top = mime_type.as_str().split('/').next().unwrap_or_default();
    let url = DataUrl::new(mime_type.clone(), url.data);
    let mut block = if top.eq_ignore_ascii_case("image") {
        fields.refuse_unplaced::<ImageContent>(false, false)?;
        ContentBlock::from(url.into_image().map_err(|v| ReadError::new("media", v))?)
    } else if top.eq_ignore_ascii_case("audio") {
        fields.refuse_unplaced::<AudioContent>(false, false)?;
        ContentBlock::from(url.into_audio().map_err(|v| ReadError::new("media", v))?)
    } else {
        return Err(ReadError::new(
            "media",
            Violation::new(
                Rule::MimeKind,
                format!(
                    "a media part of type {:?} has no MCP block: only image/* and audio/*, or an \
                     embedded resource marked with `metadata.mcp.resource.uri`",
                    mime_type.as_str()
                ),
            ),
        ));
    };
    block.set_annotations(fields.annotations);
    match &mut block {
        ContentBlock::Image(b) => {
            b.meta = fields.meta;
            b.extra = fields.extra.into();
        }
        ContentBlock::Audio(b) => {
            b.meta = fields.meta;
            b.extra = fields.extra.into();
        }
        _ => {}
    }
    Ok(block)
}

fn resource_to_block(part: ResourcePart, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    let fields = BlockFields::take(part.metadata, limits)?;
    let resource = part.resource;
    let uri = Uri::new(resource.uri.as_str()).map_err(|v| ReadError::new("resource.uri", v))?;
    let mime_type = resource
        .mime_type
        .map(MimeType::new)
        .transpose()
        .map_err(|v| ReadError::new("resource.mimeType", v))?;
    if let Some(text) = resource.text {
        fields.refuse_unplaced::<EmbeddedResource>(false, true)?;
        // What only a link has: an embedded text resource would drop it.
        let link_only = [
            ("name", resource.name.is_some()),
            ("title", resource.title.is_some()),
            ("description", resource.description.is_some()),
            ("size", resource.size.is_some()),
        ];
        if let Some((key, _)) = link_only.iter().find(|(_, present)| *present) {
            return Err(ReadError::new(
                format!("resource.{key}"),
                Violation::new(
                    Rule::ExtraField,
                    "an embedded text resource (a resource part with `text`) has no place for it \
                     (it would be dropped); only a link has one",
                ),
            ));
        }
        let inner = fields.resource.unwrap_or_default();
        inner.refuse_shadowing::<TextResourceContents>()?;
        if let Some(inner_uri) = &inner.uri
            && inner_uri != &uri
        {
            return Err(ReadError::new(
                "metadata.mcp.resource.uri",
                Violation::new(
                    Rule::Uri,
                    format!(
                        "{:?} disagrees with resource.uri {:?}: an embedded text resource has one URI",
                        crate::wire::error::cut(inner_uri.as_str()),
                        crate::wire::error::cut(uri.as_str())
                    ),
                ),
            ));
        }
        return Ok(ContentBlock::from(EmbeddedResource {
            resource: ResourceContents::Text(TextResourceContents {
                uri,
                mime_type,
                text,
                meta: inner.meta,
                extra: inner.extra.into(),
            }),
            annotations: fields.annotations,
            meta: fields.meta,
            extra: fields.extra.into(),
        }));
    }
    fields.refuse_unplaced::<ResourceLink>(true, false)?;
    // A link needs a name; a Genkit resource part has only a URI, so the URI names it.
    let name = resource.name.unwrap_or_else(|| resource.uri.clone());
    Ok(ContentBlock::from(ResourceLink {
        uri,
        name,
        title: resource.title,
        description: resource.description,
        mime_type,
        size: resource.size,
        icons: fields.icons,
        annotations: fields.annotations,
        meta: fields.meta,
        extra: fields.extra.into(),
    }))
}

/// Refuses a `contentType` of another type than the `data:` URL `text` (parsed as `url`)
/// names (type and subtype compared case-insensitively, parameters aside): two sources of
/// one MIME type that disagree. A URL that names no type (`data:;base64,…`) contradicts
/// nothing.
fn agree_with_url(content_type: &MimeType, url: &DataUrl, text: &str) -> Result<(), ReadError> {
    let names_none = text
        .get("data:".len()..)
        .is_some_and(|rest| rest.starts_with([';', ',']));
    let essence = |mime: &str| {
        let essence = mime.split(';').next().unwrap_or_default().trim();
        essence.to_ascii_lowercase()
    };
    if names_none || essence(content_type.as_str()) == essence(url.mime_type.as_str()) {
        return Ok(());
    }
    Err(ReadError::new(
        "media.contentType",
        Violation::new(
            Rule::MimeType,
            format!(
                "{:?} disagrees with the type the data: URL names, {:?}: a media part has one MIME type",
                crate::wire::error::cut(content_type.as_str()),
                crate::wire::error::cut(url.mime_type.as_str())
            ),
        ),
    ))
}

/// The `data:` URL of blob contents, encoded straight from the borrowed payload.
fn blob_data_url(contents: &BlobResourceContents) -> String {
    match &contents.mime_type {
        Some(mime_type) => DataUrl::encode(mime_type, &contents.blob),
        None => DataUrl::encode(&MimeType::__unchecked(BLOB_MIME_TYPE), &contents.blob),
    }
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

/// The reader's block limit, at the first part past it.
fn too_many_blocks(max_blocks: usize) -> ReadError {
    ReadError::new(
        format!("content[{max_blocks}]"),
        Violation::new(
            Rule::Limit,
            format!("more than {max_blocks} blocks in the document"),
        ),
    )
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
