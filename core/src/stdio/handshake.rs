//! What a stdio request that names its version in `_meta` (the 2026-07-28 way) declares.
//! The rest of the handshake (the keys, the version `initialize` settles on, `initialize`'s
//! and `server/discover`'s results) is the own HTTP endpoint's too:
//! `crate::transport::handshake`.

use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;
use crate::server::handler::ProtocolError;
use crate::server::input::ClientCapabilities;
use crate::transport::handshake::{CAPABILITIES_KEY, stateless_version};

/// What a request that names its version in `_meta` (the 2026-07-28 way) declares: the
/// version (one with per-request state, else `-32022` listing what is spoken) and the
/// client's capabilities (an object, else `-32602`).
pub(super) fn declared(
    meta: &Map<String, Value>,
    named: &str,
) -> Result<(ProtocolVersion, ClientCapabilities), ProtocolError> {
    let version = stateless_version(named, |latest| {
        format!(
            "a request that names its version is served on {latest}; 2025-era clients send \
             initialize first"
        )
    })?;
    let Some(capabilities) = meta.get(CAPABILITIES_KEY).filter(|c| c.is_object()) else {
        return Err(ProtocolError::invalid_params(format!(
            "params._meta: {CAPABILITIES_KEY} missing or malformed (a 2026-07-28 request \
             declares the client's capabilities, an object)"
        )));
    };
    Ok((
        version,
        ClientCapabilities::from_value(capabilities.clone()),
    ))
}
