//! Reading: what a generated `FromContent` impl calls. Blocks are offered one by one, in
//! order, to the fields in declaration order; each field holds a slot (`One`, `Opt`, `Many`
//! for block fields, `Param` for a field read from the values attributes take from it) and
//! each block kind has one `offer_*` function that fills a slot from a block.

use std::fmt::Display;
use std::ops::Deref;
use std::str::FromStr;

use serde::de::DeserializeOwned;

use super::MediaKind;
use crate::content_traits::{IntoContent, WriteError};
use crate::model::annotations::Role;
use crate::model::binary::Base64Data;
use crate::model::content::{ContentBlock, ResourceContents};
use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::model::validated::{MimeType, Priority, Timestamp, Uri};
use crate::rules::{UriTemplate, Violation};
use crate::wire::error::ReadError;

mod by_mime;
mod literals;
mod places;
mod same;
mod slots;
mod sources;
mod structured;

pub use by_mime::offer_media_by_mime;
pub use literals::{Expect, Lit, ResultMeta, expect, expect_result_meta};
pub use places::{Found, Places, found, meta_json, var_text};
pub use slots::{Many, One, Opt, Slot};
pub use sources::{Agree, At, From, Param, meta_entry, part, var};

/// The reading protocol behind `FromContent`: a nested `flatten` field's type takes part
/// with its own slots.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a type that implements Content",
    label = "`flatten` needs a type that implements Content",
    note = "`flatten` takes a type with `#[derive(Content)]`, as is; a single value goes in its own block with `text`, `text(json)`, `image`, `audio`, `resource` or `link` instead",
    note = "a derived type that is written only (`#[content(write_only)]`, or with generic parameters) reads nothing back: flatten it only into a `#[content(write_only)]` type"
)]
pub trait ContentSlots: IntoContent + Sized {
    /// What has been read so far.
    type Slots: Default + 'static;

    /// The type's name, for errors.
    const NAME: &'static str;

    /// The literal entries the type declares in the result's `_meta`
    /// (`#[content(meta("key" = "v"))]`): a result read back must carry them. An enum's are
    /// checked by each variant's `finish`, with the variant's own.
    const RESULT_META: &'static [(&'static str, Lit)] = &[];

    /// Takes `block` (at `index`) into a slot, or returns `false` when no field wants it.
    fn offer(
        slots: &mut Self::Slots,
        index: usize,
        block: &mut Offered<'_>,
    ) -> Result<bool, ReadError>;

    /// Builds the value once every block was offered.
    fn finish(slots: Self::Slots, result_meta: ResultMeta<'_>) -> Result<Self, ReadError>;

    /// [`ContentSlots::finish`], the fields that have no place in the content (those of a
    /// `structured` type, which are in `structuredContent` only) taken from `base`.
    fn finish_with(
        slots: Self::Slots,
        result_meta: ResultMeta<'_>,
        base: Option<Self>,
    ) -> Result<Self, ReadError> {
        let _ = base;
        Self::finish(slots, result_meta)
    }

    /// The error when no field takes the block at `index` (an enum names each variant's
    /// reason).
    fn unexpected(slots: Self::Slots, index: usize, block: &ContentBlock) -> ReadError {
        unexpected_for(slots, Self::finish, index, block, Self::NAME)
    }

    /// Writes the type as a `flatten` field of another (its `IntoContent`): the generated
    /// code names every use of a flattened type through this trait, so a type that is not
    /// `Content` is reported once, at the field's type.
    #[inline]
    fn extend_nested(
        self,
        blocks: &mut Vec<ContentBlock>,
        result_meta: &mut Meta,
    ) -> Result<(), WriteError> {
        self.try_extend_content(blocks, result_meta)
    }

    /// Offers a block to the type as a `flatten` field of another.
    fn offer_nested(
        slot: &mut Nested,
        index: usize,
        block: &mut Offered<'_>,
    ) -> Result<bool, ReadError> {
        let slots = slot
            .0
            .get_or_insert_with(|| Box::new(Self::Slots::default()))
            .downcast_mut::<Self::Slots>();
        // Only this type's own slots are ever stored in `slot`.
        slots.map_or(Ok(false), |slots| Self::offer(slots, index, block))
    }

    /// Builds the type as a `flatten` field of another.
    fn finish_nested(slot: Nested, result_meta: ResultMeta<'_>) -> Result<Self, ReadError> {
        let slots = slot
            .0
            .and_then(|slots| slots.downcast::<Self::Slots>().ok())
            .map_or_else(Self::Slots::default, |slots| *slots);
        Self::finish(slots, result_meta)
    }
}

/// The slot of a `flatten` field: the nested type's own slots, behind a type that does not
/// name it (a field type that is not `Content` then gives one error, not one per mention).
#[derive(Default)]
pub struct Nested(Option<Box<dyn std::any::Any>>);

/// While [`ContentSlots::unexpected`] finishes what was read: the first `Option` field still
/// empty or `Vec` field, which could take another block.
#[derive(Default)]
enum Open {
    /// Not asked (reading as usual).
    #[default]
    Off,
    /// Asked, none noted yet.
    Looking,
    /// "field `x` expects an image".
    Found(String),
}

thread_local! {
    static OPEN: std::cell::Cell<Open> = const { std::cell::Cell::new(Open::Off) };
}

/// Notes field `field`, which could take another `what` block, if it is the first.
fn note_open(field: &str, what: &str) {
    let state = match OPEN.take() {
        Open::Looking => Open::Found(format!("field `{field}` expects {what}")),
        other => other,
    };
    OPEN.set(state);
}

/// The error when no field of `name` (a struct, or an enum's variant `Enum::Variant`) takes
/// the block at `index`: it names the field still waiting for a block and what that field
/// expects. Finishing what was read so far names the first single-block field still waiting
/// (`One::take`'s error), else the first `Option` or `Vec` field that could still take a
/// block (noted by their `take`); no generated code is needed for it.
pub(crate) fn unexpected_for<S, T>(
    slots: S,
    finish: fn(S, ResultMeta<'_>) -> Result<T, ReadError>,
    index: usize,
    block: &ContentBlock,
    name: &str,
) -> ReadError {
    OPEN.set(Open::Looking);
    let missing = finish(slots, ResultMeta::Of(&Meta::new()))
        .err()
        .and_then(|e| {
            let detail = e.detail();
            let what = detail.strip_suffix(" block; found none")?;
            detail.starts_with("field `").then(|| what.to_owned())
        });
    let waiting = missing.or(match OPEN.take() {
        Open::Found(open) => Some(open),
        Open::Off | Open::Looking => None,
    });
    match waiting {
        Some(waiting) => ReadError::message(
            format!("content[{index}]"),
            format!(
                "unexpected {kind} block{of_type}: {waiting} block and no field of `{name}` is left to take {article} {kind} block",
                // An unknown block's type is the peer's text: cut as every quoted value.
                kind = crate::wire::error::cut(block.kind()),
                of_type = by_mime::of_type(block, &waiting),
                article = if block.kind().starts_with(['a', 'i']) {
                    "an"
                } else {
                    "a"
                },
            ),
        ),
        None => unexpected_block(index, block, name),
    }
}

/// The error for a block no field of `name` takes.
fn unexpected_block(index: usize, block: &ContentBlock, name: &str) -> ReadError {
    ReadError::message(
        format!("content[{index}]"),
        format!(
            "unexpected {} block: no field of `{name}` is left to take it",
            crate::wire::error::cut(block.kind())
        ),
    )
}

/// A block offered to the fields of a derived type: borrowed (what a field takes is copied)
/// or owned (what a field takes is moved out: a text field gets the block's `String` itself).
///
/// A block a field took is not offered to another, so moving its value out is not seen.
pub enum Offered<'a> {
    /// From a borrowed result.
    Borrowed(&'a ContentBlock),
    /// From an owned result.
    Owned(&'a mut ContentBlock),
}

impl Deref for Offered<'_> {
    type Target = ContentBlock;
    fn deref(&self) -> &ContentBlock {
        match self {
            Offered::Borrowed(block) => block,
            Offered::Owned(block) => block,
        }
    }
}

/// The text of a block, as a text reader gets it: moved out when the block is owned.
pub enum Text<'a> {
    /// Borrowed from the block.
    Borrowed(&'a str),
    /// The block's own `String`, to take.
    Owned(&'a mut String),
}

impl Text<'_> {
    /// The text.
    pub fn as_str(&self) -> &str {
        match self {
            Text::Borrowed(text) => text,
            Text::Owned(text) => text,
        }
    }

    /// The text as a `String`: taken when owned, copied when borrowed.
    pub fn into_string(self) -> String {
        match self {
            Text::Borrowed(text) => text.to_owned(),
            Text::Owned(text) => std::mem::take(text),
        }
    }
}

/// Reads `T` from `blocks`, skipping the block at `skip` (the JSON text of structured content).
pub(crate) fn read_content<T: ContentSlots>(
    blocks: &[ContentBlock],
    result_meta: ResultMeta<'_>,
    skip: Option<usize>,
) -> Result<T, ReadError> {
    T::finish(offer_all::<T>(blocks, skip)?, result_meta)
}

/// Offers every block but the one at `skip` to `T`'s slots.
fn offer_all<T: ContentSlots>(
    blocks: &[ContentBlock],
    skip: Option<usize>,
) -> Result<T::Slots, ReadError> {
    let mut slots = T::Slots::default();
    for (index, block) in blocks.iter().enumerate() {
        if skip == Some(index) {
            continue;
        }
        if !T::offer(&mut slots, index, &mut Offered::Borrowed(block))? {
            return Err(T::unexpected(slots, index, block));
        }
    }
    Ok(slots)
}

/// [`read_content`] from owned blocks: what a field takes is moved out of its block.
fn read_content_owned<T: ContentSlots>(
    mut blocks: Vec<ContentBlock>,
    result_meta: ResultMeta<'_>,
) -> Result<T, ReadError> {
    let mut slots = T::Slots::default();
    for (index, block) in blocks.iter_mut().enumerate() {
        if !T::offer(&mut slots, index, &mut Offered::Owned(block))? {
            return Err(T::unexpected(slots, index, block));
        }
    }
    T::finish(slots, result_meta)
}

/// `FromContent::from_owned_call_tool_result` of a derived type: the blocks' texts are moved
/// into the fields, not copied.
pub fn read_owned<T: ContentSlots>(result: CallToolResult) -> Result<T, ReadError> {
    if result.is_error() {
        return Err(crate::content_traits::tool_error(&result));
    }
    read_content_owned(result.content, ResultMeta::Of(&result.meta))
}

/// [`read_structured`] from an owned result: the blocks by value when there is no
/// `structuredContent` (bounded like the borrowed read, so a type missing `Deserialize` is
/// reported once, there).
pub(crate) fn read_structured_owned<T: ContentSlots + crate::content_traits::FromContent>(
    result: CallToolResult,
) -> Result<T, ReadError> {
    if result.structured_content.is_some() || result.is_error() {
        return T::from_call_tool_result(&result);
    }
    read_content_owned(result.content, ResultMeta::Of(&result.meta))
}

/// Reads a structured type from a tool result: from `structuredContent` (the type's whole
/// serde form) when there is one, compared with the blocks; else from the blocks.
pub(crate) fn read_structured<T: ContentSlots + DeserializeOwned + serde::Serialize>(
    result: &CallToolResult,
) -> Result<T, ReadError> {
    if result.is_error() {
        return Err(crate::content_traits::tool_error(result));
    }
    structured::read_structured(result)
}

/// `FromContent::from_content_and_meta` (the result's `_meta`) and `FromContent::from_content`
/// (none) of a derived type.
#[inline]
pub fn from_content<T: ContentSlots>(
    blocks: &[ContentBlock],
    result_meta: ResultMeta<'_>,
) -> Result<T, ReadError> {
    read_content(blocks, result_meta, None)
}

// ---------------------------------------------------------------------------------------
// Values of a block

/// A text read back into a field's type: the error text says why it does not fit.
pub type TextReader<T> = fn(Text<'_>) -> Result<T, String>;

/// Bytes read back into a field's type (`BinaryField::from_data` or `FromBinary`'s).
pub type Decode<T> = fn(&Base64Data) -> Result<T, Violation>;

/// Text as it is (moved when the block is owned).
pub fn read_string(text: Text<'_>) -> Result<String, String> {
    Ok(text.into_string())
}

fn cannot_read<T>(text: &str, error: &str) -> String {
    format!(
        "cannot read {:?} as {}: {error}",
        shorten(text),
        type_name::<T>()
    )
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

/// The value a template match gave `name`.
pub fn template_var<'a>(vars: &'a [(String, String)], name: &str) -> Option<&'a str> {
    vars.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

// ---------------------------------------------------------------------------------------
// Offering a block: one function per kind

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
fn same_mime(a: &str, b: &str) -> bool {
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

fn join(prefix: &str, path: &str) -> String {
    match path {
        "" | "." => prefix.to_owned(),
        p if p.starts_with('[') => format!("{prefix}{p}"),
        p => format!("{prefix}.{p}"),
    }
}

fn type_name<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    // `alloc::string::String` reads better as `String`.
    match full.rsplit_once("::") {
        Some((path, last)) if !path.contains('<') => last,
        _ => full,
    }
}

fn shorten(text: &str) -> &str {
    match text.char_indices().nth(40) {
        Some((cut, _)) => &text[..cut],
        None => text,
    }
}
