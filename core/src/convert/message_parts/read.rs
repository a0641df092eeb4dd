//! Parts → MCP: the block of each part, the prompt message or tool result of a message,
//! read within `ReadLimits`.

use super::metadata::{BlockFields, McpMetadata, read_piece, refuse_shadowing};
use super::{MediaPart, Message, Part, ResourcePart};
use crate::convert::data_url::{BLOB_MIME_TYPE, DataUrl};
use crate::model::annotations::Role;
use crate::model::content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink, TextContent, TextResourceContents,
};
use crate::model::json::RawJson;
use crate::model::meta::Meta;
use crate::model::prompt::PromptMessage;
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Uri};
use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;
use crate::wire::limits::ReadLimits;

impl Message {
    /// The prompt message this message is: role `user` or `model` and exactly one part that
    /// has a block. The error names the path (`role`, `content`, `content[0].media.url`) and
    /// the rule.
    ///
    /// ```
    /// use mcp_content::convert::{message_parts::Message, message_parts::MessageRole, message_parts::Part};
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
    /// [`max_depth`](ReadLimits::max_depth) or [`max_values`](ReadLimits::max_values) (counted
    /// from the value's root), or longer as text than
    /// [`max_document_bytes`](ReadLimits::max_document_bytes), are refused with their path and
    /// rule `limit`, as [`read_json_with`](crate::wire::read_json_with) refuses the same values in a
    /// document; so is a key twice in one of their objects.
    ///
    /// ```
    /// use mcp_content::convert::{message_parts::Message, message_parts::MessageRole, message_parts::Part};
    /// use mcp_content::rules::Rule;
    /// use mcp_content::wire::ReadLimits;
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
        let mut mcp = McpMetadata::take(&self.metadata, "metadata", limits)?;
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
            extra,
        })
    }

    /// The tool result this message is: one block per part, in order, except the data part,
    /// which is `structuredContent` (at most one); `isError`, `_meta`, `resultType` and
    /// unknown fields from `metadata.mcp`. The role is not looked at.
    ///
    /// ```
    /// use mcp_content::convert::{message_parts::DataPart, message_parts::Message, message_parts::MessageRole, message_parts::Part};
    /// use serde_json::json;
    ///
    /// let data = || Part::Data(DataPart { data: json!(1).into(), metadata: Default::default() });
    /// let message = Message { role: MessageRole::Tool, content: vec![data(), data()], metadata: Default::default() };
    /// assert_eq!(message.into_call_tool_result().unwrap_err().path(), "content[1]");
    /// ```
    pub fn into_call_tool_result(self) -> Result<CallToolResult, ReadError> {
        self.into_call_tool_result_with(&ReadLimits::default())
    }

    /// [`into_call_tool_result`](Self::into_call_tool_result) within `limits` (the default
    /// limits there), as [`read_json_with`](crate::wire::read_json_with) reads a tool result: a
    /// `data:` URL's payload over [`max_binary_bytes`](ReadLimits::max_binary_bytes), more
    /// parts than [`max_blocks`](ReadLimits::max_blocks), a data part, `metadata` or a custom
    /// part past [`max_depth`](ReadLimits::max_depth) or
    /// [`max_values`](ReadLimits::max_values) (counted from the value's root), or longer as
    /// text than [`max_document_bytes`](ReadLimits::max_document_bytes), are refused with
    /// their path and rule `limit`; so is a key twice in one of their objects.
    ///
    /// ```
    /// use mcp_content::convert::{message_parts::Message, message_parts::MessageRole, message_parts::Part};
    /// use mcp_content::rules::Rule;
    /// use mcp_content::wire::ReadLimits;
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
        let mut mcp = McpMetadata::take(&self.metadata, "metadata", limits)?;
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
            extra,
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
                    let structured: RawJson = read_piece(
                        data.data.as_str(),
                        &format!("content[{index}].data"),
                        limits,
                    )?;
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

/// The block a part is (see the [module docs](super) for the mapping and the fallbacks).
/// A data part has no block: it is an error here (a tool result takes it as
/// `structuredContent`, see [`Message::into_call_tool_result`]). The error's path is inside
/// the part (`media.url`, `metadata.mcp.annotations`).
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::convert::{message_parts::block_to_part, message_parts::part_to_block, message_parts::Part};
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
/// [`max_values`](ReadLimits::max_values) (counted from the value's root), or longer as text
/// than [`max_document_bytes`](ReadLimits::max_document_bytes), are refused with their path
/// and rule `limit`; so is a key twice in one of their objects.
///
/// ```
/// use mcp_content::convert::{message_parts::part_to_block_with, message_parts::Part};
/// use mcp_content::rules::Rule;
/// use mcp_content::wire::ReadLimits;
///
/// let part: Part = serde_json::from_str(r#"{"media":{"url":"data:image/png;base64,cG5n"}}"#).unwrap();
/// let err = part_to_block_with(part.clone(), &ReadLimits::default().with_max_binary_bytes(2)).unwrap_err();
/// assert_eq!((err.path(), err.rule()), ("media.url", Some(Rule::Limit)));
/// assert!(part_to_block_with(part, &ReadLimits::unlimited()).is_ok());
/// ```
pub fn part_to_block_with(part: Part, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    match part {
        Part::Text(part) => {
            let fields = BlockFields::take(&part.metadata, limits)?;
            fields.refuse_unplaced::<TextContent>(false, false)?;
            Ok(ContentBlock::from(TextContent {
                text: part.text,
                annotations: fields.annotations,
                meta: fields.meta,
                extra: fields.extra,
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
        Part::Custom(part) => {
            // Read as text, as a peer's block is: an unknown block keeps its members' order,
            // numbers and names.
            read_piece::<ContentBlock>(part.custom.as_str(), "custom", limits)
        }
    }
}

fn media_to_block(part: MediaPart, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    let fields = BlockFields::take(&part.metadata, limits)?;
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
        link.extra = fields.extra;
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
        blob.extra = inner.extra;
        return Ok(ContentBlock::from(EmbeddedResource {
            resource: ResourceContents::Blob(blob),
            annotations: fields.annotations,
            meta: fields.meta,
            extra: fields.extra,
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
            b.extra = fields.extra;
        }
        ContentBlock::Audio(b) => {
            b.meta = fields.meta;
            b.extra = fields.extra;
        }
        _ => {}
    }
    Ok(block)
}

fn resource_to_block(part: ResourcePart, limits: &ReadLimits) -> Result<ContentBlock, ReadError> {
    let fields = BlockFields::take(&part.metadata, limits)?;
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
                extra: inner.extra,
            }),
            annotations: fields.annotations,
            meta: fields.meta,
            extra: fields.extra,
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
        extra: fields.extra,
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
