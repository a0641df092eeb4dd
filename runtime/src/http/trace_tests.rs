//! The endpoint's `tracing` spans, read by a subscriber that writes everything it is given
//! as text: what a request asked and how it ended is there; its credentials are not.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use http::header;
use http_body_util::Full;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

use super::tests::{post, request, rt, send};
use super::*;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::Context;
use crate::server::handler::{BoxFuture, ToolHandler};
use serde_json::Map;

/// Every span, record and event, one line each, fields as `name=value`.
#[derive(Clone, Default)]
struct Capture {
    lines: Arc<Mutex<Vec<String>>>,
    next: Arc<AtomicU64>,
}

struct Text<'a>(&'a mut String);

impl Visit for Text<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={:?}", field.name(), value);
    }
}

impl Capture {
    fn push(&self, line: String) {
        self.lines.lock().unwrap().push(line);
    }

    fn text(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        let mut line = format!("span {}", span.metadata().name());
        span.record(&mut Text(&mut line));
        let _ = write!(line, " id={id}");
        self.push(line);
        Id::from_u64(id)
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        let mut line = format!("record id={}", span.into_u64());
        values.record(&mut Text(&mut line));
        self.push(line);
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut line = format!("event {}", event.metadata().level());
        event.record(&mut Text(&mut line));
        self.push(line);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// `say`: its `text` argument back.
struct Say;

impl ToolHandler for Say {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("say").unwrap())
    }

    fn call(&self, arguments: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let text = arguments.get("text").and_then(Value::as_str).unwrap_or("");
        let text = text.to_owned();
        Box::pin(async move { CallToolResult::text(text) })
    }
}

fn server() -> HttpServer {
    HttpServer::new(Router::builder().tool(Say).build().unwrap())
}

thread_local! {
    /// The capture of the test running on this thread, if it is capturing.
    static CURRENT: std::cell::RefCell<Option<Capture>> = const { std::cell::RefCell::new(None) };
}

/// The process-wide subscriber, installed once: it hands everything to the running test's
/// [`Capture`] on this thread. A scoped subscriber (`set_default`) per test is not enough in
/// a test binary that runs other tests at the same time: a callsite first hit on another
/// thread while no capture is alive caches "never interested", and the span is lost.
struct Route;

fn with_current(f: impl FnOnce(&Capture)) {
    CURRENT.with(|current| {
        if let Some(capture) = current.borrow().as_ref() {
            f(capture);
        }
    });
}

impl Subscriber for Route {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut id = Id::from_u64(u64::MAX);
        with_current(|capture| id = capture.new_span(span));
        id
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        with_current(|capture| capture.record(span, values));
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        with_current(|capture| capture.event(event));
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// Runs `test` with a capture as this thread's destination and returns what it captured.
pub(super) fn captured(test: impl AsyncFnOnce()) -> String {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Another global subscriber in this binary would make this test meaningless: fail.
        tracing::subscriber::set_global_default(Route).expect("no other global subscriber");
    });
    let capture = Capture::default();
    CURRENT.with(|current| *current.borrow_mut() = Some(capture.clone()));
    rt().block_on(test());
    CURRENT.with(|current| *current.borrow_mut() = None);
    capture.text()
}

#[test]
fn a_tool_call_has_a_span_with_its_method_name_version_status_and_duration_and_no_token() {
    let text = captured(async || {
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"say","arguments":{"text":"private words"}}}"#;
        let mut call = request(body);
        call.headers_mut().insert(
            header::AUTHORIZATION,
            "Bearer secret-token-123".parse().unwrap(),
        );
        let (status, _) = send(&server(), call).await;
        assert_eq!(status, StatusCode::OK);
    });
    assert!(text.contains("span mcp.http http.method=POST"), "{text}");
    assert!(text.contains("mcp.method=\"tools/call\""), "{text}");
    assert!(text.contains("mcp.name=\"say\""), "{text}");
    assert!(
        text.contains("mcp.protocol_version=\"2026-07-28\""),
        "{text}"
    );
    assert!(text.contains("status=200"), "{text}");
    assert!(text.contains("duration_ms="), "{text}");
    assert!(!text.contains("secret-token-123"), "{text}");
    assert!(!text.contains("private words"), "{text}");
}

#[test]
fn a_session_request_is_traced_by_a_digest_of_its_id_never_the_id() {
    let session = Arc::new(Mutex::new(String::new()));
    let seen = Arc::clone(&session);
    let text = captured(async move || {
        let server = server();
        let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
        let opened = server
            .handle(
                post()
                    .header(header::ACCEPT, "application/json, text/event-stream")
                    .body(Full::new(Bytes::from(initialize)))
                    .unwrap(),
            )
            .await;
        let id = opened.headers()["mcp-session-id"]
            .to_str()
            .unwrap()
            .to_owned();
        let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
        let (status, _) = send(
            &server,
            post()
                .header(header::ACCEPT, "application/json, text/event-stream")
                .header("mcp-session-id", &id)
                .header("mcp-protocol-version", "2025-11-25")
                .body(Full::new(Bytes::from(list)))
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        *seen.lock().unwrap() = id;
    });
    let id = session.lock().unwrap().clone();
    assert_eq!(id.len(), 32);
    assert!(!text.contains(&id), "{text}");
    let digest = trace::session_digest(&id);
    assert!(
        text.contains(&format!("mcp.session=\"{digest}\"")),
        "{text}"
    );
    // The request's own span too.
    assert!(
        text.contains(&format!("mcp.session.id=\"{digest}\"")),
        "{text}"
    );
    assert!(text.contains("mcp.method=\"tools/list\""), "{text}");
    assert!(
        text.contains("mcp.protocol_version=\"2025-11-25\""),
        "{text}"
    );
}

#[test]
fn refusals_are_events_with_their_reason_and_status() {
    let text = captured(async || {
        let server = server().max_body_bytes(64);
        let mut foreign = request(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
        foreign
            .headers_mut()
            .insert(header::ORIGIN, "https://evil.example".parse().unwrap());
        assert_eq!(send(&server, foreign).await.0, StatusCode::FORBIDDEN);
        let big = format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{"x":"{}"}}}}"#,
            "a".repeat(100)
        );
        let (status, _) = send(&server, post().body(Full::new(Bytes::from(big))).unwrap()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    });
    assert!(
        text.contains("reason=\"Origin \\\"https://evil.example\\\" is not allowed\""),
        "{text}"
    );
    assert!(text.contains("status=403"), "{text}");
    assert!(
        text.contains("reason=\"request body over the limit\""),
        "{text}"
    );
    assert!(text.contains("status=413"), "{text}");
}

/// rmcp's Streamable HTTP service behind this crate's front has the same span.
#[cfg(feature = "rmcp-http")]
#[test]
fn the_rmcp_bridge_has_the_same_span_and_refusal_events_and_no_token() {
    use tower_service::Service as _;
    let text = captured(async || {
        let router = Router::builder().tool(Say).build().unwrap();
        let mut service = crate::rmcp::streamable_http_service(router);
        let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
        let request = post()
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header(header::AUTHORIZATION, "Bearer secret-token-123")
            .body(Full::new(Bytes::from(initialize)))
            .unwrap();
        let response = service.call(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let foreign = post()
            .header(header::ORIGIN, "https://evil.example")
            .body(Full::new(Bytes::from(initialize)))
            .unwrap();
        let response = service.call(foreign).await.unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
    });
    assert!(text.contains("span mcp.http http.method=POST"), "{text}");
    assert!(text.contains("mcp.method=\"initialize\""), "{text}");
    assert!(text.contains("status=200"), "{text}");
    // The request's own span, around rmcp's answer.
    assert!(text.contains("span mcp.request"), "{text}");
    assert!(text.contains("mcp.method.name=\"initialize\""), "{text}");
    assert!(text.contains("mcp.outcome=\"answered\""), "{text}");
    assert!(text.contains("reason=\"Origin not allowed\""), "{text}");
    assert!(text.contains("status=403"), "{text}");
    assert!(!text.contains("secret-token-123"), "{text}");
}

/// `fail`: a tool result with `isError`.
struct Fail;

impl ToolHandler for Fail {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("fail").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move { CallToolResult::error("it broke") })
    }
}

fn call(name: &str, token: &str, principal: Option<&str>) -> Request<Full<Bytes>> {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"{name}","arguments":{{"text":"private words"}}}}}}"#
    );
    let mut call = request(&body);
    call.headers_mut().insert(
        header::AUTHORIZATION,
        format!("Bearer {token}").parse().unwrap(),
    );
    if let Some(subject) = principal {
        call.extensions_mut()
            .insert(Arc::new(Principal::new(subject)));
    }
    call
}

#[test]
fn a_request_has_its_own_span_with_the_mcp_conventions_fields_and_the_subject_never_the_token() {
    let text = captured(async || {
        let call = call("say", "secret-token-456", Some("alice@example.com"));
        let (status, _) = send(&server(), call).await;
        assert_eq!(status, StatusCode::OK);
    });
    assert!(text.contains("span mcp.request"), "{text}");
    assert!(text.contains("otel.name=\"tools/call say\""), "{text}");
    assert!(text.contains("otel.kind=\"server\""), "{text}");
    assert!(text.contains("mcp.method.name=\"tools/call\""), "{text}");
    assert!(text.contains("gen_ai.tool.name=\"say\""), "{text}");
    assert!(
        text.contains("gen_ai.operation.name=\"execute_tool\""),
        "{text}"
    );
    assert!(
        text.contains("mcp.protocol.version=\"2026-07-28\""),
        "{text}"
    );
    assert!(text.contains("network.transport=\"tcp\""), "{text}");
    // On the HTTP span and on the request's.
    assert_eq!(
        text.matches("enduser.id=\"alice@example.com\"").count(),
        2,
        "{text}"
    );
    assert!(text.contains("mcp.outcome=\"ok\""), "{text}");
    assert!(text.contains("duration_ms="), "{text}");
    assert!(!text.contains("error.type"), "{text}");
    assert!(!text.contains("secret-token-456"), "{text}");
    assert!(!text.contains("private words"), "{text}");
}

#[test]
fn without_a_principal_no_subject_is_recorded() {
    let text = captured(async || {
        let (status, _) = send(&server(), call("say", "t", None)).await;
        assert_eq!(status, StatusCode::OK);
    });
    assert!(text.contains("span mcp.request"), "{text}");
    assert!(!text.contains("enduser.id"), "{text}");
}

#[test]
fn outcomes_are_recorded_a_tool_error_a_handler_error_code_and_a_refusal() {
    let text = captured(async || {
        let router = Router::builder().tool(Say).tool(Fail).build().unwrap();
        let server = HttpServer::new(router);
        let (status, body) = send(&server, call("fail", "t", None)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["result"]["isError"], true, "{body}");
        // An unknown tool: the router's JSON-RPC error.
        let (_, body) = send(&server, call("nope", "t", None)).await;
        assert!(body["error"]["code"].is_i64(), "{body}");
        // A request whose Mcp-Name header disagrees with its body: refused before routing.
        let mut mismatched = call("say", "t", None);
        mismatched
            .headers_mut()
            .insert("mcp-name", "other".parse().unwrap());
        let (status, _) = send(&server, mismatched).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    });
    let fail = fields_of(&text, "gen_ai.tool.name=\"fail\"", false);
    assert!(fail.contains("mcp.outcome=\"tool_error\""), "{text}");
    assert!(fail.contains("error.type=\"tool_error\""), "{text}");
    assert!(fail.contains("otel.status_code=\"error\""), "{text}");
    let unknown = fields_of(&text, "gen_ai.tool.name=\"nope\"", false);
    assert!(unknown.contains("mcp.outcome=\"error\""), "{text}");
    assert!(unknown.contains("error.type=\"-32"), "{text}");
    let refused = fields_of(&text, "gen_ai.tool.name=\"say\"", true);
    assert!(refused.contains("mcp.outcome=\"refused\""), "{text}");
    assert!(refused.contains("rpc.response.status_code=\"-32"), "{text}");
}

/// Every line of the span that has a line containing `needle` (the last such span when
/// `last`), joined.
fn fields_of(text: &str, needle: &str, last: bool) -> String {
    let mut lines = text.lines().filter(|line| line.contains(needle));
    let line = if last {
        lines.next_back()
    } else {
        lines.next()
    };
    let line = line.unwrap_or_else(|| panic!("no {needle} in {text}"));
    let id = line
        .split_whitespace()
        .find(|word| word.starts_with("id="))
        .unwrap();
    text.lines()
        .filter(|line| line.split_whitespace().any(|word| word == id))
        .collect::<Vec<_>>()
        .join("\n")
}

/// rmcp's stdio transport: each request in an `mcp.request` span, on a pipe.
#[cfg(feature = "rmcp-stdio")]
#[test]
fn a_request_over_stdio_has_its_span_with_the_tool_and_outcome() {
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _};
    let text = captured(async || {
        let router = Router::builder().tool(Say).build().unwrap();
        let (client, server) = tokio::io::duplex(1 << 16);
        let (server_in, server_out) = tokio::io::split(server);
        let serving = tokio::spawn(crate::rmcp::serve_stdio_with(
            router,
            server_in,
            server_out,
            1 << 20,
        ));
        let (client_in, mut client_out) = tokio::io::split(client);
        let lines = [
            r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"say","arguments":{"text":"private words"}}}"#,
        ];
        let mut replies = tokio::io::BufReader::new(client_in).lines();
        let talk = async {
            for line in lines {
                client_out.write_all(line.as_bytes()).await.unwrap();
                client_out.write_all(b"\n").await.unwrap();
                if line.contains(r#""id":"#) {
                    replies.next_line().await.unwrap().unwrap();
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(10), talk)
            .await
            .expect("answered in time");
        drop(client_out);
        drop(replies);
        let _ = tokio::time::timeout(Duration::from_secs(10), serving).await;
    });
    let call = fields_of(&text, "gen_ai.tool.name=\"say\"", false);
    assert!(call.contains("network.transport=\"pipe\""), "{text}");
    assert!(call.contains("mcp.method.name=\"tools/call\""), "{text}");
    assert!(
        call.contains("mcp.protocol.version=\"2025-06-18\""),
        "{text}"
    );
    assert!(call.contains("mcp.outcome=\"ok\""), "{text}");
    // Not in this crate's span (rmcp's own `debug` and `trace` events do log requests whole).
    assert!(!call.contains("private words"), "{text}");
}
