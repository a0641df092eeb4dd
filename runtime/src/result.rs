//! What every result shares: `_meta`, `resultType` (2026-07-28) and unknown fields.

use serde::ser::SerializeMap;
use serde_json::{Map, Value};

use crate::meta::Meta;
use crate::rules::ProtocolVersion;

/// `resultType` of a finished request.
pub const RESULT_TYPE_COMPLETE: &str = "complete";

/// Writes `_meta` (when not empty), `resultType` (2026-07-28 and later only: the stored one,
/// else `"complete"`) and the unknown fields kept from a newer peer.
pub(crate) fn put_result_tail<M: SerializeMap>(
    map: &mut M,
    version: ProtocolVersion,
    meta: &Meta,
    result_type: Option<&str>,
    extra: &Map<String, Value>,
) -> Result<(), M::Error> {
    if !meta.is_empty() {
        map.serialize_entry("_meta", meta)?;
    }
    if version >= ProtocolVersion::V2026_07_28 {
        map.serialize_entry("resultType", result_type.unwrap_or(RESULT_TYPE_COMPLETE))?;
    }
    for (k, v) in extra {
        map.serialize_entry(k, v)?;
    }
    Ok(())
}
