//! Writing: what a generated `IntoContent` impl calls. One builder per block kind; each takes
//! the field's value as an iterator (`[value]` for one block, the `Option` or `Vec` itself
//! otherwise), so cardinality costs the generated code nothing.
//!
//! This file holds where the builders write (`Out`) and what `serde_json` refused on the way
//! (`Refused`); `blocks` holds the builders, `envelope` the annotations and `_meta` a block or
//! the result carries, `text_value` how a field's value becomes text, and `result` a derived
//! type's whole tool result.

use serde::Serialize;
use serde_json::Value;

use crate::content_traits::{WriteError, WriteFailure};
use crate::model::content::ContentBlock;
use crate::wire::error::{cut_path, cut_quoted};

mod blocks;
mod envelope;
pub(super) mod result;
pub(super) mod text_value;

pub use blocks::{
    LinkParts, ResourceParts, blob_resource, expand, link, media, name_or, text, text_resource,
};
pub use envelope::{
    Envelope, MetaEntry, WrittenMeta, annotations, entries, extend_meta, lit, meta, result_meta,
};
pub use result::{call_tool_result, extend_content};
pub use text_value::{DisplayText, FanOut, FanOutElement, NotAByte, TextElement, TextOut, string};

/// Where a generated `try_extend_content` writes: the blocks, and every value `serde_json`
/// refused on the way (nothing is written in its place).
pub struct Out<'a> {
    /// The blocks (a `flatten` field's type writes into them too).
    pub blocks: &'a mut Vec<ContentBlock>,
    /// What could not be written, so far.
    pub failures: Vec<WriteFailure>,
}

impl<'a> Out<'a> {
    /// Writing into `blocks`.
    #[inline]
    pub fn new(blocks: &'a mut Vec<ContentBlock>) -> Self {
        Self {
            blocks,
            failures: Vec::new(),
        }
    }

    /// `Ok`, or the error naming every value refused.
    #[inline]
    pub fn finish(&mut self) -> Result<(), WriteError> {
        WriteError::check(std::mem::take(&mut self.failures))
    }

    fn fail(&mut self, field: &'static str, place: String, refused: Refused) {
        self.failures.push(WriteFailure::field(
            field,
            place + &refused.0.at,
            refused.0.message,
        ));
    }
}

/// What a `flatten` field's type reported, its fields named through `field`.
pub fn nested(
    failures: &mut Vec<WriteFailure>,
    field: &'static str,
    written: Result<(), WriteError>,
) {
    if let Err(error) = written {
        failures.extend(
            error
                .into_failures()
                .into_iter()
                .map(|f| f.nested_in(field)),
        );
    }
}

/// A value `serde_json` refused: its message, and where in the value serde failed (`.pairs`,
/// `[2]`; empty for the value itself), found again with `serde_path_to_error` only after a
/// failure, so a value that serializes costs what it always did. Boxed: a `Result` of a
/// `Value` or a `String` and this is no larger than the value.
pub struct Refused(Box<Refusal>);

struct Refusal {
    at: String,
    message: String,
}

/// The refusal of `value`, whose serialization failed with `error`. Map keys in the path and
/// quoted values in the message are cut to 80 characters, as every error of this crate cuts
/// them (they come from the data).
pub(crate) fn refused<T: Serialize + ?Sized>(value: &T, error: &serde_json::Error) -> Refused {
    let at = match serde_path_to_error::serialize(value, serde_json::value::Serializer) {
        Err(located) => match located.path().to_string() {
            root if root == "." => String::new(),
            path if path.starts_with('[') => cut_path(path),
            path => cut_path(format!(".{path}")),
        },
        Ok(_) => String::new(),
    };
    Refused(Box::new(Refusal {
        at,
        message: cut_quoted(&error.to_string()),
    }))
}

/// A value's JSON, or why `serde_json` refused it.
#[inline]
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<Value, Refused> {
    serde_json::to_value(value).map_err(|e| refused(value, &e))
}

/// A value's compact JSON text, or why `serde_json` refused it.
#[inline]
pub(crate) fn to_json_text<T: Serialize + ?Sized>(value: &T) -> Result<String, Refused> {
    serde_json::to_string(value).map_err(|e| refused(value, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_costs_a_written_value_no_size() {
        assert_eq!(size_of::<Result<Value, Refused>>(), size_of::<Value>());
        assert_eq!(
            size_of::<Option<Result<Value, Refused>>>(),
            size_of::<Option<Value>>()
        );
        assert_eq!(size_of::<Result<String, Refused>>(), size_of::<String>());
    }
}
