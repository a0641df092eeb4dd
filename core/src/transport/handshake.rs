//! How a client and the server agree on a version, the same on the own HTTP endpoint and
//! the own stdio transport: a 2025-era client sends `initialize` once (2025-06-18 and
//! 2025-11-25 answered as asked, any other version with 2025-11-25); a 2026-07-28 request
//! names its version and the client's capabilities in its `_meta`, and `server/discover`
//! describes the server. What each transport adds (HTTP's headers, sessions) stays in it.

use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;
use crate::server::handler::ProtocolError;
use crate::server::input::TASKS_EXTENSION;
use crate::server::router::Router;

/// The `_meta` keys a 2026-07-28 request names its protocol version, declares the client's
/// capabilities and asks for log messages with (defined with the typed `_meta` keys).
pub(crate) use crate::model::meta::{
    CLIENT_CAPABILITIES as CAPABILITIES_KEY, LOG_LEVEL as LOG_LEVEL_KEY,
    PROTOCOL_VERSION as VERSION_KEY,
};

/// JSON-RPC: the request's protocol version is not one this server speaks.
pub(crate) const UNSUPPORTED_PROTOCOL_VERSION: i32 = -32022;

/// The version `initialize` settles on: the 2025-era one asked for, else 2025-11-25.
pub(crate) fn negotiated(asked: &str) -> ProtocolVersion {
    ProtocolVersion::parse(asked)
        .filter(|v| !v.has_result_type())
        .unwrap_or(ProtocolVersion::V2025_11_25)
}

/// The version a request that names it in `_meta` (the 2026-07-28 way) is served on: one
/// with per-request state, else `-32022` listing what is spoken. `served_on` words the
/// refusal after the version named, given the latest version: how the transport serves such
/// a request and what a 2025-era client does instead.
pub(crate) fn stateless_version(
    named: &str,
    served_on: impl FnOnce(&str) -> String,
) -> Result<ProtocolVersion, ProtocolError> {
    ProtocolVersion::parse(named)
        .filter(|v| v.has_result_type())
        .ok_or_else(|| {
            let latest = ProtocolVersion::LATEST.as_str();
            let named = crate::wire::error::cut(named);
            ProtocolError::new(
                UNSUPPORTED_PROTOCOL_VERSION,
                format!(
                    "unsupported protocol version {named:?}: {}",
                    served_on(latest)
                ),
            )
            .with_data(serde_json::json!({ "supported": [latest], "requested": named }))
        })
}

/// `initialize`'s result for `version`.
pub(crate) fn initialize_result(router: &Router, version: ProtocolVersion) -> Value {
    let mut capabilities = Map::new();
    let list_changed = || serde_json::json!({ "listChanged": true });
    if router.has_tools() {
        capabilities.insert("tools".into(), list_changed());
    }
    if router.has_prompts() {
        capabilities.insert("prompts".into(), list_changed());
    }
    if router.has_resources() {
        capabilities.insert(
            "resources".into(),
            serde_json::json!({ "subscribe": true, "listChanged": true }),
        );
    }
    if router.has_completion() {
        capabilities.insert("completions".into(), Value::Object(Map::new()));
    }
    capabilities.insert("logging".into(), Value::Object(Map::new()));
    let info = router.info();
    let mut result = Map::new();
    result.insert("protocolVersion".into(), Value::from(version.as_str()));
    result.insert("capabilities".into(), Value::Object(capabilities));
    result.insert(
        "serverInfo".into(),
        serde_json::json!({ "name": info.name, "version": info.version }),
    );
    if let Some(instructions) = &info.instructions {
        result.insert("instructions".into(), Value::from(instructions.clone()));
    }
    Value::Object(result)
}

/// `server/discover`'s result (2026-07-28).
pub(crate) fn discover(router: &Router, version: ProtocolVersion) -> Value {
    let mut capabilities = Map::new();
    let empty = || Value::Object(Map::new());
    if router.has_tools() {
        capabilities.insert("tools".into(), empty());
    }
    if router.has_prompts() {
        capabilities.insert("prompts".into(), empty());
    }
    if router.has_resources() {
        // Served by `subscriptions/listen`.
        capabilities.insert("resources".into(), serde_json::json!({ "subscribe": true }));
    }
    if router.has_completion() {
        capabilities.insert("completions".into(), empty());
    }
    if router.has_task_tools() {
        let mut extensions = Map::new();
        extensions.insert(TASKS_EXTENSION.into(), empty());
        capabilities.insert("extensions".into(), Value::Object(extensions));
    }
    let info = router.info();
    let mut result = Map::new();
    result.insert("capabilities".into(), Value::Object(capabilities));
    result.insert(
        "supportedVersions".into(),
        Value::from(vec![version.as_str()]),
    );
    if let Some(instructions) = &info.instructions {
        result.insert("instructions".into(), Value::from(instructions.clone()));
    }
    result.insert("ttlMs".into(), Value::from(0));
    result.insert("cacheScope".into(), Value::from("public"));
    result.insert(
        "resultType".into(),
        Value::from(crate::model::result::RESULT_TYPE_COMPLETE),
    );
    result.insert(
        "_meta".into(),
        serde_json::json!({
            "io.modelcontextprotocol/serverInfo": { "name": info.name, "version": info.version }
        }),
    );
    Value::Object(result)
}
