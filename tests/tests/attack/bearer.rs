//! Callers without a valid bearer token, or without a handler's scopes, on every HTTP
//! transport: the own endpoint served alone (its RFC 9728 metadata at the path-aware
//! well-known URL, even when the resource URI's path is not the endpoint's), nested in
//! axum under `/mcp` with `ResourceServer::metadata_service` at the root, and rmcp's
//! Streamable HTTP service behind `auth::BearerLayer` (401, the principal reaching a tool,
//! 403 from the `Mcp-Method` / `Mcp-Name` headers, and the JSON-RPC refusal of a 2025
//! client that sends no such headers).

use std::net::SocketAddr;

use mcp_content::auth::{AuthError, Principal, ResourceServer, TokenVerifier};
use mcp_content::handler::{
    BoxFuture, ProtocolError, ResourceDescriptor, ResourceHandler, ToolHandler,
};
use mcp_content::http::HttpServer;
use mcp_content::model::{ReadResourceResult, Resource, TextResourceContents, Tool, ToolName, Uri};
use mcp_content::{CallToolResult, Context, Router};
use serde_json::{Map, Value, json};
use std::fmt::Write as _;
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;
use tower_layer::Layer as _;

use crate::support::{Response, read_response, stateless};

const READER: &str = "reader-token-31d4";
const WRITER: &str = "writer-token-8e02";

struct Static;

impl TokenVerifier for Static {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        Box::pin(async move {
            match token {
                READER => Ok(Principal::new("alice").with_scopes(["notes:read"])),
                WRITER => Ok(Principal::new("bob").with_scopes(["notes:read", "notes:write"])),
                _ => Err(AuthError::invalid("unknown token")),
            }
        })
    }
}

/// `whoami`: the caller's subject, from `Context::principal`.
struct WhoAmI;

impl ToolHandler for WhoAmI {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("whoami").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        let who = context
            .principal()
            .and_then(|p| p.subject())
            .unwrap_or("nobody")
            .to_owned();
        Box::pin(async move { CallToolResult::text(who) })
    }
}

/// `write`: needs `notes:write`.
struct Write;

impl ToolHandler for Write {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("write").unwrap())
    }

    fn scopes(&self) -> &[&str] {
        &["notes:write"]
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { CallToolResult::text("written") })
    }
}

/// `notes://admin`: needs `notes:admin`.
struct Admin;

impl ResourceHandler for Admin {
    fn descriptor(&self) -> ResourceDescriptor {
        let uri = Uri::new("notes://admin").unwrap();
        ResourceDescriptor::Fixed(Resource::new(uri, "admin"))
    }

    fn scopes(&self) -> &[&str] {
        &["notes:admin"]
    }

    fn read(
        &self,
        uri: &str,
        _: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let uri = Uri::new(uri).unwrap();
        Box::pin(async move {
            Ok(ReadResourceResult::new(vec![
                TextResourceContents::new(uri, "secret").into(),
            ]))
        })
    }
}

fn router() -> Router {
    Router::builder()
        .tool(WhoAmI)
        .tool(Write)
        .resource(Admin)
        .default_scopes(["notes:read"])
        .build()
        .unwrap()
}

/// One HTTP/1.1 request (`Connection: close`) with exactly these headers, answered in full.
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Response {
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
         Content-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        let _ = write!(request, "{name}: {value}\r\n");
    }
    request.push_str("\r\n");
    request.push_str(body);
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    read_response(stream).await
}

/// A 2026-07-28 `tools/call` of `tool`, with its `Mcp-Method` / `Mcp-Name` headers and the
/// token, if any.
async fn call(addr: SocketAddr, path: &str, tool: &str, token: Option<&str>) -> Response {
    let body = stateless(
        "1",
        "tools/call",
        json!({ "name": tool, "arguments": {} }),
        false,
    );
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", tool),
    ];
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer));
    }
    send(addr, "POST", path, &headers, &body).await
}

async fn listen() -> (tokio::net::TcpListener, SocketAddr) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    (listener, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_serves_its_metadata_at_the_path_aware_url_of_its_resource_uri() {
    let (listener, addr) = listen().await;
    // Behind a proxy: the public URI's path is not the endpoint's.
    let resource = ResourceServer::new("https://mcp.example.com/tenant/mcp", Static)
        .unwrap()
        .authorization_server("https://auth.example.com")
        .unwrap()
        .resource_name("Notes")
        .resource_documentation("https://docs.example.com/notes");
    let server = HttpServer::new(router()).authorization(resource);
    tokio::spawn(server.serve(listener));

    let metadata = send(
        addr,
        "GET",
        "/.well-known/oauth-protected-resource/tenant/mcp",
        &[],
        "",
    )
    .await;
    assert_eq!(metadata.status, 200, "{}", metadata.head);
    assert_eq!(
        metadata.header("content-type").as_deref(),
        Some("application/json")
    );
    assert_eq!(
        metadata.header("access-control-allow-origin").as_deref(),
        Some("*")
    );
    assert_eq!(
        metadata.json(),
        json!({
            "resource": "https://mcp.example.com/tenant/mcp",
            "authorization_servers": ["https://auth.example.com"],
            "scopes_supported": ["notes:admin", "notes:read", "notes:write"],
            "bearer_methods_supported": ["header"],
            "resource_name": "Notes",
            "resource_documentation": "https://docs.example.com/notes",
        })
    );
    // The root well-known URL is not this resource's.
    let root = send(
        addr,
        "GET",
        "/.well-known/oauth-protected-resource",
        &[],
        "",
    )
    .await;
    assert_eq!(root.status, 404);

    let refused = call(addr, "/mcp", "whoami", None).await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    assert_eq!(
        refused.header("www-authenticate").as_deref(),
        Some(
            "Bearer scope=\"notes:read\", resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource/tenant/mcp\""
        )
    );
    let answered = call(addr, "/mcp", "whoami", Some(READER)).await;
    assert_eq!(answered.status, 200, "{}", answered.body);
    assert_eq!(answered.json()["result"]["content"][0]["text"], "alice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_nested_in_axum_under_mcp_has_its_metadata_routed_at_the_root() {
    let (listener, addr) = listen().await;
    let resource = ResourceServer::new(&format!("http://{addr}/mcp"), Static)
        .unwrap()
        .authorization_server("http://127.0.0.1:9")
        .unwrap();
    let server = HttpServer::new(router()).authorization(resource.clone());
    let app = axum::Router::new()
        .nest_service("/mcp", server)
        .route_service(resource.metadata_path(), resource.metadata_service());
    tokio::spawn(async move { axum::serve(listener, app).await });

    let metadata = send(
        addr,
        "GET",
        "/.well-known/oauth-protected-resource/mcp",
        &[],
        "",
    )
    .await;
    assert_eq!(metadata.status, 200, "{}", metadata.head);
    assert_eq!(metadata.json()["resource"], format!("http://{addr}/mcp"));
    // The router's scopes, since none were set.
    assert_eq!(
        metadata.json()["scopes_supported"],
        json!(["notes:admin", "notes:read", "notes:write"])
    );

    let refused = call(addr, "/mcp", "whoami", Some("stolen-token-ab12")).await;
    assert_eq!(refused.status, 401);
    let challenge = refused.header("www-authenticate").unwrap();
    assert!(
        challenge
            .starts_with("Bearer error=\"invalid_token\", error_description=\"unknown token\""),
        "{challenge}"
    );
    assert!(
        challenge.ends_with(&format!(
            "resource_metadata=\"http://{addr}/.well-known/oauth-protected-resource/mcp\""
        )),
        "{challenge}"
    );
    assert!(!refused.body.contains("stolen-token-ab12"));

    let forbidden = call(addr, "/mcp", "write", Some(READER)).await;
    assert_eq!(forbidden.status, 403, "{}", forbidden.body);
    assert!(
        forbidden
            .header("www-authenticate")
            .unwrap()
            .starts_with("Bearer error=\"insufficient_scope\", scope=\"notes:write\"")
    );
    let answered = call(addr, "/mcp", "write", Some(WRITER)).await;
    assert_eq!(answered.status, 200, "{}", answered.body);
}

/// rmcp's service behind the layer, at `/mcp`, with the metadata at the root.
async fn rmcp_behind_the_layer() -> SocketAddr {
    let (listener, addr) = listen().await;
    let router = std::sync::Arc::new(router());
    let resource = ResourceServer::new(&format!("http://{addr}/mcp"), Static)
        .unwrap()
        .authorization_server("http://127.0.0.1:9")
        .unwrap()
        .router(router.clone());
    let service = mcp_content::rmcp::streamable_http_service(router);
    let app = axum::Router::new()
        .nest_service("/mcp", resource.layer().layer(service))
        .route_service(resource.metadata_path(), resource.metadata_service());
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_layer_on_rmcps_service_refuses_without_a_token_and_by_the_mcp_name_header() {
    let addr = rmcp_behind_the_layer().await;
    let refused = call(addr, "/mcp", "whoami", None).await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    assert_eq!(
        refused.header("www-authenticate"),
        Some(format!(
            "Bearer scope=\"notes:read\", resource_metadata=\"http://{addr}/.well-known/oauth-protected-resource/mcp\""
        ))
    );
    assert_eq!(refused.json()["error"]["code"], -32600);
    let forbidden = call(addr, "/mcp", "write", Some(READER)).await;
    assert_eq!(forbidden.status, 403, "{}", forbidden.body);
    assert!(
        forbidden
            .header("www-authenticate")
            .unwrap()
            .starts_with("Bearer error=\"insufficient_scope\", scope=\"notes:write\"")
    );
    let metadata = send(
        addr,
        "GET",
        "/.well-known/oauth-protected-resource/mcp",
        &[],
        "",
    )
    .await;
    assert_eq!(metadata.status, 200);
    assert_eq!(metadata.json()["resource"], format!("http://{addr}/mcp"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_the_layer_a_2025_session_gets_the_principal_and_a_json_rpc_scope_refusal() {
    let addr = rmcp_behind_the_layer().await;
    let post = async |body: &str, session: Option<&str>, token: &str| {
        let bearer = format!("Bearer {token}");
        let mut headers = vec![
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
            ("Authorization", bearer.as_str()),
        ];
        if let Some(session) = session {
            headers.push(("Mcp-Session-Id", session));
            headers.push(("MCP-Protocol-Version", "2025-06-18"));
        }
        send(addr, "POST", "/mcp", &headers, body).await
    };
    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bearer","version":"1"}}}"#;
    let opened = post(initialize, None, READER).await;
    assert_eq!(opened.status, 200, "{}", opened.body);
    let session = opened.header("mcp-session-id").expect("a session id");
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    assert_eq!(post(initialized, Some(&session), READER).await.status, 202);

    let whoami = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":{}}}"#;
    let answered = post(whoami, Some(&session), READER).await;
    assert_eq!(answered.status, 200, "{}", answered.body);
    assert_eq!(answered.json()["result"]["content"][0]["text"], "alice");

    // No Mcp-Method / Mcp-Name headers: the layer cannot tell; the handler's front refuses.
    let write = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"write","arguments":{}}}"#;
    let refused = post(write, Some(&session), READER).await;
    let error = &refused.json()["error"];
    assert_eq!(
        error["code"],
        mcp_content::auth::INSUFFICIENT_SCOPE,
        "{}",
        refused.body
    );
    assert!(
        error["message"].as_str().unwrap().contains("notes:write"),
        "{error}"
    );
    assert_eq!(error["data"]["scope"], "notes:write");

    // Reading or subscribing to a resource needs its scopes too.
    let read =
        r#"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"notes://admin"}}"#;
    let refused = post(read, Some(&session), READER).await;
    assert_eq!(
        refused.json()["error"]["code"],
        mcp_content::auth::INSUFFICIENT_SCOPE,
        "{}",
        refused.body
    );
    assert!(!refused.body.contains("secret"), "{}", refused.body);
    let subscribe = r#"{"jsonrpc":"2.0","id":4,"method":"resources/subscribe","params":{"uri":"notes://admin"}}"#;
    let refused = post(subscribe, Some(&session), READER).await;
    let error = &refused.json()["error"];
    assert_eq!(
        error["code"],
        mcp_content::auth::INSUFFICIENT_SCOPE,
        "{}",
        refused.body
    );
    assert_eq!(error["data"]["scope"], "notes:admin");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_refuses_reading_or_subscribing_without_the_resources_scope() {
    let (listener, addr) = listen().await;
    let resource = ResourceServer::new(&format!("http://{addr}/mcp"), Static).unwrap();
    tokio::spawn(
        HttpServer::new(router())
            .authorization(resource)
            .serve(listener),
    );
    let bearer = format!("Bearer {READER}");
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
        ("Authorization", bearer.as_str()),
    ];
    let read = stateless(
        "1",
        "resources/read",
        json!({ "uri": "notes://admin" }),
        false,
    );
    let refused = send(addr, "POST", "/mcp", &headers, &read).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(!refused.body.contains("secret"), "{}", refused.body);

    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bearer","version":"1"}}}"#;
    let opened = send(addr, "POST", "/mcp", &headers, initialize).await;
    assert_eq!(opened.status, 200, "{}", opened.body);
    let session = opened.header("mcp-session-id").expect("a session id");
    headers.push(("Mcp-Session-Id", &session));
    let subscribe = r#"{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"notes://admin"}}"#;
    let refused = send(addr, "POST", "/mcp", &headers, subscribe).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(
        refused
            .header("www-authenticate")
            .unwrap()
            .starts_with("Bearer error=\"insufficient_scope\", scope=\"notes:admin\""),
        "{}",
        refused.head
    );
}
