//! Following payload links: a result whose large binary blocks a server sent as links
//! ([`RouterBuilder::max_inline`](crate::RouterBuilder::max_inline)) read back as the
//! blocks they replaced, so `FromContent` types read it as if it had been sent inline.

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
/// image, audio or blob resource block it replaced, annotations and `_meta` included. Other
/// links are left alone. Errors name the block (`content[2]`).
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
    let mut inlined = result.clone();
    for (index, block) in inlined.content.iter_mut().enumerate() {
        let ContentBlock::ResourceLink(link) = block else {
            continue;
        };
        let Some(replaced) = link.meta.get_value(PAYLOAD_META_KEY) else {
            continue;
        };
        let path = format!("content[{index}]");
        let read = reader
            .read_resource(link.uri.as_str())
            .await
            .map_err(|e| e.within(&path))?;
        *block = restore(link, &replaced, read).map_err(|e| e.within(&path))?;
    }
    Ok(inlined)
}

/// Reads `T` from `result` after [`inline_payload_links`].
pub async fn read_following_links<T: FromContent>(
    result: &CallToolResult,
    reader: &(impl ResourceReader + ?Sized),
) -> Result<T, ReadError> {
    T::from_call_tool_result(&inline_payload_links(result, reader).await?)
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
