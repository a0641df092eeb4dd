//! `tracing` for the HTTP transports (the own endpoint, `rmcp`'s behind this crate's front):
//! one span per HTTP request, with what it asked and how it ended, and an event for each
//! refusal.
//!
//! The span `mcp.http` has `http.method`, `mcp.method`, `mcp.name` (the tool, prompt or
//! resource named, or the task), `mcp.protocol_version`, `mcp.session` (a digest of the
//! 2025-era session id: the id itself grants the session, so it is never logged), `status`
//! (the HTTP status) and `duration_ms` (until the response head; an event stream goes on
//! after it), and `enduser.id` (the verified principal's subject, when an authorization
//! layer put an `Arc<Principal>` in the request's extensions). Nothing else of the request
//! is recorded: no `Authorization` header, no argument, no body. Each JSON-RPC request in
//! it has its own span, `mcp.request` ([`mcp_span`](super::mcp_span)), with the
//! OpenTelemetry MCP conventions' fields and the request's SEP-414 remote parent.
//!
//! Refusals and limits are events with the target `mcp_content::refused`: `warn` with a
//! `reason` for a foreign `Host` or `Origin` and a body over the limit, `info` with the
//! `status` for every response of 4xx or 5xx (401, 403, 404, 408, 413, a full session
//! table's 503, …).

use std::fmt::Write as _;
use std::time::Instant;

use http::{HeaderMap, Method, StatusCode};
#[cfg(feature = "http")]
use serde_json::Value;
use sha2::{Digest as _, Sha256};
use tracing::field::Empty;

#[cfg(feature = "http")]
use super::handshake::VERSION_KEY;

/// The span of one request.
pub fn request_span(method: &Method, headers: &HeaderMap) -> tracing::Span {
    let span = tracing::info_span!(
        "mcp.http",
        http.method = %method,
        mcp.method = Empty,
        mcp.name = Empty,
        mcp.protocol_version = Empty,
        mcp.session = Empty,
        enduser.id = Empty,
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

/// The verified principal's subject, from the request's extensions (an authorization
/// layer puts an `Arc<Principal>` there), recorded on `span` as `enduser.id`.
pub fn subject(extensions: &http::Extensions) -> Option<std::sync::Arc<str>> {
    let principal = extensions.get::<std::sync::Arc<crate::server::auth::Principal>>()?;
    principal.subject().map(std::sync::Arc::from)
}

/// Records the principal's subject on the request's span.
pub fn record_subject(span: &tracing::Span, subject: Option<&str>) {
    if let Some(subject) = subject {
        span.record("enduser.id", subject);
    }
}

/// The first 16 hex digits of the session id's SHA-256: tells a session's requests apart
/// in the log without giving anyone the session.
pub(crate) fn session_digest(session: &str) -> String {
    let digest = Sha256::digest(session.as_bytes());
    let mut out = String::with_capacity(16);
    for byte in &digest[..8] {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// Records the JSON-RPC method and what it names on the request's span.
#[cfg(feature = "http")]
pub(crate) fn record_call(span: &tracing::Span, method: Option<&str>, params: Option<&Value>) {
    let Some(params) = params else {
        return record_names(span, method, None, None);
    };
    let name = ["name", "uri", "taskId"]
        .into_iter()
        .find_map(|key| params.get(key).and_then(Value::as_str));
    let version = params
        .get("_meta")
        .and_then(|meta| meta.get(VERSION_KEY))
        .and_then(Value::as_str);
    record_names(span, method, name, version);
}

/// Records the method, the name and the protocol version (from `_meta`) found in a body.
pub(crate) fn record_names(
    span: &tracing::Span,
    method: Option<&str>,
    name: Option<&str>,
    version: Option<&str>,
) {
    if let Some(method) = method {
        span.record("mcp.method", method);
    }
    if let Some(name) = name {
        span.record("mcp.name", name);
    }
    if let Some(version) = version {
        span.record("mcp.protocol_version", version);
    }
}

/// What a JSON-RPC body names, read without building a tree (members borrowed where the
/// text has no escapes).
#[cfg(feature = "__rmcp-http")]
#[derive(serde::Deserialize)]
struct Named<'a> {
    #[serde(borrow, default)]
    method: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    params: Option<NamedParams<'a>>,
}

#[cfg(feature = "__rmcp-http")]
#[derive(serde::Deserialize)]
struct NamedParams<'a> {
    #[serde(borrow, default)]
    name: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    uri: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default, rename = "taskId")]
    task_id: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default, rename = "_meta")]
    meta: Option<NamedMeta<'a>>,
}

#[cfg(feature = "__rmcp-http")]
#[derive(serde::Deserialize)]
struct NamedMeta<'a> {
    #[serde(borrow, default, rename = "io.modelcontextprotocol/protocolVersion")]
    version: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    traceparent: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    tracestate: Option<std::borrow::Cow<'a, str>>,
}

/// [`record_names`] for a body not otherwise parsed here (a body of another shape records
/// nothing).
#[cfg(feature = "__rmcp-http")]
pub fn record_body(span: &tracing::Span, body: &[u8]) {
    let Ok(named) = serde_json::from_slice::<Named<'_>>(body) else {
        return;
    };
    let params = named.params.as_ref();
    let name = params.and_then(|p| {
        p.name
            .as_deref()
            .or(p.uri.as_deref())
            .or(p.task_id.as_deref())
    });
    let version = params
        .and_then(|p| p.meta.as_ref())
        .and_then(|m| m.version.as_deref());
    record_names(span, named.method.as_deref(), name, version);
}

/// Records how the request ended; a refusal (4xx, 5xx) is also an event.
pub fn finish(span: &tracing::Span, status: StatusCode, started: Instant) {
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    span.record("status", status.as_u16());
    span.record("duration_ms", millis);
    if status.is_client_error() || status.is_server_error() {
        span.in_scope(|| {
            tracing::info!(target: "mcp_content::refused", status = status.as_u16(), "mcp.http refused");
        });
    }
}

/// A refusal with its reason (a foreign `Origin` or `Host`, a limit), as an event.
pub fn refused(why: &str) {
    tracing::warn!(target: "mcp_content::refused", reason = why, "mcp.http refused");
}

/// The `mcp.request` span of the request in `body` (a JSON-RPC request, else `None`), for
/// rmcp's Streamable HTTP service behind this crate's front: its fields from the body and
/// the head, its SEP-414 remote parent from `_meta`. Not entered yet.
#[cfg(feature = "__rmcp-http")]
pub fn rmcp_request_span(body: &[u8], head: &http::request::Parts) -> Option<tracing::Span> {
    use super::mcp_span;
    let named = serde_json::from_slice::<Named<'_>>(body).ok()?;
    let method = named.method.as_deref()?;
    let params = named.params.as_ref();
    let meta = params.and_then(|p| p.meta.as_ref());
    let header = |name: &str| head.headers.get(name).and_then(|v| v.to_str().ok());
    let session = header("mcp-session-id").map(session_digest);
    let subject = subject(&head.extensions);
    let fields = mcp_span::Names {
        method,
        name: params.and_then(|p| p.name.as_deref()),
        uri: params.and_then(|p| p.uri.as_deref()),
        version: meta
            .and_then(|m| m.version.as_deref())
            .or(header("mcp-protocol-version")),
        session: session.as_deref(),
        subject: subject.as_deref(),
    };
    let span = mcp_span::request_span(&fields, mcp_span::Transport::Tcp);
    if let Some(traceparent) = meta.and_then(|m| m.traceparent.as_deref()) {
        let tracestate = meta.and_then(|m| m.tracestate.as_deref());
        mcp_span::set_remote_parent_from(&span, traceparent, tracestate);
    }
    Some(span)
}
