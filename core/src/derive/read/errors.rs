//! The errors of reading that are no one field's: the block no field takes (naming the
//! field still waiting for one and what it expects), and how error texts quote a value and
//! name a type.

use super::result_meta::ResultMeta;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::wire::error::ReadError;

/// While [`ContentSlots::unexpected`](super::ContentSlots::unexpected) finishes what was
/// read: the first `Option` field still empty or `Vec` field, which could take another block.
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
pub(super) fn note_open(field: &str, what: &str) {
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
                of_type = of_type(block, &waiting),
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

pub(super) fn cannot_read<T>(text: &str, error: &str) -> String {
    format!(
        "cannot read {:?} as {}: {error}",
        shorten(text),
        type_name::<T>()
    )
}

pub(super) fn type_name<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    // `alloc::string::String` reads better as `String`.
    match full.rsplit_once("::") {
        Some((path, last)) if !path.contains('<') => last,
        _ => full,
    }
}

pub(super) fn shorten(text: &str) -> &str {
    match text.char_indices().nth(40) {
        Some((cut, _)) => &text[..cut],
        None => text,
    }
}

/// For the error of an image or audio block no field takes while `waiting` (a field's
/// expectation, "field `pngs` expects an image (image/png)") names a MIME type of the same
/// kind: the block's own type, " of type image/gif", so the error says what differs.
fn of_type(block: &ContentBlock, waiting: &str) -> String {
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
