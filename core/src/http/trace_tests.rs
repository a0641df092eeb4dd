//! The endpoint's `tracing` spans, read by a subscriber that writes everything it is given
//! as text: what a request asked and how it ended is there; its credentials are not.

use std::sync::{Arc, Mutex};

use http::header;
use http_body_util::Full;

use super::tests::{post, request, send};
use super::*;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::Context;
use crate::server::handler::{BoxFuture, ToolHandler};
use serde_json::Map;

use crate::transport::capture::{Say, captured, fields_of};

fn server() -> HttpServer {
    HttpServer::new(Router::builder().tool(Say).build().unwrap())
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
