//! Reading a whole tool result: its blocks offered to a derived type's slots (borrowed, or
//! owned so that a text is moved into its field), an `isError` result refused, and a
//! `structured` type read from `structuredContent` when there is one.

use super::result_meta::ResultMeta;
use super::{ContentSlots, Offered};
use crate::model::content::ContentBlock;
use crate::model::tool::CallToolResult;
use crate::wire::error::ReadError;

/// Reads `T` from `blocks`, skipping the block at `skip` (the JSON text of structured content).
pub(crate) fn read_content<T: ContentSlots>(
    blocks: &[ContentBlock],
    result_meta: ResultMeta<'_>,
    skip: Option<usize>,
) -> Result<T, ReadError> {
    T::finish(offer_all::<T>(blocks, skip)?, result_meta)
}

/// Offers every block but the one at `skip` to `T`'s slots.
pub(super) fn offer_all<T: ContentSlots>(
    blocks: &[ContentBlock],
    skip: Option<usize>,
) -> Result<T::Slots, ReadError> {
    offer_all_but::<T>(blocks, skip, &[]).map(|(slots, _)| slots)
}

/// Offers every block but the one at `skip` to `T`'s slots; a block at one of `optional`
/// that no field takes is passed over rather than refused. Also says how many blocks of
/// `optional` a field took.
pub(super) fn offer_all_but<T: ContentSlots>(
    blocks: &[ContentBlock],
    skip: Option<usize>,
    optional: &[usize],
) -> Result<(T::Slots, usize), ReadError> {
    let mut slots = T::Slots::default();
    let mut taken = 0;
    for (index, block) in blocks.iter().enumerate() {
        if skip == Some(index) {
            continue;
        }
        let is_optional = optional.contains(&index);
        if T::offer(&mut slots, index, &mut Offered::Borrowed(block))? {
            taken += usize::from(is_optional);
        } else if !is_optional {
            return Err(T::unexpected(slots, index, block));
        }
    }
    Ok((slots, taken))
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

/// `FromContent::from_content_and_meta` (the result's `_meta`) and `FromContent::from_content`
/// (none) of a derived type.
#[inline]
pub fn from_content<T: ContentSlots>(
    blocks: &[ContentBlock],
    result_meta: ResultMeta<'_>,
) -> Result<T, ReadError> {
    read_content(blocks, result_meta, None)
}
