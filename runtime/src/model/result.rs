//! What every result shares: `_meta`, `resultType` (2026-07-28) and unknown fields.

use crate::model::json::JsonObject;
use crate::model::meta::Meta;
use crate::rules::ProtocolVersion;
use crate::wire::write::FieldSink;

/// `resultType` of a finished request.
pub const RESULT_TYPE_COMPLETE: &str = "complete";

/// Writes `_meta` (when not empty), `resultType` (2026-07-28 and later only: the stored one,
/// else `"complete"`) and the unknown fields kept from a newer peer.
pub(crate) fn put_result_tail<K: FieldSink>(
    sink: &mut K,
    version: ProtocolVersion,
    meta: &Meta,
    result_type: Option<&str>,
    extra: &JsonObject,
    known: &[&str],
) -> Result<(), K::Error> {
    if !meta.is_empty() {
        sink.json_object("_meta", meta.as_object())?;
    }
    if version.has_result_type() {
        sink.field("resultType", result_type.unwrap_or(RESULT_TYPE_COMPLETE))?;
    }
    sink.members(extra, known)
}
