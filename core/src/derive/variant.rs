//! Reading a derived enum: every variant reads the blocks side by side with its own slots;
//! the first variant (in declaration order) that reads the content without error wins.

use super::read::Offered;
use super::read::errors::unexpected_for;
use super::read::result_meta::ResultMeta;
use crate::model::content::ContentBlock;
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

/// A variant's `finish`.
pub type FinishFn<S, T> = fn(S, ResultMeta<'_>) -> Result<T, ReadError>;

/// Puts out a variant that left a block another variant took: the error names the variant's
/// field still waiting for a block, as a struct's does.
pub fn reject_variant<S, T>(
    state: &mut VariantSlots<S>,
    took: bool,
    (index, block): (usize, &ContentBlock),
    name: &str,
    finish: FinishFn<S, T>,
) {
    if took || !matches!(state, VariantSlots::Reading(_)) {
        return;
    }
    let placeholder = VariantSlots::Failed(ReadError::message("content", ""));
    if let VariantSlots::Reading(slots) = std::mem::replace(state, placeholder) {
        *state = VariantSlots::Failed(unexpected_for(slots, finish, index, block, name));
    }
}

/// Why a variant cannot read content whose block at `index` no variant takes.
pub fn unexpected_in_variant<S, T>(
    state: VariantSlots<S>,
    (index, block): (usize, &ContentBlock),
    name: &str,
    finish: FinishFn<S, T>,
) -> ReadError {
    match state {
        VariantSlots::Reading(slots) => unexpected_for(slots, finish, index, block, name),
        VariantSlots::Failed(error) => error,
    }
}

/// Builds a variant's value once every block was offered, or says why it cannot.
pub fn finish_variant<S, T>(
    state: VariantSlots<S>,
    result_meta: ResultMeta<'_>,
    finish: impl FnOnce(S, ResultMeta<'_>) -> Result<T, ReadError>,
) -> Result<T, ReadError> {
    match state {
        VariantSlots::Reading(slots) => finish(slots, result_meta),
        VariantSlots::Failed(error) => Err(error),
    }
}

/// How many variants the error of [`no_variant`] names, and how long each reason may be: an
/// enum of many variants (or a reason quoting a long value) gives an error of bounded length.
const REASONS: usize = 8;
const REASON_CHARS: usize = 300;

/// The error when no variant of enum `name` reads the content: each variant and why (the
/// first `REASONS` (8), each cut to `REASON_CHARS` (300) characters).
pub fn no_variant(name: &str, errors: &[(&str, ReadError)]) -> ReadError {
    let mut reasons: Vec<String> = errors
        .iter()
        .take(REASONS)
        .map(|(variant, error)| {
            let reason = error.to_string();
            match reason.char_indices().nth(REASON_CHARS) {
                Some((cut, _)) => format!("`{variant}`: {}…", &reason[..cut]),
                None => format!("`{variant}`: {reason}"),
            }
        })
        .collect();
    if errors.len() > REASONS {
        reasons.push(format!("and {} more variants", errors.len() - REASONS));
    }
    let reasons = if reasons.is_empty() {
        "it has none".to_owned()
    } else {
        reasons.join("; ")
    };
    // The literal entries the named variants' errors lack are this error's too.
    errors.iter().take(REASONS).fold(
        ReadError::message(
            "content",
            format!("no variant of `{name}` reads it: {reasons}"),
        ),
        |error, (_, reason)| error.lacking_literals_of(reason),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reason_is_cut_and_many_variants_are_counted() {
        let long = ReadError::message("content", "x".repeat(1_000));
        let errors: Vec<(&str, ReadError)> = (0..12)
            .map(|_| ("V", ReadError::message("content", "y")))
            .chain([("L", long)])
            .collect();
        let error = no_variant("E", &errors[12..]).to_string();
        let reason = error.split_once("`L`: ").unwrap().1;
        assert_eq!(reason.chars().count(), REASON_CHARS + 1);
        assert!(reason.ends_with('…'));
        let error = no_variant("E", &errors).to_string();
        assert_eq!(error.matches("`V`").count(), REASONS);
        assert!(error.ends_with("; and 5 more variants"), "{error}");
    }

    #[test]
    fn the_literals_the_named_variants_lack_are_the_enums_by_mark_not_by_wording() {
        let lacks = |key: &str| ReadError::message("_meta.k", "declares").lacking_literal(key);
        // Worded as a literal refusal, but not one: not marked.
        let worded = ReadError::message(
            "_meta.w",
            "field `x` declares _meta entry \"w\" 1, found none (a block or result is read only when it carries the literal values its attributes write)",
        );
        let errors = [("A", lacks("a")), ("B", worded), ("C", lacks("c"))];
        let error = no_variant("E", &errors);
        assert!(error.lacks_literal("a") && error.lacks_literal("c"));
        assert!(!error.lacks_literal("w") && !error.lacks_literal("b"));
        // A nested enum's marks pass through; a reason cut short keeps its mark.
        let long_key = "k".repeat(2 * REASON_CHARS);
        let inner = no_variant("Inner", &[("L", lacks(&long_key))]);
        let outer = no_variant("Outer", &[("I", inner)]);
        assert!(outer.lacks_literal(&long_key));
        // Only the variants the message names are counted.
        let many: Vec<(&str, ReadError)> = (0..REASONS)
            .map(|_| ("V", ReadError::message("content", "y")))
            .chain([("Z", lacks("z"))])
            .collect();
        assert!(!no_variant("E", &many).lacks_literal("z"));
    }
}
