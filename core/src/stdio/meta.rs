//! A request's `_meta` on the stdio transport: taken out of its params and checked, then
//! given to the handler.

use serde_json::{Map, Value};

use crate::model::meta::Meta;
use crate::server::handler::ProtocolError;
use crate::server::params::check_request_meta;

/// The request's `_meta`, moved out of its params: absent is empty, `null` or another
/// non-object is refused, and the keys the schema types must hold their type.
pub(super) fn take_meta(
    params: &mut Map<String, Value>,
) -> Result<Map<String, Value>, ProtocolError> {
    let meta = match params.remove("_meta") {
        None => Map::new(),
        Some(Value::Object(meta)) => meta,
        // The one `null` rule: the schemas forbid it for an optional field.
        Some(Value::Null) => return Err(ProtocolError::null_param("_meta", "an object")),
        Some(_) => return Err(ProtocolError::invalid_params("params._meta: an object")),
    };
    check_request_meta(&meta)?;
    Ok(meta)
}

/// The request's `_meta` for the handler: a key that breaks the grammar is dropped, not
/// the whole `_meta` (the progress token must survive a peer's one odd key).
pub(super) fn request_meta(meta: Map<String, Value>) -> Meta {
    let mut out = Meta::new();
    for (key, value) in meta {
        if let Ok(key) = crate::model::validated::MetaKey::new(key.as_str()) {
            out.insert_key(key, value);
        }
    }
    out
}
