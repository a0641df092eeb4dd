//! What a block carries, as a field reads it: the readers a text or bytes go through
//! (`FromText`, `TextReader`, `Decode`), and the values besides the body (annotations,
//! `_meta`, MIME type, a link's parts, a template's variables) that attribute fields take and
//! the checks compare.

use std::fmt::Display;
use std::str::FromStr;

use super::Text;
use super::errors::cannot_read;
use crate::model::annotations::Role;
use crate::model::binary::Base64Data;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::model::validated::{MimeType, Priority, Timestamp};
use crate::rules::Violation;
use crate::wire::error::ReadError;

/// A text read back into a field's type: the error text says why it does not fit.
pub type TextReader<T> = fn(Text<'_>) -> Result<T, String>;

/// Bytes read back into a field's type (`BinaryField::from_data` or `FromBinary`'s).
pub type Decode<T> = fn(&Base64Data) -> Result<T, Violation>;

/// Text as it is (moved when the block is owned).
pub fn read_string(text: Text<'_>) -> Result<String, String> {
    Ok(text.into_string())
}

/// A field type read back from text (`FromStr`, whose error says why): text blocks, prompt
/// arguments and URI template variables.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be parsed from text (a text block, a prompt argument or a URI template variable)",
    label = "needs `FromStr` with a `Display` error",
    note = "text (a text block, a prompt argument, a URI template variable) is read back with `FromStr`: use `String`, a number, `bool`, or a type implementing `FromStr`; or mark a derived type `#[content(write_only)]`"
)]
pub trait FromText: Sized {
    /// Parses `text`.
    fn from_text(text: &str) -> Result<Self, String>;

    /// The `TextReader` of a text field: the error quotes the text and names the type.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "the signature of every `TextReader`; `read_string` takes the text"
    )]
    fn read_text(text: Text<'_>) -> Result<Self, String> {
        let text = text.as_str();
        Self::from_text(text).map_err(|e| cannot_read::<Self>(text, &e))
    }
}

// Not recommended: the error names `FromText` and its note, not `FromStr` and a list of
// unrelated types that implement it.
#[diagnostic::do_not_recommend]
impl<T: FromStr> FromText for T
where
    T::Err: Display,
{
    fn from_text(text: &str) -> Result<Self, String> {
        text.parse::<T>().map_err(|e| e.to_string())
    }
}

/// The audience a block's annotations carry.
pub fn block_audience(block: &ContentBlock) -> Option<Vec<Role>> {
    block.annotations().and_then(|a| a.audience.clone())
}

/// The priority a block's annotations carry.
pub fn block_priority(block: &ContentBlock) -> Option<Priority> {
    block.annotations().and_then(|a| a.priority)
}

/// The `lastModified` a block's annotations carry.
pub fn block_last_modified(block: &ContentBlock) -> Option<Timestamp> {
    block.annotations().and_then(|a| a.last_modified.clone())
}

/// A block's own `_meta`.
pub fn block_meta(block: &ContentBlock) -> Option<&Meta> {
    block.meta()
}

/// The `_meta` of an embedded resource's contents.
pub fn contents_meta(block: &ContentBlock) -> Option<&Meta> {
    match block {
        ContentBlock::Resource(b) => Some(b.resource.meta()),
        _ => None,
    }
}

/// The MIME type of a block (image, audio, embedded resource, resource link).
pub fn block_mime(block: &ContentBlock) -> Option<MimeType> {
    match block {
        ContentBlock::Image(b) => Some(b.mime_type.clone()),
        ContentBlock::Audio(b) => Some(b.mime_type.clone()),
        ContentBlock::Resource(b) => b.resource.mime_type().cloned(),
        ContentBlock::ResourceLink(b) => b.mime_type.clone(),
        _ => None,
    }
}

/// A value a block carries, as text: what a text field that also sets it is compared with.
pub fn part_text(block: &ContentBlock, part: TextPart) -> Option<String> {
    if let TextPart::Mime = part {
        return block_mime(block).map(MimeType::into_string);
    }
    if let TextPart::LastModified = part {
        return block_last_modified(block).map(|t| t.as_str().to_owned());
    }
    let ContentBlock::ResourceLink(b) = block else {
        return None;
    };
    match part {
        TextPart::Name => Some(b.name.clone()),
        TextPart::Title => b.title.clone(),
        TextPart::Description => b.description.clone(),
        TextPart::Size => b.size.as_ref().map(ToString::to_string),
        TextPart::Uri => Some(b.uri.as_str().to_owned()),
        TextPart::Mime | TextPart::LastModified => None,
    }
}

/// The `size` of a resource link block (the one at `index`), for a `u64` field.
///
/// # Errors
/// A size the schemas allow but no `u64` holds (negative, past 64 bits): the field cannot
/// take it, and reading it as "no size" would lose it.
pub fn link_size(block: &ContentBlock, index: usize) -> Result<Option<u64>, ReadError> {
    let ContentBlock::ResourceLink(b) = block else {
        return Ok(None);
    };
    let Some(size) = &b.size else {
        return Ok(None);
    };
    size.as_u64().map(Some).ok_or_else(|| {
        ReadError::new(
            format!("content[{index}].size"),
            Violation::new(
                crate::rules::Rule::Type,
                format!(
                    "size {} does not fit the field's u64 (a negative size or one past 64 bits \
                     is valid on the wire, but this field cannot hold it)",
                    crate::wire::error::cut(&size.to_string())
                ),
            ),
        )
    })
}

/// The values a block carries that a text field may also set.
#[derive(Clone, Copy)]
pub enum TextPart {
    /// A link's `name`.
    Name,
    /// A link's `title`.
    Title,
    /// A link's `description`.
    Description,
    /// A link's `size`.
    Size,
    /// A link's `uri`.
    Uri,
    /// The `mimeType` of an image, audio, embedded resource or link.
    Mime,
    /// `annotations.lastModified`.
    LastModified,
}

/// The value a template match gave `name`.
pub fn template_var<'a>(vars: &'a [(String, String)], name: &str) -> Option<&'a str> {
    vars.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}
