//! What a `#[resource]` function may return: every type here becomes a
//! [`ReadResourceResult`] through [`IntoReadResourceResult`], given the URI that was read and
//! the MIME type the attribute declares.
//!
//! | return type | contents |
//! |---|---|
//! | `String`, `&str` | one text contents at the URI read, with the declared MIME type |
//! | `Vec<u8>`, [`Base64Data`] | one blob contents at the URI read, with the declared MIME type |
//! | [`ResourceContents`], `Vec<ResourceContents>` | as they are |
//! | [`ReadResourceResult`] | as it is |
//! | a `#[derive(Content)]` struct | per block: an embedded resource's contents as they are; a text block as text contents, an image or audio block as blob contents (with the block's MIME type) at the URI read; its result `_meta` becomes the result's |
//! | `Result<T, E: Into<ProtocolError>>` | `Err(e)`: the request fails with `e` |
//!
//! A derived type whose blocks include a resource link (or a block of an unknown type) fails
//! the read with an internal error: a link is not contents, and nothing is dropped silently.
//! So does one with a value `serde_json` refuses (a `text(json)` or `_meta` value): the error
//! names the field, the place and serde's message (see [`WriteError`](crate::WriteError)).
//!
//! ```
//! use mcp_content::IntoReadResourceResult;
//! use mcp_content::model::{MimeType, ResourceContents, Uri};
//!
//! let uri = Uri::new("test://static-text").unwrap();
//! let mime = MimeType::new("text/plain").unwrap();
//! let result = "hello".into_read_resource_result(&uri, Some(&mime)).unwrap();
//! let ResourceContents::Text(text) = &result.contents[0] else { panic!() };
//! assert_eq!((text.uri.as_str(), text.text.as_str()), ("test://static-text", "hello"));
//! ```

use crate::content_traits::IntoContent;
use crate::model::binary::Base64Data;
use crate::model::content::{
    BlobResourceContents, ContentBlock, ResourceContents, TextResourceContents,
};
use crate::model::meta::Meta;
use crate::model::resource::ReadResourceResult;
use crate::model::validated::{MimeType, Uri};
use crate::server::handler::ProtocolError;

/// A value a `#[resource]` function returns.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a `#[resource]` function",
    label = "not a resource result",
    note = "return a type that implements `Content` (`#[derive(Content)]`), `String` or `&str` (text), `Vec<u8>` or `Base64Data` (blob), `ResourceContents`, `Vec<ResourceContents>`, `ReadResourceResult`, or a `Result` of one of these whose error converts into `ProtocolError` (a `String` error does)"
)]
pub trait IntoReadResourceResult {
    /// The `resources/read` result for `uri` (the URI that was read), with the declared
    /// `mime_type` for contents that have none of their own.
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError>;
}

fn one(contents: impl Into<ResourceContents>) -> ReadResourceResult {
    ReadResourceResult::new(vec![contents.into()])
}

fn text(uri: &Uri, mime_type: Option<&MimeType>, text: String) -> TextResourceContents {
    TextResourceContents {
        mime_type: mime_type.cloned(),
        ..TextResourceContents::new(uri.clone(), text)
    }
}

fn blob(uri: &Uri, mime_type: Option<&MimeType>, data: Base64Data) -> BlobResourceContents {
    BlobResourceContents {
        mime_type: mime_type.cloned(),
        ..BlobResourceContents::new(uri.clone(), data)
    }
}

impl IntoReadResourceResult for String {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(one(text(uri, mime_type, self)))
    }
}

impl IntoReadResourceResult for &str {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(one(text(uri, mime_type, self.to_owned())))
    }
}

impl IntoReadResourceResult for Vec<u8> {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(one(blob(uri, mime_type, Base64Data::from_bytes(self))))
    }
}

impl IntoReadResourceResult for Base64Data {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(one(blob(uri, mime_type, self)))
    }
}

impl IntoReadResourceResult for ResourceContents {
    fn into_read_resource_result(
        self,
        _uri: &Uri,
        _mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(one(self))
    }
}

impl IntoReadResourceResult for Vec<ResourceContents> {
    fn into_read_resource_result(
        self,
        _uri: &Uri,
        _mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(ReadResourceResult::new(self))
    }
}

impl IntoReadResourceResult for ReadResourceResult {
    fn into_read_resource_result(
        self,
        _uri: &Uri,
        _mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        Ok(self)
    }
}

// Hidden from diagnostics: a type that is neither listed nor derived is reported as
// not a result of the handler, never as a missing `IntoContent`.
#[diagnostic::do_not_recommend]
impl<T: IntoContent> IntoReadResourceResult for T {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        let mut blocks = Vec::new();
        let mut meta = Meta::new();
        self.try_extend_content(&mut blocks, &mut meta)?;
        let contents = blocks
            .into_iter()
            .enumerate()
            .map(|(index, block)| block_contents(index, block, uri, mime_type))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ReadResourceResult {
            meta,
            ..ReadResourceResult::new(contents)
        })
    }
}

fn block_contents(
    index: usize,
    block: ContentBlock,
    uri: &Uri,
    mime_type: Option<&MimeType>,
) -> Result<ResourceContents, ProtocolError> {
    Ok(match block {
        ContentBlock::Resource(embedded) => embedded.resource,
        ContentBlock::Text(block) => TextResourceContents {
            meta: block.meta,
            ..text(uri, mime_type, block.text)
        }
        .into(),
        ContentBlock::Image(block) => BlobResourceContents {
            meta: block.meta,
            ..blob(uri, Some(&block.mime_type), block.data)
        }
        .into(),
        ContentBlock::Audio(block) => BlobResourceContents {
            meta: block.meta,
            ..blob(uri, Some(&block.mime_type), block.data)
        }
        .into(),
        other => {
            return Err(ProtocolError::internal(format!(
                "content[{index}]: a {} block cannot be resource contents",
                other.kind()
            )));
        }
    })
}

impl<T: IntoReadResourceResult, E: Into<ProtocolError>> IntoReadResourceResult for Result<T, E> {
    fn into_read_resource_result(
        self,
        uri: &Uri,
        mime_type: Option<&MimeType>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        self.map_err(Into::into)?
            .into_read_resource_result(uri, mime_type)
    }
}
