//! SEP-414 with OpenTelemetry (feature `otel`): a request's `_meta.traceparent` makes the
//! server's `mcp.request` span a child of the client's span, in the client's trace; a
//! request without one, or with a malformed one, starts a trace of its own. Spans are read
//! back from the SDK's in-memory exporter.
//!
//! A binary of its own: it installs the process's one global `tracing` subscriber (a
//! registry with the OpenTelemetry layer), which no other test binary must share.

use std::sync::OnceLock;

use bytes::Bytes;
use http_body_util::{BodyExt as _, Full};
use mcp_content::http::HttpServer;
use mcp_content::{Router, tool};
use opentelemetry::trace::{SpanId, TraceId, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use tracing_subscriber::layer::SubscriberExt as _;

/// Says hello.
#[tool]
async fn hello(name: String) -> String {
    format!("hello {name}")
}

/// The exporter every test reads, and the provider that feeds it (spans are exported as
/// they end).
fn telemetry() -> &'static (InMemorySpanExporter, SdkTracerProvider) {
    static TELEMETRY: OnceLock<(InMemorySpanExporter, SdkTracerProvider)> = OnceLock::new();
    TELEMETRY.get_or_init(|| {
        let exporter = InMemorySpanExporter::default();
        let provider = SdkTracerProvider::builder()
            .with_simple_exporter(exporter.clone())
            .build();
        let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("tests"));
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::set_global_default(subscriber).expect("one global subscriber");
        (exporter, provider)
    })
}

/// `tools/call hello` with `_meta` holding `extra` (the trace context under test) and a
/// unique `name` to find the request's spans by.
async fn call(tag: &str, extra: serde_json::Value) -> u16 {
    let mut meta = serde_json::json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    for (key, value) in extra.as_object().unwrap() {
        meta[key] = value.clone();
    }
    let body = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": { "name": "hello", "arguments": { "name": tag }, "_meta": meta },
    });
    let request = http::Request::post("/mcp")
        .header("host", "127.0.0.1:3001")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", "hello")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap();
    let router: Router = mcp_content::router! { tools: [hello] }.build().unwrap();
    let server = HttpServer::new(router);
    let response = server.handle(request).await;
    let status = response.status().as_u16();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&body);
    assert!(text.contains(&format!("hello {tag}")), "{text}");
    status
}

/// The spans ended so far.
fn spans() -> Vec<SpanData> {
    let (exporter, provider) = telemetry();
    let _ = provider.force_flush();
    exporter.get_finished_spans().unwrap()
}

/// Runs `test` alone (the exporter is shared: one test at a time, each starting from no
/// spans), bounded in time; the returned guard keeps others out while the spans are read.
fn run(test: impl Future<Output = ()>) -> std::sync::MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    telemetry().0.reset();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(20), test)
                .await
                .expect("the test ends in time");
        });
    guard
}

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT: &str = "00f067aa0ba902b7";

/// The `mcp.request` spans named `tools/call hello` whose trace is `trace` (or, for
/// `None`, all of them).
fn request_spans(trace: Option<TraceId>) -> Vec<SpanData> {
    spans()
        .into_iter()
        .filter(|span| span.name == "tools/call hello")
        .filter(|span| trace.is_none_or(|t| span.span_context.trace_id() == t))
        .collect()
}

#[test]
fn a_request_carrying_a_traceparent_is_a_child_of_the_clients_span_in_its_trace() {
    let _alone = run(async {
        let traceparent = format!("00-{TRACE}-{PARENT}-01");
        let status = call(
            "traced",
            serde_json::json!({ "traceparent": traceparent, "tracestate": "congo=t61rcWkgMzE" }),
        )
        .await;
        assert_eq!(status, 200);
    });
    let trace = TraceId::from_hex(TRACE).unwrap();
    let found = request_spans(Some(trace));
    assert_eq!(found.len(), 1, "{:#?}", spans());
    let span = &found[0];
    assert_eq!(span.parent_span_id, SpanId::from_hex(PARENT).unwrap());
    assert!(span.parent_span_is_remote);
    assert_eq!(
        span.span_context.trace_state().get("congo"),
        Some("t61rcWkgMzE")
    );
    let attribute = |key: &str| {
        span.attributes
            .iter()
            .find(|kv| kv.key.as_str() == key)
            .map(|kv| kv.value.to_string())
    };
    assert_eq!(attribute("mcp.method.name").as_deref(), Some("tools/call"));
    assert_eq!(attribute("gen_ai.tool.name").as_deref(), Some("hello"));
    assert_eq!(attribute("mcp.outcome").as_deref(), Some("ok"));
    assert_eq!(span.span_kind, opentelemetry::trace::SpanKind::Server);
}

#[test]
fn a_request_without_a_traceparent_starts_a_trace_of_its_own() {
    let _alone = run(async {
        assert_eq!(call("untraced", serde_json::json!({})).await, 200);
    });
    let theirs = TraceId::from_hex(TRACE).unwrap();
    let all = spans();
    let mine: Vec<_> = all
        .iter()
        .filter(|s| s.name == "tools/call hello" && s.span_context.trace_id() != theirs)
        .collect();
    assert!(!mine.is_empty(), "{all:#?}");
    // Its parent is the HTTP request's span, in the same (new) trace.
    for span in mine {
        let parent = all
            .iter()
            .find(|s| s.span_context.span_id() == span.parent_span_id)
            .expect("the parent span was exported");
        assert_eq!(parent.name, "mcp.http");
        assert_eq!(parent.span_context.trace_id(), span.span_context.trace_id());
        assert!(!span.parent_span_is_remote);
    }
}

#[test]
fn a_malformed_traceparent_is_ignored_and_the_request_answered() {
    // Each with ids of its own: a span under one of them would be a value not ignored.
    let malformed = [
        "not a traceparent",
        "00-00000000000000000000000000000000-bbbbbbbbbbbbbbbb-01",
        "00-cccccccccccccccccccccccccccccccc-0000000000000000-01",
        "00-DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD-DDDDDDDDDDDDDDDD-01",
        "ff-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee-eeeeeeeeeeeeeeee-01",
        "00-ffffffffffffffffffffffffffffffff-ffffffffffff-01",
    ];
    let _alone = run(async {
        for (i, value) in malformed.iter().enumerate() {
            let tag = format!("malformed{i}");
            assert_eq!(
                call(&tag, serde_json::json!({ "traceparent": value })).await,
                200
            );
        }
        // Not a string: ignored too.
        assert_eq!(
            call("number", serde_json::json!({ "traceparent": 7 })).await,
            200
        );
    });
    let all = request_spans(None);
    assert_eq!(all.len(), malformed.len() + 1, "{all:#?}");
    for span in all {
        assert!(!span.parent_span_is_remote, "{span:#?}");
        assert_ne!(span.parent_span_id, SpanId::INVALID, "{span:#?}");
    }
}

/// `tools/call hello` over rmcp's stdio transport (in process), with `meta` in `_meta`.
async fn call_over_stdio(tag: &str, meta: serde_json::Value) {
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _};
    let router: Router = mcp_content::router! { tools: [hello] }.build().unwrap();
    let (client, server) = tokio::io::duplex(1 << 16);
    let (server_in, server_out) = tokio::io::split(server);
    let serving = tokio::spawn(mcp_content::rmcp::serve_stdio_with(
        router,
        server_in,
        server_out,
        1 << 20,
    ));
    let (client_in, mut client_out) = tokio::io::split(client);
    let call = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": { "name": "hello", "arguments": { "name": tag }, "_meta": meta },
    });
    let lines = [
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        call.to_string(),
    ];
    let mut replies = tokio::io::BufReader::new(client_in).lines();
    let mut last = String::new();
    for line in lines {
        client_out.write_all(line.as_bytes()).await.unwrap();
        client_out.write_all(b"\n").await.unwrap();
        if line.contains(r#""id":"#) {
            last = replies.next_line().await.unwrap().unwrap();
        }
    }
    assert!(last.contains(&format!("hello {tag}")), "{last}");
    drop(client_out);
    drop(replies);
    let _ = serving.await;
}

#[test]
fn over_stdio_a_traceparent_in_meta_is_the_remote_parent_too() {
    let _alone = run(async {
        let traceparent = format!("00-{TRACE}-{PARENT}-01");
        call_over_stdio("piped", serde_json::json!({ "traceparent": traceparent })).await;
        call_over_stdio("fresh", serde_json::json!({})).await;
    });
    let all = request_spans(None);
    assert_eq!(all.len(), 2, "{all:#?}");
    let theirs = TraceId::from_hex(TRACE).unwrap();
    let traced: Vec<_> = all
        .iter()
        .filter(|s| s.span_context.trace_id() == theirs)
        .collect();
    assert_eq!(traced.len(), 1, "{all:#?}");
    assert_eq!(traced[0].parent_span_id, SpanId::from_hex(PARENT).unwrap());
    assert!(traced[0].parent_span_is_remote);
}
