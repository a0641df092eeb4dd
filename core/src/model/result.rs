//! What every result shares: `_meta`, `resultType` (2026-07-28) and unknown fields.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::model::write::FieldSink;
use crate::rules::ProtocolVersion;

/// `resultType` of a finished request.
pub const RESULT_TYPE_COMPLETE: &str = "complete";

/// `resultType` of a request that waits on the client (2026-07-28 `InputRequiredResult`).
const RESULT_TYPE_INPUT_REQUIRED: &str = "input_required";

/// A result's `resultType` as read: the values the spec names are held as `'static` text
/// (a result read back costs no allocation for its `"complete"`), any other as received.
pub(crate) struct ResultType(pub(crate) Cow<'static, str>);

impl ResultType {
    pub(crate) fn into_inner(self) -> Cow<'static, str> {
        self.0
    }

    fn known(text: &str) -> Option<&'static str> {
        match text {
            RESULT_TYPE_COMPLETE => Some(RESULT_TYPE_COMPLETE),
            RESULT_TYPE_INPUT_REQUIRED => Some(RESULT_TYPE_INPUT_REQUIRED),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for ResultType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ResultTypeVisitor;
        impl Visitor<'_> for ResultTypeVisitor {
            type Value = ResultType;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // The words of `String`, which this field was read as before.
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ResultType, E> {
                Ok(ResultType(match ResultType::known(v) {
                    Some(known) => Cow::Borrowed(known),
                    None => Cow::Owned(v.to_owned()),
                }))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<ResultType, E> {
                Ok(ResultType(match ResultType::known(&v) {
                    Some(known) => Cow::Borrowed(known),
                    None => Cow::Owned(v),
                }))
            }
        }
        deserializer.deserialize_str(ResultTypeVisitor)
    }
}

/// Writes `resultType` (2026-07-28 and later, as the declarations say): the stored one,
/// else `"complete"`.
pub(crate) fn put_result_type<K: FieldSink>(
    sink: &mut K,
    key: &str,
    result_type: Option<&Cow<'static, str>>,
    _: ProtocolVersion,
) -> Result<(), K::Error> {
    sink.field(key, result_type.map_or(RESULT_TYPE_COMPLETE, Cow::as_ref))
}
