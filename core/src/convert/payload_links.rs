//! Following links: a result whose large binary blocks a server sent as links
//! ([`RouterBuilder::max_inline`](crate::RouterBuilder::max_inline)) read back as the
//! blocks they replaced, so `FromContent` types read it as if it had been sent inline; and
//! any other server's `resource_link`s read through the caller's session
//! ([`follow_links`]) as the embedded resources they point to, within [`LinkBounds`].

use std::collections::HashMap;

use serde_json::Value;

use crate::content_traits::FromContent;
use crate::model::content::{
    AudioContent, BlobResourceContents, ContentBlock, EmbeddedResource, ImageContent,
    ResourceContents, ResourceLink,
};
use crate::model::meta::Meta;
use crate::model::resource::ReadResourceResult;
use crate::model::tool::CallToolResult;
use crate::model::validated::Uri;
use crate::rules::ProtocolVersion;
use crate::server::handler::{BoxFuture, Context};
use crate::server::payload::PAYLOAD_META_KEY;
use crate::server::router::Router;
use crate::wire::error::ReadError;

/// Reads a resource for [`inline_payload_links`]: a client session's `resources/read`, a
/// [`Router`] in process, or a closure.
pub trait ResourceReader: Sync {
    /// The `resources/read` result for `uri`.
    fn read_resource<'a>(
        &'a self,
        uri: &'a str,
    ) -> BoxFuture<'a, Result<ReadResourceResult, ReadError>>;
}

impl ResourceReader for Router {
    fn read_resource<'a>(
        &'a self,
        uri: &'a str,
    ) -> BoxFuture<'a, Result<ReadResourceResult, ReadError>> {
        Box::pin(async move {
            let context = Context::new(Meta::new(), ProtocolVersion::LATEST);
            Router::read_resource(self, uri, context)
                .await
                .map_err(|e| ReadError::message("uri", e.message))
        })
    }
}

impl<F> ResourceReader for F
where
    F: Fn(&str) -> Result<ReadResourceResult, ReadError> + Sync,
{
    fn read_resource<'a>(
        &'a self,
        uri: &'a str,
    ) -> BoxFuture<'a, Result<ReadResourceResult, ReadError>> {
        let result = self(uri);
        Box::pin(async move { result })
    }
}

/// `result` with every payload link (a `resource_link` carrying
/// [`PAYLOAD_META_KEY`]) read through `reader` and put back as the
/// image, audio or blob resource block it replaced, annotations and `_meta` included, within
/// the default [`LinkBounds`]. Other links are left alone ([`follow_links`] follows them
/// too). Errors name the block (`content[2]`).
///
/// ```
/// use mcp_content::handler::ToolHandler;
/// use mcp_content::model::{ImageContent, Meta, MimeType, Tool, ToolName};
/// use mcp_content::{CallToolResult, Content, ContentBlock, Context, FromContent, ProtocolVersion, Router};
/// use mcp_content::convert::payload_links::read_following_links;
/// use mcp_content::handler::BoxFuture;
/// use serde_json::{Map, Value};
///
/// #[derive(Content, Debug)]
/// struct Photo {
///     #[content(image(mime = "image/png"))]
///     png: Vec<u8>,
/// }
///
/// struct Camera;
/// impl ToolHandler for Camera {
///     fn tool(&self) -> Tool { Tool::new(ToolName::new("camera").unwrap()) }
///     fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
///         use mcp_content::IntoCallToolResult;
///         Box::pin(async { Photo { png: vec![9; 2048] }.into_call_tool_result() })
///     }
///     fn max_inline(&self) -> Option<u64> { Some(1024) }
/// }
///
/// let router = Router::builder().tool(Camera).build().unwrap();
/// let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// let context = Context::new(Meta::new(), ProtocolVersion::LATEST);
/// let result = runtime.block_on(router.call_tool("camera", None, context)).unwrap();
/// assert!(matches!(result.content[0], ContentBlock::ResourceLink(_)));
/// assert!(Photo::from_call_tool_result(&result).is_err());
///
/// let photo: Photo = runtime.block_on(read_following_links(&result, &router)).unwrap();
/// assert_eq!(photo.png, vec![9; 2048]);
/// ```
pub async fn inline_payload_links(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
) -> Result<CallToolResult, ReadError> {
    inline_payload_links_with(result, reader, &LinkBounds::default()).await
}

/// [`inline_payload_links`] within `bounds` (the default [`LinkBounds`] there).
pub async fn inline_payload_links_with(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
    bounds: &LinkBounds,
) -> Result<CallToolResult, ReadError> {
    follow(result, reader, bounds, false).await
}

/// Reads `T` from `result` as it came, else after following its links: its payload links
/// ([`inline_payload_links`]) first, then every link ([`follow_links`], within the default
/// [`LinkBounds`]) for a type that wants the resources a server linked to. When no way
/// reads, the error is the one of the payload links inlined.
pub async fn read_following_links<T: FromContent>(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
) -> Result<T, ReadError> {
    read_following_links_with(result, reader, &LinkBounds::default()).await
}

/// [`read_following_links`] within `bounds`.
pub async fn read_following_links_with<T: FromContent>(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
    bounds: &LinkBounds,
) -> Result<T, ReadError> {
    let has_link = |result: &CallToolResult| {
        result
            .content
            .iter()
            .any(|block| matches!(block, ContentBlock::ResourceLink(_)))
    };
    if !has_link(result) {
        return T::from_call_tool_result(result);
    }
    let inlined = follow(result, reader, bounds, false).await?;
    let error = match T::from_call_tool_result(&inlined) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    if !has_link(&inlined) {
        return Err(error);
    }
    let followed = follow(&inlined, reader, bounds, true).await?;
    T::from_call_tool_result(&followed).map_err(|_| error)
}

/// How far [`follow_links`] (and the payload links of [`inline_payload_links`]) may go on a
/// result a server controls: how many resources it reads and how many bytes they may total
/// (text as UTF-8, blobs decoded). A URI linked more than once is read once, so a result
/// that links a resource over and over costs one read. Following is one level deep: the
/// contents a `resources/read` returns are text or bytes and hold no links of their own, so
/// there is no chain to follow and no cycle to go round.
///
/// ```
/// use mcp_content::convert::payload_links::LinkBounds;
/// let bounds = LinkBounds::default();
/// assert_eq!(bounds.max_reads, 64);
/// assert_eq!(bounds.max_bytes, 64 * 1024 * 1024);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LinkBounds {
    /// The most resources read (distinct URIs): 64 by default.
    pub max_reads: usize,
    /// The most bytes all resources read may total: 64 MiB by default.
    pub max_bytes: u64,
}

impl Default for LinkBounds {
    fn default() -> Self {
        Self {
            max_reads: 64,
            max_bytes: 64 * 1024 * 1024,
        }
    }
}

impl LinkBounds {
    /// Bounds of at most `max_reads` reads totalling at most `max_bytes` bytes.
    pub fn new(max_reads: usize, max_bytes: u64) -> Self {
        Self {
            max_reads,
            max_bytes,
        }
    }
}

/// `result` with every `resource_link` followed through `reader` (a `resources/read` on the
/// caller's session with the server that sent it): a payload link (this crate's, carrying
/// [`PAYLOAD_META_KEY`]) becomes the block it replaced, as [`inline_payload_links`] does;
/// any other link becomes an embedded `resource` block per contents item its resource
/// reads as (usually one), with the link's annotations and `_meta`. Within `bounds`: past
/// them, or when a read fails or returns no contents, the error names the block
/// (`content[2]`) and the bound.
///
/// ```
/// use mcp_content::{CallToolResult, ContentBlock};
/// use mcp_content::convert::payload_links::{LinkBounds, follow_links};
/// use mcp_content::model::{ReadResourceResult, ResourceContents, ResourceLink, TextResourceContents, Uri};
/// use mcp_content::ReadError;
///
/// let link = ResourceLink::new(Uri::new("file:///notes.txt").unwrap(), "notes");
/// let result = CallToolResult::new(vec![ContentBlock::from(link)]);
/// let session = |uri: &str| -> Result<ReadResourceResult, ReadError> {
///     let text = TextResourceContents::new(Uri::new(uri).unwrap(), "remember the milk");
///     Ok(ReadResourceResult::new(vec![ResourceContents::Text(text)]))
/// };
/// let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// let followed = runtime.block_on(follow_links(&result, &session, &LinkBounds::default())).unwrap();
/// let ContentBlock::Resource(embedded) = &followed.content[0] else { panic!() };
/// let ResourceContents::Text(text) = &embedded.resource else { panic!() };
/// assert_eq!(text.text, "remember the milk");
/// ```
pub async fn follow_links(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
    bounds: &LinkBounds,
) -> Result<CallToolResult, ReadError> {
    follow(result, reader, bounds, true).await
}

/// What was read so far, against the bounds.
struct Reads<'b> {
    bounds: &'b LinkBounds,
    by_uri: HashMap<String, ReadResourceResult>,
    bytes: u64,
}

impl Reads<'_> {
    async fn read(
        &mut self,
        reader: &(impl ResourceReader + ?Sized),
        uri: &str,
    ) -> Result<ReadResourceResult, ReadError> {
        if let Some(read) = self.by_uri.get(uri) {
            return Ok(read.clone());
        }
        if self.by_uri.len() >= self.bounds.max_reads {
            return Err(ReadError::message(
                "uri",
                format!(
                    "following it would read more than {} resources (LinkBounds::max_reads)",
                    self.bounds.max_reads
                ),
            ));
        }
        let read = reader.read_resource(uri).await?;
        let bytes = read.contents.iter().map(contents_len).sum::<u64>();
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > self.bounds.max_bytes {
            return Err(ReadError::message(
                "uri",
                format!(
                    "the resources read total more than {} bytes (LinkBounds::max_bytes)",
                    self.bounds.max_bytes
                ),
            ));
        }
        self.by_uri.insert(uri.to_owned(), read.clone());
        Ok(read)
    }
}

fn contents_len(contents: &ResourceContents) -> u64 {
    let len = match contents {
        ResourceContents::Text(text) => text.text.len(),
        ResourceContents::Blob(blob) => blob.blob.decoded_len(),
    };
    u64::try_from(len).unwrap_or(u64::MAX)
}

async fn follow(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
    bounds: &LinkBounds,
    every_link: bool,
) -> Result<CallToolResult, ReadError> {
    let mut reads = Reads {
        bounds,
        by_uri: HashMap::new(),
        bytes: 0,
    };
    let mut content = Vec::with_capacity(result.content.len());
    for (index, block) in result.content.iter().enumerate() {
        let ContentBlock::ResourceLink(link) = block else {
            content.push(block.clone());
            continue;
        };
        let path = format!("content[{index}]");
        let replaced = link.meta.get_value(PAYLOAD_META_KEY);
        if replaced.is_none() && !every_link {
            content.push(block.clone());
            continue;
        }
        let read = reads
            .read(reader, link.uri.as_str())
            .await
            .map_err(|e| e.within(&path))?;
        match replaced {
            Some(replaced) => {
                content.push(restore(link, &replaced, read).map_err(|e| e.within(&path))?);
            }
            None => embed(link, read, &mut content).map_err(|e| e.within(&path))?,
        }
    }
    let mut followed = result.clone();
    followed.content = content;
    Ok(followed)
}

/// The contents a link's resource read as, as embedded resource blocks carrying the link's
/// annotations and `_meta`.
fn embed(
    link: &ResourceLink,
    read: ReadResourceResult,
    out: &mut Vec<ContentBlock>,
) -> Result<(), ReadError> {
    if read.contents.is_empty() {
        return Err(ReadError::message(
            "uri",
            "the linked resource read as no contents",
        ));
    }
    for mut contents in read.contents {
        // The link's MIME type where the contents say none.
        let mime = match &mut contents {
            ResourceContents::Text(text) => &mut text.mime_type,
            ResourceContents::Blob(blob) => &mut blob.mime_type,
        };
        if mime.is_none() {
            mime.clone_from(&link.mime_type);
        }
        let mut embedded = EmbeddedResource::new(contents);
        embedded.annotations.clone_from(&link.annotations);
        embedded.meta.clone_from(&link.meta);
        out.push(ContentBlock::from(embedded));
    }
    Ok(())
}

fn restore(
    link: &ResourceLink,
    replaced: &Value,
    read: ReadResourceResult,
) -> Result<ContentBlock, ReadError> {
    let Some(ResourceContents::Blob(blob)) = read.contents.into_iter().next() else {
        return Err(ReadError::message(
            "uri",
            "the payload link's resource has no blob contents",
        ));
    };
    let BlobResourceContents {
        blob: data,
        mime_type: blob_mime,
        ..
    } = blob;
    if let Some(size) = &link.size
        && size.as_u64() != u64::try_from(data.decoded_len()).ok()
    {
        return Err(ReadError::message(
            "size",
            format!(
                "the link says {size} bytes; its resource has {}",
                data.decoded_len()
            ),
        ));
    }
    let mime_type = link.mime_type.clone().or(blob_mime);
    let mut meta = link.meta.clone();
    meta.remove(PAYLOAD_META_KEY);
    let kind = replaced.get("type").and_then(Value::as_str).unwrap_or("");
    let need_mime = || {
        mime_type
            .clone()
            .ok_or_else(|| ReadError::message("mimeType", "a payload link needs a MIME type"))
    };
    let block = match kind {
        "image" => {
            let mut image =
                ImageContent::new(data, need_mime()?).map_err(|v| ReadError::new("mimeType", v))?;
            image.annotations.clone_from(&link.annotations);
            image.meta = meta;
            image.extra.clone_from(&link.extra);
            ContentBlock::from(image)
        }
        "audio" => {
            let mut audio =
                AudioContent::new(data, need_mime()?).map_err(|v| ReadError::new("mimeType", v))?;
            audio.annotations.clone_from(&link.annotations);
            audio.meta = meta;
            audio.extra.clone_from(&link.extra);
            ContentBlock::from(audio)
        }
        "resource" => {
            let uri = replaced.get("uri").and_then(Value::as_str).ok_or_else(|| {
                ReadError::message(format!("_meta.{PAYLOAD_META_KEY}.uri"), "missing")
            })?;
            let uri = Uri::new(uri)
                .map_err(|v| ReadError::new(format!("_meta.{PAYLOAD_META_KEY}.uri"), v))?;
            let mut contents = BlobResourceContents::new(uri, data);
            contents.mime_type = mime_type;
            if let Some(Value::Object(inner)) = replaced.get("meta") {
                contents.meta = Meta::from_map(inner.clone())
                    .map_err(|v| ReadError::new(format!("_meta.{PAYLOAD_META_KEY}.meta"), v))?;
            }
            let mut embedded = EmbeddedResource::new(contents);
            embedded.annotations.clone_from(&link.annotations);
            embedded.meta = meta;
            embedded.extra.clone_from(&link.extra);
            ContentBlock::from(embedded)
        }
        other => {
            return Err(ReadError::message(
                format!("_meta.{PAYLOAD_META_KEY}.type"),
                format!("unknown replaced block type {other:?}"),
            ));
        }
    };
    Ok(block)
}
