//! Reading: what a generated `FromContent` impl calls. Blocks are offered one by one, in
//! order, to the fields in declaration order; each field holds a slot (`One`, `Opt`, `Many`
//! for block fields, `Param` for a field read from the values attributes take from it) and
//! each block kind has one `offer_*` function that fills a slot from a block.
//!
//! This file holds the protocol (`ContentSlots`, the block `Offered` to it and its `Text`);
//! `result` reads a whole tool result through it, `offer` takes a block into a slot per kind,
//! `slots` and `sources` hold what was read, `values` reads what a block carries, `places`,
//! `same` and `literals` check what a field or the type declares in more than one place,
//! `structured` reads `structuredContent`, and `errors` words what fits nowhere.

use std::ops::Deref;

use self::errors::unexpected_for;
use crate::content_traits::{IntoContent, WriteError};
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::wire::error::ReadError;

mod by_mime;
pub(super) mod errors;
pub(super) mod literals;
mod offer;
mod places;
pub(super) mod result;
pub(super) mod result_meta;
mod same;
mod slots;
mod sources;
pub(super) mod structured;
pub(super) mod values;

pub use by_mime::offer_media_by_mime;
pub use literals::{Expect, Lit, expect, expect_result_meta};
pub use offer::{
    Body, UriPattern, offer_link, offer_media, offer_resource, offer_text, resource_text,
};
pub use places::{Found, Places, found, meta_json, var_text};
pub use result::{from_content, read_owned};
pub use result_meta::ResultMeta;
pub use slots::{Many, One, Opt, Slot};
pub use sources::{Agree, At, From, Param, meta_entry, part, var};
pub use values::{
    Decode, FromText, TextPart, TextReader, block_audience, block_last_modified, block_meta,
    block_mime, block_priority, contents_meta, link_size, part_text, read_string, template_var,
};

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
