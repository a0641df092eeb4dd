//! `tracing` for the endpoint: one span per HTTP request, with what it asked and how it
//! ended, and an event for each refusal.
//!
//! The span `mcp.http` has `http.method`, `mcp.method`, `mcp.name` (the tool, prompt or
//! resource named, or the task), `mcp.protocol_version`, `mcp.session` (a digest of the
//! 2025-era session id: the id itself grants the session, so it is never logged), `status`
//! (the HTTP status) and `duration_ms` (until the response head; an event stream goes on
//! after it). Nothing else of the request is recorded: no `Authorization` header, no
//! argument, no body.

use std::time::Instant;

use http::{HeaderMap, Method, StatusCode};
use serde_json::Value;
use sha2::{Digest as _, Sha256};
use tracing::field::Empty;

use super::VERSION_KEY;

/// The span of one request.
pub(super) fn request_span(method: &Method, headers: &HeaderMap) -> tracing::Span {
    let span = tracing::info_span!(
        "mcp.http",
        http.method = %method,
        mcp.method = Empty,
        mcp.name = Empty,
        mcp.protocol_version = Empty,
        mcp.session = Empty,
        status = Empty,
        duration_ms = Empty,
    );
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(version) = text("mcp-protocol-version") {
        span.record("mcp.protocol_version", version);
    }
    if let Some(session) = text("mcp-session-id") {
        span.record("mcp.session", session_digest(session));
    }
    span
}

/// The first 16 hex digits of the session id's SHA-256: tells a session's requests apart
/// in the log without giving anyone the session.
pub(super) fn session_digest(session: &str) -> String {
    let digest = Sha256::digest(session.as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// Records the JSON-RPC method and what it names on the request's span.
pub(super) fn record_call(span: &tracing::Span, method: Option<&str>, params: Option<&Value>) {
    if let Some(method) = method {
        span.record("mcp.method", method);
    }
    let Some(params) = params else { return };
    if let Some(name) = ["name", "uri", "taskId"]
        .into_iter()
        .find_map(|key| params.get(key).and_then(Value::as_str))
    {
        span.record("mcp.name", name);
    }
    if let Some(version) = params
        .get("_meta")
        .and_then(|meta| meta.get(VERSION_KEY))
        .and_then(Value::as_str)
    {
        span.record("mcp.protocol_version", version);
    }
}

/// Records how the request ended; a refusal (4xx, 5xx) is also an event.
pub(super) fn finish(span: &tracing::Span, status: StatusCode, started: Instant) {
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    span.record("status", status.as_u16());
    span.record("duration_ms", millis);
    if status.is_client_error() || status.is_server_error() {
        span.in_scope(|| tracing::info!(status = status.as_u16(), "mcp.http refused"));
    }
}

/// A refusal with its reason (a foreign `Origin` or `Host`, a limit), as an event.
pub(super) fn refused(why: &str) {
    tracing::warn!(reason = why, "mcp.http refused");
}
