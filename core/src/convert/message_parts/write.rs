//! MCP → parts: the part of each block, the message of a prompt message or tool result.

use serde_json::Value;

use super::metadata::{BlockFields, InnerFields, put_object, wrap_mcp};
use super::{
    CustomPart, DataPart, Media, MediaPart, Message, MessageRole, Part, ResourcePart, ResourceRef,
    TextPart,
};
use crate::convert::data_url::{BLOB_MIME_TYPE, DataUrl};
use crate::model::content::{BlobResourceContents, ContentBlock, ResourceContents};
use crate::model::json::JsonObject;
use crate::model::prompt::{GetPromptResult, PromptMessage};
use crate::model::tool::CallToolResult;
use crate::model::validated::MimeType;

/// The part of one block (see the [module docs](super) for the mapping). Never fails: a block
/// of an unknown type becomes a custom part holding it whole.
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::model::{ImageContent, MimeType};
/// use mcp_content::convert::message_parts::block_to_part;
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
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra).into_metadata(),
        }),
        ContentBlock::Image(b) => Part::Media(MediaPart {
            media: Media {
                url: DataUrl::encode(&b.mime_type, &b.data),
                content_type: Some(b.mime_type.to_string()),
            },
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra).into_metadata(),
        }),
        ContentBlock::Audio(b) => Part::Media(MediaPart {
            media: Media {
                url: DataUrl::encode(&b.mime_type, &b.data),
                content_type: Some(b.mime_type.to_string()),
            },
            metadata: BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra).into_metadata(),
        }),
        ContentBlock::ResourceLink(b) => {
            let mut fields = BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra);
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
            let mut fields = BlockFields::of(b.annotations.as_ref(), &b.meta, &b.extra);
            match &b.resource {
                ResourceContents::Text(contents) => {
                    fields.resource = InnerFields::of(None, &contents.meta, &contents.extra);
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
                    fields.resource =
                        InnerFields::of(Some(&contents.uri), &contents.meta, &contents.extra);
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
            custom: b.fields().clone(),
            metadata: JsonObject::new(),
        }),
    }
}

/// The parts of several blocks, in order, one each ([`block_to_part`]).
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::convert::{message_parts::blocks_to_parts, message_parts::Part};
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
    /// use mcp_content::ContentBlock;
    /// use mcp_content::model::{PromptMessage, Role};
    /// use mcp_content::convert::{message_parts::Message, message_parts::MessageRole};
    ///
    /// let message = Message::from_prompt_message(&PromptMessage::new(Role::User, "Hi"));
    /// assert_eq!(message.role, MessageRole::User);
    /// assert_eq!(message.content.len(), 1);
    /// ```
    pub fn from_prompt_message(message: &PromptMessage) -> Self {
        let mut mcp = JsonObject::new();
        put_object(&mut mcp, "extra", &message.extra);
        Self {
            role: message.role.into(),
            content: vec![block_to_part(&message.content)],
            metadata: wrap_mcp(&mcp),
        }
    }

    /// The messages of a prompt result, one per prompt message ([`Message::from_prompt_message`]).
    ///
    /// ```
    /// use mcp_content::model::{GetPromptResult, PromptMessage, Role};
    /// use mcp_content::convert::{message_parts::Message, message_parts::MessageRole};
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
    /// use mcp_content::convert::message_parts::Message;
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
                data: structured.clone(),
                metadata: JsonObject::new(),
            }));
        }
        let mut mcp = JsonObject::new();
        if let Some(is_error) = result.is_error {
            mcp.insert("isError", Value::Bool(is_error));
        }
        put_object(&mut mcp, "_meta", result.meta.as_object());
        if let Some(result_type) = &result.result_type {
            mcp.insert("resultType", Value::String(result_type.to_string()));
        }
        put_object(&mut mcp, "extra", &result.extra);
        Self {
            role: MessageRole::Tool,
            content,
            metadata: wrap_mcp(&mcp),
        }
    }
}

/// The `data:` URL of blob contents, encoded straight from the borrowed payload.
fn blob_data_url(contents: &BlobResourceContents) -> String {
    match &contents.mime_type {
        Some(mime_type) => DataUrl::encode(mime_type, &contents.blob),
        None => DataUrl::encode(&MimeType::__unchecked(BLOB_MIME_TYPE), &contents.blob),
    }
}
