//! Reading a derived enum: every variant reads the blocks side by side with its own slots;
//! the first variant (in declaration order) that reads the content without error wins.

use super::read::{Offered, unexpected_block};
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::wire::error::ReadError;

/// One variant's reading state in a derived enum's slots: still reading, or out with the
/// reason it cannot read this content.
pub enum VariantSlots<S> {
    /// Every block so far fitted.
    Reading(S),
    /// Why this variant cannot be the one.
    Failed(ReadError),
}

impl<S: Default> Default for VariantSlots<S> {
    fn default() -> Self {
        Self::Reading(S::default())
    }
}

/// The struct reader of one variant, offering a block.
pub type OfferFn<S> = fn(&mut S, usize, &mut Offered<'_>) -> Result<bool, ReadError>;

/// Offers a block to a variant still reading; whether it took it. A variant's error puts it
/// out (another variant may still read the content).
pub fn offer_variant<S>(
    state: &mut VariantSlots<S>,
    index: usize,
    block: &mut Offered<'_>,
    offer: OfferFn<S>,
) -> bool {
    let VariantSlots::Reading(slots) = state else {
        return false;
    };
    // Every variant is offered the same block, so none may move a value out of it.
    match offer(slots, index, &mut Offered::Borrowed(block)) {
        Ok(took) => took,
        Err(error) => {
            *state = VariantSlots::Failed(error);
            false
        }
    }
}

/// Puts out a variant that left a block another variant took.
pub fn reject_variant<S>(
    state: &mut VariantSlots<S>,
    took: bool,
    index: usize,
    block: &ContentBlock,
    name: &str,
) {
    if !took && matches!(state, VariantSlots::Reading(_)) {
        *state = VariantSlots::Failed(unexpected_block(index, block, name));
    }
}

/// Why a variant cannot read content whose block at `index` no variant takes.
pub fn unexpected_in_variant<S>(
    state: VariantSlots<S>,
    index: usize,
    block: &ContentBlock,
    name: &str,
) -> ReadError {
    match state {
        VariantSlots::Reading(_) => unexpected_block(index, block, name),
        VariantSlots::Failed(error) => error,
    }
}

/// Builds a variant's value once every block was offered, or says why it cannot.
pub fn finish_variant<S, T>(
    state: VariantSlots<S>,
    result_meta: &Meta,
    finish: fn(S, &Meta) -> Result<T, ReadError>,
) -> Result<T, ReadError> {
    match state {
        VariantSlots::Reading(slots) => finish(slots, result_meta),
        VariantSlots::Failed(error) => Err(error),
    }
}

/// The error when no variant of enum `name` reads the content: each variant and why.
pub fn no_variant(name: &str, errors: &[(&str, ReadError)]) -> ReadError {
    let reasons: Vec<String> = errors
        .iter()
        .map(|(variant, error)| format!("`{variant}`: {error}"))
        .collect();
    let reasons = if reasons.is_empty() {
        "it has none".to_owned()
    } else {
        reasons.join("; ")
    };
    ReadError::message(
        "content",
        format!("no variant of `{name}` reads it: {reasons}"),
    )
}
