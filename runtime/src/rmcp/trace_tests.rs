//! The request spans of the rmcp bridge's transports (the capture is the core's).

use std::time::Duration;

use bytes::Bytes;
use http::{Method, Request, StatusCode, header};
use http_body_util::Full;
use mcp_content_core::transport::capture::{Say, captured, fields_of};

use crate::Router;

fn post() -> http::request::Builder {
    Request::builder()
        .method(Method::POST)
        .uri("/mcp")
        .header(header::HOST, "127.0.0.1:3001")
        .header(header::CONTENT_TYPE, "application/json")
}

/// rmcp's Streamable HTTP service behind this crate's front has the same span.
#[cfg(feature = "rmcp-http")]
#[test]
fn the_rmcp_bridge_has_the_same_span_and_refusal_events_and_no_token() {
    use tower_service::Service as _;
    let text = captured(async || {
        let router = Router::builder().tool(Say).build().unwrap();
        let mut service = super::streamable_http_service(router);
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

/// rmcp's stdio transport: each request in an `mcp.request` span, on a pipe.
#[cfg(feature = "rmcp-stdio")]
#[test]
fn a_request_over_stdio_has_its_span_with_the_tool_and_outcome() {
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _};
    let text = captured(async || {
        let router = Router::builder().tool(Say).build().unwrap();
        let (client, server) = tokio::io::duplex(1 << 16);
        let (server_in, server_out) = tokio::io::split(server);
        let serving = tokio::spawn(super::serve_stdio_with(
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
