//! Offering a block: one function per kind (`offer_text`, `offer_media`, `offer_resource`,
//! `offer_link`), each taking the block into a field's slot when it fits, refusing a MIME
//! type other than the field's literal one, and naming the field when its value does not
//! read.

use super::errors::shorten;
use super::slots::Slot;
use super::values::{Decode, TextReader};
use super::{Offered, Text};
use crate::derive::MediaKind;
use crate::model::binary::Base64Data;
use crate::model::content::{ContentBlock, ResourceContents};
use crate::model::validated::{MimeType, Uri};
use crate::rules::{UriTemplate, Violation};
use crate::wire::error::ReadError;

fn text_error(index: usize, rest: &str, field: &str, detail: &str) -> ReadError {
    ReadError::message(
        format!("content[{index}]{rest}"),
        format!("field `{field}`: {detail}"),
    )
}

fn binary<T>(
    data: &Base64Data,
    decode: Decode<T>,
    index: usize,
    rest: &str,
    field: &str,
) -> Result<T, ReadError> {
    decode(data).map_err(|violation| {
        let message = format!("field `{field}`: {}", violation.message);
        ReadError::new(
            format!("content[{index}]{rest}"),
            Violation::new(violation.rule, message),
        )
    })
}

/// Takes a text block into `slot`.
pub fn offer_text<S: Slot>(
    slot: &mut S,
    index: usize,
    block: &mut Offered<'_>,
    field: &str,
    read: TextReader<S::Item>,
) -> Result<bool, ReadError> {
    if !slot.has_room() {
        return Ok(false);
    }
    let text = match block {
        Offered::Borrowed(ContentBlock::Text(b)) => Text::Borrowed(&b.text),
        Offered::Owned(ContentBlock::Text(b)) => Text::Owned(&mut b.text),
        _ => return Ok(false),
    };
    let value = read(text).map_err(|e| text_error(index, ".text", field, &e))?;
    slot.put(value);
    Ok(true)
}

/// Takes an image or audio block (`K`) into `slot`. `mime` is the field's literal MIME type
/// (empty for a MIME type taken from a field, or `any_mime`): a block of another type is
/// refused. `from_data` is the field type's `BinaryField::from_data`, named by the generated
/// code at the field's type (where a type that carries no bytes is reported, once).
pub fn offer_media<K: MediaKind, S: Slot>(
    _: K,
    slot: &mut S,
    index: usize,
    block: &mut Offered<'_>,
    field: &str,
    mime: &str,
    from_data: Decode<S::Item>,
) -> Result<bool, ReadError> {
    let Some((data, block_mime)) = K::parts(block) else {
        return Ok(false);
    };
    if !slot.has_room() {
        return Ok(false);
    }
    check_mime(mime, Some(block_mime), (index, ""), field, K::NAME)?;
    slot.put(binary(data, from_data, index, ".data", field)?);
    Ok(true)
}

/// A block's MIME type against the field's literal one: the same type and subtype (ASCII
/// case-insensitive, parameters aside). `what` names the block (`image`, `audio`,
/// `resource`); an empty `declared` reads any type, and a resource that names no MIME type is
/// read as the declared one.
fn check_mime(
    declared: &str,
    found: Option<&MimeType>,
    (index, rest): (usize, &str),
    field: &str,
    what: &str,
) -> Result<(), ReadError> {
    let Some(found) = found.filter(|_| !declared.is_empty()) else {
        return Ok(());
    };
    if same_mime(declared, found.as_str()) {
        return Ok(());
    }
    let article = if what.starts_with(['a', 'i']) {
        "an"
    } else {
        "a"
    };
    Err(ReadError::message(
        format!("content[{index}]{rest}.mimeType"),
        format!(
            "field `{field}` declares MIME type {declared}, found {}: a field with a literal `mime` reads only {what} blocks of that type \
             (mark it `any_mime` to read {article} {what} of any type)",
            shorten(found.as_str())
        ),
    ))
}

/// Whether two MIME types have the same type and subtype (ASCII case-insensitive,
/// parameters aside).
pub(super) fn same_mime(a: &str, b: &str) -> bool {
    let essence = |mime: &str| {
        mime.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    };
    essence(a) == essence(b)
}

/// The URI a resource field takes: a literal, or a template whose variables are read back.
#[derive(Clone, Copy)]
pub enum UriPattern<'t> {
    /// A fixed URI.
    Literal(&'static str),
    /// An RFC 6570 template.
    Template(&'t UriTemplate),
}

/// How the contents of an embedded resource are read.
pub enum Body<T> {
    /// `text` contents, read with a text reader.
    Text(TextReader<T>),
    /// `blob` contents, decoded (the field type's `BinaryField::from_data`).
    Blob(Decode<T>),
}

impl<T> Clone for Body<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl UriPattern<'_> {
    /// The variables of `uri` when the pattern matches it (none for a literal).
    fn vars(self, uri: &Uri) -> Option<Vec<(String, String)>> {
        match self {
            UriPattern::Literal(literal) => (uri.as_str() == literal).then(Vec::new),
            UriPattern::Template(template) => template.match_uri(uri.as_str()),
        }
    }
}

// Function pointers are `Copy` whatever `T` is (a derive would ask `T: Copy`).
impl<T> Copy for Body<T> {}

/// The text contents of an embedded resource block whose URI `uri` matches (what a resource
/// field would take): compared before the offer, which may move the text out.
pub fn resource_text<'b>(block: &'b ContentBlock, uri: UriPattern<'_>) -> Option<&'b str> {
    let ContentBlock::Resource(b) = block else {
        return None;
    };
    let ResourceContents::Text(c) = &b.resource else {
        return None;
    };
    uri.vars(&c.uri).map(|_| c.text.as_str())
}

/// Takes an embedded resource whose URI matches `uri` into `slot`; the template's variables
/// when it did (empty for a literal URI). `mime` is the field's literal MIME type (empty for
/// none, one taken from a field, or `any_mime`): a resource of another type is refused.
pub fn offer_resource<S: Slot>(
    slot: &mut S,
    index: usize,
    block: &mut Offered<'_>,
    field: &str,
    uri: UriPattern<'_>,
    mime: &str,
    body: Body<S::Item>,
) -> Result<Option<Vec<(String, String)>>, ReadError> {
    let ContentBlock::Resource(b) = &**block else {
        return Ok(None);
    };
    if !slot.has_room() {
        return Ok(None);
    }
    let Some(vars) = uri.vars(b.resource.uri()) else {
        return Ok(None);
    };
    check_mime(
        mime,
        b.resource.mime_type(),
        (index, ".resource"),
        field,
        "resource",
    )?;
    let value = match (body, contents_text(block)) {
        (Body::Text(read), Some(text)) => {
            read(text).map_err(|e| text_error(index, ".resource.text", field, &e))?
        }
        (Body::Blob(decode), None) => {
            let ContentBlock::Resource(b) = &**block else {
                return Ok(None);
            };
            let ResourceContents::Blob(c) = &b.resource else {
                return Ok(None);
            };
            decode(&c.blob).map_err(|v| {
                ReadError::new(
                    format!("content[{index}].resource.blob"),
                    Violation::new(v.rule, format!("field `{field}`: {}", v.message)),
                )
            })?
        }
        (body, _) => {
            let (want, found) = match body {
                Body::Text(_) => ("text", "blob"),
                Body::Blob(_) => ("blob", "text"),
            };
            return Err(ReadError::message(
                format!("content[{index}].resource"),
                format!("field `{field}` expects {want} contents, found {found}"),
            ));
        }
    };
    slot.put(value);
    Ok(Some(vars))
}

/// The text of an embedded resource's text contents (`None` for blob contents).
fn contents_text<'a>(block: &'a mut Offered<'_>) -> Option<Text<'a>> {
    match block {
        Offered::Borrowed(ContentBlock::Resource(b)) => match &b.resource {
            ResourceContents::Text(c) => Some(Text::Borrowed(&c.text)),
            ResourceContents::Blob(_) => None,
        },
        Offered::Owned(ContentBlock::Resource(b)) => match &mut b.resource {
            ResourceContents::Text(c) => Some(Text::Owned(&mut c.text)),
            ResourceContents::Blob(_) => None,
        },
        _ => None,
    }
}

/// Takes the resource link at `index` into `slot`; a link field with a literal `name` takes
/// only links of that name. `mime` is the field's literal MIME type (empty for none, one taken
/// from a field, or `any_mime`): a link of another type is refused, one that names none is
/// read as the declared one.
pub fn offer_link<S: Slot>(
    slot: &mut S,
    index: usize,
    block: &mut Offered<'_>,
    field: &str,
    name: Option<&str>,
    mime: &str,
    from_uri: fn(&Uri) -> S::Item,
) -> Result<bool, ReadError> {
    let ContentBlock::ResourceLink(b) = &**block else {
        return Ok(false);
    };
    if !slot.has_room() || name.is_some_and(|name| b.name != name) {
        return Ok(false);
    }
    check_mime(
        mime,
        b.mime_type.as_ref(),
        (index, ""),
        field,
        "resource_link",
    )?;
    slot.put(from_uri(&b.uri));
    Ok(true)
}
