//! Browsers on other sites: a foreign `Origin` is refused (403) on the own endpoint and on
//! rmcp's Streamable HTTP service behind `http::Cors`; an allowed one gets its preflight
//! answered and can read the responses and the session id.

use std::net::SocketAddr;

use mcp_content::Router;
use mcp_content::http::{Cors, HttpServer};
use serde_json::json;
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;
use tower_layer::Layer as _;

use crate::support::{Echo, Response, exchange, read_response, stateless};

/// Sends `request` (a whole HTTP/1.1 request, `Connection: close`) and reads the answer.
async fn raw(addr: SocketAddr, request: &str) -> Response {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    read_response(stream).await
}

/// A preflight for a `POST` from `origin` asking for `headers`.
fn preflight(origin: &str, headers: &str) -> String {
    format!(
        "OPTIONS /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: {origin}\r\n\
         Access-Control-Request-Method: POST\r\n\
         Access-Control-Request-Headers: {headers}\r\nConnection: close\r\n\r\n"
    )
}

fn call() -> String {
    stateless(
        "1",
        "tools/call",
        json!({ "name": "echo", "arguments": { "text": "hi" } }),
        false,
    )
}

async fn own(server: HttpServer) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    addr
}

fn router() -> Router {
    Router::builder().tool(Echo).build().unwrap()
}

/// Checks a preflight answered for `origin`: 204, the origin, MCP's methods and headers
/// (a tool's `Mcp-Param-*` header as asked), `Vary: Origin`.
fn assert_preflight(response: &Response, origin: &str) {
    assert_eq!(response.status, 204, "{}", response.head);
    assert_eq!(
        response.header("access-control-allow-origin").as_deref(),
        Some(origin)
    );
    let methods = response.header("access-control-allow-methods").unwrap();
    for method in ["GET", "POST", "DELETE", "OPTIONS"] {
        assert!(methods.contains(method), "{methods}");
    }
    let headers = response.header("access-control-allow-headers").unwrap();
    for header in [
        "content-type",
        "authorization",
        "mcp-protocol-version",
        "mcp-session-id",
        "last-event-id",
        "mcp-method",
        "mcp-name",
        "mcp-param-region",
    ] {
        assert!(headers.contains(header), "{header} in {headers}");
    }
    // A header MCP does not use is not allowed for the asking.
    assert!(!headers.contains("x-other"), "{headers}");
    assert!(response.header("vary").unwrap().contains("Origin"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_answers_preflights_and_exposes_the_session_id_to_allowed_origins() {
    let addr = own(HttpServer::new(router()).allowed_origins(["https://app.example.com"])).await;
    let origin = "https://app.example.com";
    let response = raw(
        addr,
        &preflight(origin, "content-type, mcp-param-region, x-other"),
    )
    .await;
    assert_preflight(&response, origin);

    let response = exchange(addr, &call(), &[("Origin", origin)]).await;
    assert_eq!(response.status, 200, "{}", response.body);
    assert_eq!(response.json()["result"]["content"][0]["text"], "hi");
    assert_eq!(
        response.header("access-control-allow-origin").as_deref(),
        Some(origin)
    );
    assert_eq!(
        response.header("access-control-expose-headers").as_deref(),
        Some("Mcp-Session-Id, WWW-Authenticate")
    );
    assert_eq!(response.header("vary").as_deref(), Some("Origin"));

    // Not from a browser: served, no CORS headers but `Vary` (a cache keeps them apart).
    let response = exchange(addr, &call(), &[]).await;
    assert_eq!(response.status, 200);
    assert_eq!(response.header("access-control-allow-origin"), None);
    assert_eq!(response.header("access-control-expose-headers"), None);
    assert_eq!(response.header("vary").as_deref(), Some("Origin"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_refuses_a_foreign_origin_even_its_preflight() {
    let addr = own(HttpServer::new(router()).allowed_origins(["https://app.example.com"])).await;
    for origin in ["https://evil.example", "http://localhost:5173", "null"] {
        let response = raw(addr, &preflight(origin, "content-type")).await;
        assert_eq!(response.status, 403, "{origin}: {}", response.head);
        assert_eq!(response.header("access-control-allow-origin"), None);
        let response = exchange(addr, &call(), &[("Origin", origin)]).await;
        assert_eq!(response.status, 403, "{origin}");
        assert_eq!(response.json()["error"]["code"], -32600);
        assert_eq!(response.header("access-control-allow-origin"), None);
    }
    // Without a list, same-host origins only.
    let addr = own(HttpServer::new(router())).await;
    let response = raw(
        addr,
        &preflight("http://localhost:5173", "mcp-param-region"),
    )
    .await;
    assert_preflight(&response, "http://localhost:5173");
    let response = raw(addr, &preflight("https://evil.example", "content-type")).await;
    assert_eq!(response.status, 403);
}

/// rmcp's Streamable HTTP service behind the layer gets the same protection: preflights,
/// exposed session ids, foreign origins refused before rmcp sees them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cors_layer_on_rmcps_streamable_http_service_answers_preflights_and_refuses_foreign_origins()
 {
    let origin = "http://localhost:5173";
    let service = mcp_content::rmcp::streamable_http_service(router());
    let app = axum::Router::new().nest_service("/mcp", Cors::new([origin]).layer(service));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });

    let response = raw(
        addr,
        &preflight(origin, "content-type, mcp-param-region, x-other"),
    )
    .await;
    assert_preflight(&response, origin);

    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"cors","version":"1"}}}"#;
    let response = exchange(addr, initialize, &[("Origin", origin)]).await;
    assert_eq!(response.status, 200, "{}", response.body);
    assert!(
        response.header("mcp-session-id").is_some(),
        "{}",
        response.head
    );
    assert_eq!(
        response.header("access-control-allow-origin").as_deref(),
        Some(origin)
    );
    assert_eq!(
        response.header("access-control-expose-headers").as_deref(),
        Some("Mcp-Session-Id, WWW-Authenticate")
    );

    // rmcp's front alone would take a local origin; the layer's list is stricter.
    for foreign in ["https://evil.example", "http://127.0.0.1:9", "null"] {
        let response = raw(addr, &preflight(foreign, "content-type")).await;
        assert_eq!(response.status, 403, "{foreign}");
        let response = exchange(addr, initialize, &[("Origin", foreign)]).await;
        assert_eq!(response.status, 403, "{foreign}");
        assert_eq!(response.json()["error"]["code"], -32600);
    }
}
