//! The 2025-era session flow, driven over 127.0.0.1 with hyper's HTTP/1.1 client: raw
//! requests, raw headers, events read from the body as they come.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Incoming;
use serde_json::json;

use super::*;
use crate::input::Elicitation;
use crate::model::content::{ContentBlock, ImageContent};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::{
    binary::Base64Data,
    validated::{MimeType, ToolName},
};
use crate::server::changes::ListKind;
use crate::server::handler::Context;
use crate::server::handler::LogLevel;
use crate::server::handler::{BoxFuture, ToolHandler};
use crate::wire::version::SerializeFor as _;
use http::header;
use serde_json::Map;

const VERSIONS: [&str; 2] = ["2025-06-18", "2025-11-25"];

/// `ask_name`: asks the user's name (`elicitation/create`, form mode), then greets them.
struct AskName;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Name {
    name: String,
}

impl ToolHandler for AskName {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("ask_name").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move {
            match context.elicit_form::<Name>("What is your name?").await {
                Ok(Elicitation::Accept(Name { name })) => {
                    CallToolResult::text(format!("Hello, {name}!"))
                }
                Ok(Elicitation::Decline | Elicitation::Cancel) => CallToolResult::text("no name"),
                Err(e) => CallToolResult::error(format!("{}: {}", e.code, e.message)),
            }
        })
    }
}

/// `chatty`: reports progress and logs, then returns a caption and a 3,000-byte image.
struct Chatty;

fn picture_result() -> CallToolResult {
    let bytes: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
    let image = ImageContent::new(
        Base64Data::from_bytes(bytes),
        MimeType::new("image/png").unwrap(),
    )
    .unwrap();
    CallToolResult::new(vec![ContentBlock::text("a picture"), image.into()])
}

impl ToolHandler for Chatty {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("chatty").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move {
            context
                .progress(1.0, Some(2.0), Some("half"))
                .await
                .unwrap();
            context
                .log(LogLevel::Info, Some("chatty"), "working")
                .await
                .unwrap();
            // Below the session's level: not sent.
            context
                .log(LogLevel::Debug, Some("chatty"), "details")
                .await
                .unwrap();
            picture_result()
        })
    }
}

/// `quiet`: a text, nothing sent on the way.
struct Quiet;

impl ToolHandler for Quiet {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("quiet").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { CallToolResult::text("quiet") })
    }
}

/// A server on 127.0.0.1 (a port of its own), served by `serve` on the test's runtime.
pub(super) async fn start() -> (SocketAddr, HttpServer) {
    let router = Router::builder()
        .tool(AskName)
        .tool(Chatty)
        .tool(Quiet)
        .build()
        .unwrap();
    let server = HttpServer::new(router);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.clone().serve(listener));
    (addr, server)
}

pub(super) fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Sends one request on a connection of its own.
pub(super) async fn send(addr: SocketAddr, request: Request<Full<Bytes>>) -> Response<Incoming> {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let io = hyper_util::rt::TokioIo::new(stream);
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io).await.unwrap();
    tokio::spawn(connection);
    tokio::time::timeout(Duration::from_secs(10), sender.send_request(request))
        .await
        .expect("the server answers within 10 s")
        .unwrap()
}

/// A request to `/mcp` with the headers a 2025-era client sends.
pub(super) fn request(
    method: Method,
    session: Option<&str>,
    version: Option<&str>,
) -> http::request::Builder {
    let mut builder = Request::builder()
        .method(method)
        .uri("/mcp")
        .header(header::HOST, "127.0.0.1")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json, text/event-stream");
    if let Some(session) = session {
        builder = builder.header("Mcp-Session-Id", session);
    }
    if let Some(version) = version {
        builder = builder.header("MCP-Protocol-Version", version);
    }
    builder
}

pub(super) async fn post(
    addr: SocketAddr,
    session: Option<&str>,
    version: Option<&str>,
    message: &Value,
) -> Response<Incoming> {
    let mut builder = request(Method::POST, session, version);
    let mut body = serde_json::to_string(message).unwrap();
    if session.is_none() && version == Some("2026-07-28") {
        // A stateless request as a 2026-07-28 client sends it: its `_meta` complete and the
        // routing headers derived from its body.
        body = tests::with_defaults(&body);
        let derived = tests::post_for(&body).body(()).unwrap();
        for (name, value) in derived.headers() {
            if name.as_str().starts_with("mcp-") && name != "mcp-protocol-version" {
                builder = builder.header(name, value);
            }
        }
    }
    send(addr, builder.body(Full::new(Bytes::from(body))).unwrap()).await
}

pub(super) async fn json_of(response: Response<Incoming>) -> Value {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{e}: {bytes:?}"))
}

/// Reads server-sent events from a body as they arrive.
pub(super) struct Events {
    body: Incoming,
    buffer: Vec<u8>,
}

impl Events {
    pub(super) fn of(response: Response<Incoming>) -> Self {
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "text/event-stream"
        );
        Self {
            body: response.into_body(),
            buffer: Vec::new(),
        }
    }

    /// The next event's `data`, as bytes; `None` when the stream ended.
    pub(super) async fn next_data(&mut self) -> Option<Vec<u8>> {
        self.next_event().await.map(|(_, data)| data)
    }

    /// The next event's `id` (if it has one) and `data`; `None` when the stream ended.
    pub(super) async fn next_event(&mut self) -> Option<(Option<String>, Vec<u8>)> {
        loop {
            if let Some(end) = self.buffer.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = self.buffer.drain(..end + 2).collect();
                let data = event
                    .split(|&b| b == b'\n')
                    .filter_map(|line| line.strip_prefix(b"data: "))
                    .flatten()
                    .copied()
                    .collect();
                let id = event
                    .split(|&b| b == b'\n')
                    .find_map(|line| line.strip_prefix(b"id: "))
                    .map(|id| String::from_utf8_lossy(id).into_owned());
                return Some((id, data));
            }
            let frame = tokio::time::timeout(Duration::from_secs(10), self.body.frame())
                .await
                .expect("an event within 10 s")?
                .unwrap();
            if let Ok(data) = frame.into_data() {
                self.buffer.extend_from_slice(&data);
            }
        }
    }

    pub(super) async fn next(&mut self) -> Option<Value> {
        let data = self.next_data().await?;
        Some(serde_json::from_slice(&data).unwrap())
    }
}

/// `initialize` on `version` with `capabilities`: the session id and the result.
pub(super) async fn initialize(
    addr: SocketAddr,
    version: &str,
    capabilities: Value,
) -> (String, Value) {
    let response = post(
        addr,
        None,
        None,
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": version,
            "capabilities": capabilities,
            "clientInfo": {"name": "test", "version": "1"},
        }}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
    let session = response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let body = json_of(response).await;
    let negotiated = body["result"]["protocolVersion"].as_str().unwrap();
    let initialized = post(
        addr,
        Some(&session),
        Some(negotiated),
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
    assert_eq!(initialized.status(), StatusCode::ACCEPTED);
    (session, body["result"].clone())
}

pub(super) fn call_tool(id: u64, name: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name}})
}

#[test]
fn initialize_opens_a_session_named_in_the_header() {
    rt().block_on(async {
        let (addr, server) = start().await;
        let mut ids = Vec::new();
        for version in VERSIONS {
            let (session, result) = initialize(addr, version, json!({})).await;
            assert_eq!(result["protocolVersion"], version);
            assert_eq!(result["capabilities"]["tools"]["listChanged"], true);
            assert!(result["capabilities"]["logging"].is_object());
            assert_eq!(result["serverInfo"]["name"], server.router().info().name);
            assert!(result.get("resultType").is_none());
            // Visible ASCII, and unguessable enough to be long.
            assert!(session.len() >= 32);
            assert!(session.bytes().all(|b| (0x21..=0x7e).contains(&b)));
            ids.push(session);
        }
        assert_ne!(ids[0], ids[1]);
        // A version this crate does not speak gets the newest session-era one.
        let (_, result) = initialize(addr, "2024-11-05", json!({})).await;
        assert_eq!(result["protocolVersion"], "2025-11-25");
        assert_eq!(server.open_sessions(), 3);
    });
}

#[test]
fn tools_call_in_a_session_is_answered_as_json() {
    rt().block_on(async {
        let (addr, _) = start().await;
        for version in VERSIONS {
            let (session, _) = initialize(addr, version, json!({})).await;
            let response = post(addr, Some(&session), Some(version), &call_tool(1, "quiet")).await;
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            let body = json_of(response).await;
            assert_eq!(body["id"], 1);
            assert_eq!(body["result"]["content"][0]["text"], "quiet");
            // 2025-era results have no resultType.
            assert!(body["result"].get("resultType").is_none());
            let list = post(
                addr,
                Some(&session),
                Some(version),
                &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
            )
            .await;
            assert_eq!(
                json_of(list).await["result"]["tools"]
                    .as_array()
                    .unwrap()
                    .len(),
                3
            );
            let ping = post(
                addr,
                Some(&session),
                None,
                &json!({"jsonrpc": "2.0", "id": "p", "method": "ping"}),
            )
            .await;
            assert_eq!(
                json_of(ping).await,
                json!({"jsonrpc": "2.0", "id": "p", "result": {}})
            );
        }
    });
}

#[test]
fn a_tool_that_elicits_asks_over_sse_and_gets_the_posted_answer() {
    rt().block_on(async {
        let (addr, _) = start().await;
        for version in VERSIONS {
            let (session, _) = initialize(addr, version, json!({"elicitation": {}})).await;
            let response = post(
                addr,
                Some(&session),
                Some(version),
                &call_tool(5, "ask_name"),
            )
            .await;
            assert_eq!(response.status(), StatusCode::OK);
            let mut events = Events::of(response);
            let question = events.next().await.unwrap();
            assert_eq!(question["method"], "elicitation/create");
            assert_eq!(question["params"]["message"], "What is your name?");
            assert_eq!(
                question["params"]["requestedSchema"]["properties"]["name"]["type"],
                "string"
            );
            let answer = post(
                addr,
                Some(&session),
                Some(version),
                &json!({"jsonrpc": "2.0", "id": question["id"], "result": {
                    "action": "accept", "content": {"name": "Ann"},
                }}),
            )
            .await;
            assert_eq!(answer.status(), StatusCode::ACCEPTED);
            let result = events.next().await.unwrap();
            assert_eq!(result["id"], 5);
            assert_eq!(result["result"]["content"][0]["text"], "Hello, Ann!");
            // The response ends the stream.
            assert!(events.next_data().await.is_none());
        }
    });
}

#[test]
fn a_client_error_answer_reaches_the_handler() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (session, _) = initialize(addr, "2025-11-25", json!({"elicitation": {}})).await;
        let response = post(addr, Some(&session), None, &call_tool(6, "ask_name")).await;
        let mut events = Events::of(response);
        let question = events.next().await.unwrap();
        post(
            addr,
            Some(&session),
            None,
            &json!({"jsonrpc": "2.0", "id": question["id"], "error": {
                "code": -1, "message": "user closed the dialog",
            }}),
        )
        .await;
        let result = events.next().await.unwrap();
        assert_eq!(result["result"]["isError"], true);
        assert_eq!(
            result["result"]["content"][0]["text"],
            "-1: user closed the dialog"
        );
    });
}

#[test]
fn a_client_without_elicitation_is_not_asked() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (session, _) = initialize(addr, "2025-06-18", json!({})).await;
        let response = post(addr, Some(&session), None, &call_tool(7, "ask_name")).await;
        // Nothing went out on the way: a JSON answer.
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let body = json_of(response).await;
        assert_eq!(body["result"]["isError"], true);
        assert!(
            body["result"]["content"][0]["text"]
                .as_str()
                .unwrap()
                .starts_with("-32021"),
            "{body}"
        );
    });
}

#[test]
fn progress_and_log_messages_stream_before_the_writers_result() {
    rt().block_on(async {
        let (addr, _) = start().await;
        for version in VERSIONS {
            let (session, _) = initialize(addr, version, json!({})).await;
            let level = post(
                addr,
                Some(&session),
                Some(version),
                &json!({"jsonrpc": "2.0", "id": 1, "method": "logging/setLevel", "params": {"level": "info"}}),
            )
            .await;
            assert_eq!(json_of(level).await["result"], json!({}));
            let mut message = call_tool(2, "chatty");
            message["params"]["_meta"] = json!({"progressToken": "t1"});
            let response = post(addr, Some(&session), Some(version), &message).await;
            let mut events = Events::of(response);
            let progress = events.next().await.unwrap();
            assert_eq!(progress["method"], "notifications/progress");
            assert_eq!(progress["params"]["progressToken"], "t1");
            assert_eq!(progress["params"]["progress"], 1.0);
            assert_eq!(progress["params"]["total"], 2.0);
            let log = events.next().await.unwrap();
            assert_eq!(log["method"], "notifications/message");
            assert_eq!(log["params"]["level"], "info");
            assert_eq!(log["params"]["data"], "working");
            // The debug message was below the level; next comes the response, whose result
            // is the writer's bytes inside the envelope, in one event.
            let data = events.next_data().await.unwrap();
            let mut expected = br#"{"jsonrpc":"2.0","id":2,"result":"#.to_vec();
            let version = ProtocolVersion::parse(version).unwrap();
            expected.extend(picture_result().to_json_for(version));
            expected.push(b'}');
            assert_eq!(data, expected);
            assert!(events.next_data().await.is_none());
        }
    });
}

#[test]
fn the_get_stream_carries_list_changes_and_subscribed_updates() {
    rt().block_on(async {
        let (addr, server) = start().await;
        for version in VERSIONS {
            let (session, _) = initialize(addr, version, json!({})).await;
            let subscribe = post(
                addr,
                Some(&session),
                Some(version),
                &json!({"jsonrpc": "2.0", "id": 1, "method": "resources/subscribe", "params": {"uri": "test://watched"}}),
            )
            .await;
            assert_eq!(json_of(subscribe).await["result"], json!({}));
            let get = request(Method::GET, Some(&session), Some(version))
                .header(header::ACCEPT, "text/event-stream")
                .body(Full::new(Bytes::new()))
                .unwrap();
            let response = send(addr, get).await;
            assert_eq!(response.status(), StatusCode::OK);
            let mut events = Events::of(response);
            // A second GET stream of the same session is refused while this one is open.
            let again = request(Method::GET, Some(&session), Some(version))
                .body(Full::new(Bytes::new()))
                .unwrap();
            assert_eq!(send(addr, again).await.status(), StatusCode::CONFLICT);

            server.router().notify_list_changed(ListKind::Tools).await.unwrap();
            let changed = events.next().await.unwrap();
            assert_eq!(
                changed,
                json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
            );
            server.router().notify_resource_updated("test://other").await.unwrap();
            server.router().notify_resource_updated("test://watched").await.unwrap();
            let updated = events.next().await.unwrap();
            assert_eq!(updated["method"], "notifications/resources/updated");
            assert_eq!(updated["params"]["uri"], "test://watched");

            let unsubscribe = post(
                addr,
                Some(&session),
                Some(version),
                &json!({"jsonrpc": "2.0", "id": 2, "method": "resources/unsubscribe", "params": {"uri": "test://watched"}}),
            )
            .await;
            assert_eq!(unsubscribe.status(), StatusCode::OK);
            server.router().notify_resource_updated("test://watched").await.unwrap();
            server.router().notify_list_changed(ListKind::Prompts).await.unwrap();
            let next = events.next().await.unwrap();
            assert_eq!(next["method"], "notifications/prompts/list_changed");

            // Ending the session ends its stream.
            let delete = request(Method::DELETE, Some(&session), Some(version))
                .body(Full::new(Bytes::new()))
                .unwrap();
            assert_eq!(send(addr, delete).await.status(), StatusCode::NO_CONTENT);
            assert!(events.next_data().await.is_none());
        }
    });
}

#[path = "session_lifecycle_tests.rs"]
mod lifecycle;
