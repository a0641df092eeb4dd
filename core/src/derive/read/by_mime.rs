//! Several media fields of one kind told apart by their literal MIME types (`pngs` with
//! `image/png`, `jpegs` with `image/jpeg`): a block of another type is left for the others
//! rather than refused, so each block reaches the field that declares its type. A block no
//! field declares is then an unexpected block, named with the field still waiting for one.

use super::Offered;
use super::offer::{offer_media, same_mime};
use super::slots::Slot;
use super::values::Decode;
use crate::derive::MediaKind;
use crate::wire::error::ReadError;

/// [`offer_media`] for a field whose layout has another field of kind `K` with another
/// literal MIME type: a block whose MIME type is not `mime` is not taken (`Ok(false)`).
pub fn offer_media_by_mime<K: MediaKind, S: Slot>(
    kind: K,
    slot: &mut S,
    index: usize,
    block: &mut Offered<'_>,
    field: &str,
    mime: &str,
    from_data: Decode<S::Item>,
) -> Result<bool, ReadError> {
    match K::parts(block) {
        Some((_, found)) if same_mime(mime, found.as_str()) => {
            offer_media(kind, slot, index, block, field, mime, from_data)
        }
        _ => Ok(false),
    }
}
