//! The span of one MCP request: `mcp.request`, opened when a transport has read a JSON-RPC
//! request and closed when it is answered: on the own endpoint (a `POST`, both eras) as a
//! child of the HTTP request's `mcp.http` span (see `transport::trace`); on the `rmcp`
//! bridge (`rmcp::Traced`: stdio and Streamable HTTP) around each request rmcp hands it.
//!
//! Its fields follow the OpenTelemetry semantic conventions for MCP (`gen-ai/mcp.md`,
//! status Development), which a `tracing-opentelemetry` layer exports as attributes:
//!
//! | field | value |
//! |---|---|
//! | `otel.name` | `{method} {tool or prompt}` (`tools/call say`), else the method |
//! | `otel.kind` | `server` |
//! | `mcp.method.name` | the JSON-RPC method (`tools/call`) |
//! | `gen_ai.tool.name` | the tool called (`tools/call`) |
//! | `gen_ai.operation.name` | `execute_tool` for `tools/call` |
//! | `gen_ai.prompt.name` | the prompt asked for (`prompts/get`) |
//! | `mcp.resource.uri` | the resource read or subscribed to |
//! | `mcp.protocol.version` | the version the request names (`_meta` or header), or the session's |
//! | `mcp.session.id` | the first 16 hex digits of the 2025-era session id's SHA-256 (the id grants the session: never the id) |
//! | `enduser.id` | the verified principal's subject, when the request carries one |
//! | `network.transport` | `tcp` (HTTP) or `pipe` (stdio) |
//! | `mcp.outcome` | `ok`, `tool_error` (a `CallToolResult` with `isError`), `input_required`, `error` (a JSON-RPC error from the handler or the router), `refused` (a JSON-RPC error before any handler ran; on rmcp's Streamable HTTP service, a 4xx or 5xx), `stream` (answered as an event stream: the handler's end is in the stream) or `answered` (rmcp's Streamable HTTP service answered; its answer is not read) |
//! | `error.type`, `rpc.response.status_code` | the JSON-RPC error code (`-32602`), or `tool_error` |
//! | `otel.status_code` | `error` when `error.type` is set |
//! | `duration_ms` | from reading the request to its answer |
//!
//! Never recorded: a token (no header is read here), an argument value, a result, the
//! session id itself, a task id.
//!
//! SEP-414: the request's `params._meta.traceparent` (with `tracestate`) is the W3C trace
//! context of the client's span. With the feature `otel`, it becomes the span's remote
//! parent (`tracing_opentelemetry::OpenTelemetrySpanExt::set_parent`, extracted with the
//! W3C `TraceContextPropagator`): an exporter the application sets up sees the server's
//! spans in the client's trace. A malformed value is ignored (the span starts a trace of
//! its own), never an error. This crate ships no exporter. Without the feature nothing is
//! read from `_meta` for tracing.

use std::time::Instant;

use serde_json::{Map, Value};
use tracing::field::Empty;

/// `network.transport`: how the request came.
#[derive(Clone, Copy, Debug)]
pub enum Transport {
    /// HTTP over TCP.
    #[cfg_attr(not(any(feature = "http", feature = "__rmcp-http")), allow(dead_code))]
    Tcp,
    /// stdio.
    #[cfg_attr(not(feature = "__rmcp-stdio"), allow(dead_code))]
    Pipe,
}

impl Transport {
    fn as_str(self) -> &'static str {
        match self {
            Transport::Tcp => "tcp",
            Transport::Pipe => "pipe",
        }
    }
}

/// What a request names, for its span.
#[derive(Default)]
pub struct Names<'a> {
    /// The JSON-RPC method.
    pub method: &'a str,
    /// `params.name` (a tool or a prompt).
    pub name: Option<&'a str>,
    /// `params.uri` (a resource).
    pub uri: Option<&'a str>,
    /// The protocol version.
    pub version: Option<&'a str>,
    /// The digest of the 2025-era session id.
    pub session: Option<&'a str>,
    /// The verified principal's subject.
    pub subject: Option<&'a str>,
}

/// The span `mcp.request` for a request naming `names`, not entered yet (see
/// [`set_remote_parent`], which must come before the first entry).
pub fn request_span(names: &Names<'_>, transport: Transport) -> tracing::Span {
    let target = match names.method {
        "tools/call" | "prompts/get" => names.name,
        _ => None,
    };
    let otel_name = match target {
        Some(target) => format!("{} {target}", names.method),
        None => names.method.to_owned(),
    };
    let span = tracing::info_span!(
        target: "mcp_content::request",
        "mcp.request",
        otel.name = otel_name,
        otel.kind = "server",
        otel.status_code = Empty,
        mcp.method.name = names.method,
        gen_ai.tool.name = Empty,
        gen_ai.operation.name = Empty,
        gen_ai.prompt.name = Empty,
        mcp.resource.uri = Empty,
        mcp.protocol.version = names.version,
        mcp.session.id = names.session,
        enduser.id = names.subject,
        network.transport = transport.as_str(),
        mcp.outcome = Empty,
        error.type = Empty,
        rpc.response.status_code = Empty,
        duration_ms = Empty,
    );
    match names.method {
        "tools/call" => {
            if let Some(name) = names.name {
                span.record("gen_ai.tool.name", name);
            }
            span.record("gen_ai.operation.name", "execute_tool");
        }
        "prompts/get" => {
            if let Some(name) = names.name {
                span.record("gen_ai.prompt.name", name);
            }
        }
        _ => {}
    }
    if let Some(uri) = names.uri {
        span.record("mcp.resource.uri", uri);
    }
    span
}

/// How a request ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered with a result.
    Ok,
    /// A `CallToolResult` with `isError`.
    ToolError,
    /// An `InputRequiredResult` (2026-07-28).
    InputRequired,
    /// A JSON-RPC error from the router or a handler.
    Error,
    /// A JSON-RPC error before any handler ran.
    #[cfg_attr(not(any(feature = "http", feature = "__rmcp-http")), allow(dead_code))]
    Refused,
    /// Answered as an event stream.
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    Stream,
    /// Answered by `rmcp` (its Streamable HTTP service writes the answer; what it holds is
    /// not read here).
    #[cfg_attr(not(feature = "__rmcp-http"), allow(dead_code))]
    Answered,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::ToolError => "tool_error",
            Outcome::InputRequired => "input_required",
            Outcome::Error => "error",
            Outcome::Refused => "refused",
            Outcome::Stream => "stream",
            Outcome::Answered => "answered",
        }
    }
}

/// Records how a request ended on its span, once: the outcome, the error code (if any) and
/// the time since `started`.
pub fn finish(span: &tracing::Span, outcome: Outcome, code: Option<i32>, started: Instant) {
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    span.record("mcp.outcome", outcome.as_str());
    let error_type = match (code, outcome) {
        (Some(code), _) => Some(code.to_string()),
        (None, Outcome::ToolError) => Some("tool_error".to_owned()),
        _ => None,
    };
    if let Some(error_type) = error_type {
        span.record("error.type", error_type.as_str());
        span.record("rpc.response.status_code", error_type.as_str());
        span.record("otel.status_code", "error");
    }
    span.record("duration_ms", millis);
}

/// What the code answering a request learns about its outcome on the way (a handler's
/// result, an error written), kept until the request's span is finished: the span's fields
/// are recorded once, at the end.
#[cfg(feature = "http")]
#[derive(Default)]
pub(crate) struct Learned(std::sync::Mutex<(Option<Outcome>, Option<i32>)>);

#[cfg(feature = "http")]
impl Learned {
    fn with(&self, f: impl FnOnce(&mut (Option<Outcome>, Option<i32>))) {
        let mut guard = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut guard);
    }

    /// The first outcome learned wins (a handler's error is an `Error` before it is
    /// written as a JSON-RPC error).
    pub(crate) fn outcome(&self, outcome: Outcome) {
        self.with(|learned| {
            learned.0.get_or_insert(outcome);
        });
    }

    /// A JSON-RPC error code written in the answer (the first one).
    pub(crate) fn code(&self, code: i32) {
        self.with(|learned| {
            learned.1.get_or_insert(code);
        });
    }

    /// The outcome: as learned; else `Refused` when an error was written, `Stream` for an
    /// event stream, `Ok` otherwise.
    pub(crate) fn get(&self, stream: bool) -> (Outcome, Option<i32>) {
        let mut out = (Outcome::Ok, None);
        self.with(|&mut (outcome, code)| {
            let outcome = match (outcome, code) {
                (Some(outcome), _) => outcome,
                (None, Some(_)) => Outcome::Refused,
                (None, None) if stream => Outcome::Stream,
                (None, None) => Outcome::Ok,
            };
            out = (outcome, code);
        });
        out
    }
}

/// The SEP-414 trace context in a request's `_meta` (`traceparent`, `tracestate`) as the
/// span's remote parent (see [`set_remote_parent_from`]).
pub fn set_remote_parent(span: &tracing::Span, meta: Option<&Map<String, Value>>) {
    let text = |key: &str| meta.and_then(|m| m.get(key)).and_then(Value::as_str);
    if let Some(traceparent) = text("traceparent") {
        set_remote_parent_from(span, traceparent, text("tracestate"));
    }
}

/// A W3C `traceparent` (with its `tracestate`) as the span's remote parent. Call it before
/// the span is first entered; a malformed `traceparent`, a span no OpenTelemetry layer
/// sees, or one already started is left as it is. Without the feature `otel`, nothing.
#[cfg(feature = "otel")]
pub(crate) fn set_remote_parent_from(
    span: &tracing::Span,
    traceparent: &str,
    tracestate: Option<&str>,
) {
    use opentelemetry::propagation::{Extractor, TextMapPropagator as _};
    use opentelemetry::trace::TraceContextExt as _;
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;

    /// The two members as the propagator's carrier.
    struct Pair<'a>(&'a str, Option<&'a str>);

    impl Extractor for Pair<'_> {
        fn get(&self, key: &str) -> Option<&str> {
            match key {
                "traceparent" => Some(self.0),
                "tracestate" => self.1,
                _ => None,
            }
        }

        fn keys(&self) -> Vec<&str> {
            vec!["traceparent", "tracestate"]
        }
    }

    if !well_formed(traceparent) {
        return;
    }
    let propagator = opentelemetry_sdk::propagation::TraceContextPropagator::new();
    let context = propagator.extract(&Pair(traceparent, tracestate));
    // Malformed: the propagator gives back an empty context; the span keeps its own trace.
    if !context.span().span_context().is_valid() {
        return;
    }
    let _ = span.set_parent(context);
}

/// The W3C `traceparent` shape: `version-trace_id-parent_id-flags`, lowercase hex of 2, 32,
/// 16 and 2 digits (a later version may add fields after a `-`). Checked here because the
/// propagator reads ids of fewer digits (a 12-digit parent id) as if zero-padded.
#[cfg(feature = "otel")]
fn well_formed(traceparent: &str) -> bool {
    let hex = |part: &str, len: usize| {
        part.len() == len
            && part
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let mut parts = traceparent.splitn(5, '-');
    let (Some(version), Some(trace), Some(parent), Some(flags)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let rest_allowed = version != "00" || parts.next().is_none();
    hex(version, 2)
        && version != "ff"
        && hex(trace, 32)
        && hex(parent, 16)
        && hex(flags, 2)
        && rest_allowed
}

/// Without the feature `otel`, the trace context is not read.
#[cfg(not(feature = "otel"))]
pub(crate) fn set_remote_parent_from(_: &tracing::Span, _: &str, _: Option<&str>) {}

/// The own endpoint's request in progress: the principal's subject read from the HTTP
/// request, and what its answer taught (a task-local, so the functions writing answers
/// need no extra parameter).
#[cfg(feature = "http")]
#[derive(Default, Clone)]
pub(crate) struct InFlight {
    /// The verified principal's subject.
    pub(crate) subject: Option<std::sync::Arc<str>>,
    /// What the answer taught.
    pub(crate) learned: std::sync::Arc<Learned>,
}

#[cfg(feature = "http")]
tokio::task_local! {
    /// The own endpoint's request being answered on this task.
    pub(crate) static IN_FLIGHT: InFlight;
}

/// Tells the request being answered on this task (if any) what was learned.
#[cfg(feature = "http")]
pub(crate) fn learn(f: impl FnOnce(&Learned)) {
    let _ = IN_FLIGHT.try_with(|in_flight| f(&in_flight.learned));
}

/// The subject of the request being answered on this task.
#[cfg(feature = "http")]
pub(crate) fn subject() -> Option<std::sync::Arc<str>> {
    IN_FLIGHT
        .try_with(|in_flight| in_flight.subject.clone())
        .ok()
        .flatten()
}

/// `future` in the current span and with this task's request in flight: for work the
/// request spawns onto another task.
#[cfg(feature = "http")]
pub(crate) fn carried<F: Future>(future: F) -> impl Future<Output = F::Output> {
    use tracing::Instrument as _;
    let in_flight = IN_FLIGHT.try_with(InFlight::clone).unwrap_or_default();
    IN_FLIGHT.scope(in_flight, future.in_current_span())
}

/// What the router's answer tells of the request's outcome.
#[cfg(feature = "http")]
pub(crate) fn outcome_of(
    answer: &Result<
        crate::server::router::dispatch::Answer<'_>,
        crate::server::handler::ProtocolError,
    >,
) -> Outcome {
    use crate::server::request::Outcome as Round;
    use crate::server::router::dispatch::Answer;
    match answer {
        Err(_) => Outcome::Error,
        Ok(Answer::Tool(Round::Complete(result))) if result.is_error() => Outcome::ToolError,
        Ok(
            Answer::Tool(Round::InputRequired(_))
            | Answer::Prompt(Round::InputRequired(_))
            | Answer::Resource(Round::InputRequired(_)),
        ) => Outcome::InputRequired,
        Ok(_) => Outcome::Ok,
    }
}
