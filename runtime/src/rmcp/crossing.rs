//! What crosses between rmcp's model and the router for [`McpServer`](super::McpServer): the
//! protocol version a request names, the session's log level, errors, input parameters and
//! answers written into rmcp's types.

use super::convert::{RmcpModel, convert_error, to_rmcp_text};
use crate::rules::ProtocolVersion;
use crate::server::handler::{LogLevel, ProtocolError};
use crate::server::request::{InputParams, Outcome};
use crate::server::router::dispatch::Listing;
use crate::wire::version::SerializeFor;
use ::rmcp::model as rm;
use ::rmcp::service::RequestContext;
use ::rmcp::{ErrorData, RoleServer};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::atomic::{AtomicU8, Ordering};

pub(super) fn version_of(context: &RequestContext<RoleServer>) -> ProtocolVersion {
    // The 2026-07-28 `_meta` key read in place: rmcp's own accessor decodes a copy of it.
    let named = context
        .meta
        .0
        .0
        .get("io.modelcontextprotocol/protocolVersion")
        .and_then(Value::as_str);
    match named {
        Some(named) => version_named(named),
        None => match context.peer.peer_info() {
            Some(info) => version_named(info.protocol_version.as_str()),
            None => ProtocolVersion::V2025_06_18,
        },
    }
}

/// Versions before 2025-06-18 are written like 2025-06-18 (no icons, no resultType); later
/// unknown ones like the latest.
pub(super) fn version_named(version: &str) -> ProtocolVersion {
    ProtocolVersion::parse(version).unwrap_or(if version > "2026-07-28" {
        ProtocolVersion::LATEST
    } else {
        ProtocolVersion::V2025_06_18
    })
}

/// A session's log level (`logging/setLevel`) in one atomic: no lock on each call.
#[derive(Default)]
pub(super) struct SessionLogLevel(AtomicU8);

impl SessionLogLevel {
    const LEVELS: [LogLevel; 8] = [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ];

    pub(super) fn get(&self) -> Option<LogLevel> {
        // 0: none set; n: `LEVELS[n - 1]`.
        let n = usize::from(self.0.load(Ordering::Relaxed));
        n.checked_sub(1).and_then(|i| Self::LEVELS.get(i).copied())
    }

    pub(super) fn set(&self, level: Option<LogLevel>) {
        let n = level
            .and_then(|level| Self::LEVELS.iter().position(|&l| l == level))
            .map_or(0, |i| u8::try_from(i + 1).unwrap_or(0));
        self.0.store(n, Ordering::Relaxed);
    }
}

pub(super) fn protocol_error(error: ProtocolError) -> ErrorData {
    ErrorData::new(rm::ErrorCode(error.code), error.message, error.data)
}

/// A request's multi round-trip fields, moved out of it (most requests have neither).
pub(super) fn input_params(
    responses: Option<rm::InputResponses>,
    state: Option<String>,
) -> InputParams {
    InputParams {
        responses: responses.map(|r| Value::Object(r.into_iter().collect())),
        state,
    }
}

pub(super) fn input_required(value: &Value) -> Result<rm::InputRequiredResult, ErrorData> {
    // Built by the router from checked parts. Not the lossless `to_rmcp`: rmcp writes a
    // `roots/list` input request without its empty `params`, which the strict comparison
    // would refuse although nothing is lost.
    <rm::InputRequiredResult as serde::Deserialize>::deserialize(value)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))
}

/// A round's outcome as rmcp's response: the result written for the peer's version, or the
/// questions of an input-required result.
pub(super) fn respond<T: RmcpModel, Response>(
    outcome: Result<Outcome<T>, ProtocolError>,
    version: ProtocolVersion,
) -> Result<Response, ErrorData>
where
    Response: From<T::Rmcp> + From<rm::InputRequiredResult>,
{
    match outcome.map_err(protocol_error)? {
        Outcome::Complete(result) => Ok(result
            .into_rmcp_for(version)
            .map_err(|e| convert_error(&e))?
            .into()),
        Outcome::InputRequired(value) => Ok(input_required(&value)?.into()),
    }
}

pub(super) fn list_of<T: SerializeFor, R: DeserializeOwned + Serialize>(
    listing: Listing<'_, T>,
    version: ProtocolVersion,
) -> Result<Vec<R>, ErrorData> {
    listing
        .items
        .into_iter()
        // Through the JSON text, as `to_rmcp_for`: `to_value_for` would turn a `RawJson`
        // nested past the parser's 128 levels (a schema made from a `RawValue`) into a panic.
        .map(|item| to_rmcp_text(&item.to_json_for(version), false).map_err(|e| convert_error(&e)))
        .collect()
}

/// The caller a bearer-token layer ([`BearerLayer`](crate::auth::BearerLayer), feature
/// `auth`) verified for this request: read from the HTTP request parts rmcp's Streamable
/// HTTP service puts in the request's extensions. `None` on stdio, or without the layer.
pub(super) fn principal_of(
    context: &::rmcp::service::RequestContext<::rmcp::RoleServer>,
) -> Option<std::sync::Arc<crate::server::auth::Principal>> {
    #[cfg(feature = "rmcp-http")]
    {
        context
            .extensions
            .get::<http::request::Parts>()?
            .extensions
            .get::<std::sync::Arc<crate::server::auth::Principal>>()
            .cloned()
    }
    #[cfg(not(feature = "rmcp-http"))]
    {
        let _ = context;
        None
    }
}

/// Refuses a subscription to `uri` by a verified caller that lacks the scopes of the
/// resource there (as reading it would be refused); nothing to check without a principal.
pub(super) fn check_subscribe(
    router: &crate::server::router::Router,
    uri: &str,
    principal: Option<&crate::server::auth::Principal>,
) -> Result<(), ProtocolError> {
    use crate::server::router::scopes::{handler_label, insufficient_scope_error};
    let (Some(principal), Some(required)) = (principal, router.resource_scopes(uri)) else {
        return Ok(());
    };
    let required: Vec<&str> = required.iter().map(String::as_str).collect();
    let missing = principal.missing_scopes(&required);
    if missing.is_empty() {
        return Ok(());
    }
    let what = handler_label("resources/subscribe", uri);
    Err(insufficient_scope_error(&required, &missing, &what))
}
