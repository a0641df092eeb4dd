//! Several media fields of one kind told apart by their literal MIME types (`pngs` with
//! `image/png`, `jpegs` with `image/jpeg`): a block of another type is left for the others
//! rather than refused, so each block reaches the field that declares its type. A block no
//! field declares is then an unexpected block, named with the field still waiting for one.

use super::Offered;
use super::errors::shorten;
use super::offer::{offer_media, same_mime};
use super::slots::Slot;
use super::values::Decode;
use crate::derive::MediaKind;
use crate::model::content::ContentBlock;
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

/// For the error of an image or audio block no field takes while `waiting` (a field's
/// expectation, "field `pngs` expects an image (image/png)") names a MIME type of the same
/// kind: the block's own type, " of type image/gif", so the error says what differs.
pub(super) fn of_type(block: &ContentBlock, waiting: &str) -> String {
    let (kind, mime) = match block {
        ContentBlock::Image(image) => ("image", &image.mime_type),
        ContentBlock::Audio(audio) => ("audio", &audio.mime_type),
        _ => return String::new(),
    };
    // "an image (…)", "an audio (…)".
    if waiting.contains(&format!("expects an {kind} (")) {
        format!(" of type {}", shorten(mime.as_str()))
    } else {
        String::new()
    }
}
