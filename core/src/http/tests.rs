use std::time::Duration;

use super::headers::VERSION_HEADER;
use super::*;
use crate::server::handler::Context;
use crate::transport::handshake::CAPABILITIES_KEY;
use crate::wire::version::SerializeFor as _;
use http::{HeaderValue, header};
use http_body_util::Full;
use serde_json::Map;

use crate::model::content::{ContentBlock, ImageContent};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::{
    binary::Base64Data,
    validated::{MimeType, ToolName},
};
use crate::server::handler::{BoxFuture, ToolHandler};
use crate::transport::parse::MALFORMED;
use crate::transport::parse::{PARSE_ERROR, parse_error_reply};

/// `echo`: the `name` argument back as text, and the request's progress token if any.
struct Echo;

impl ToolHandler for Echo {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("echo").unwrap())
    }

    fn call(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, CallToolResult> {
        let name = arguments.get("name").and_then(Value::as_str).unwrap_or("");
        let token = context
            .progress_token()
            .map_or(String::new(), |t| format!(" token={t}"));
        let text = format!("{name}{token}");
        Box::pin(async move { CallToolResult::text(text) })
    }
}

/// `picture`: a caption and an image of 3,000 bytes.
struct Picture;

fn picture_bytes() -> Vec<u8> {
    (0..3000u32).map(|i| (i * 7 % 251) as u8).collect()
}

fn picture_result() -> CallToolResult {
    let image = ImageContent::new(
        Base64Data::from_bytes(picture_bytes()),
        MimeType::new("image/png").unwrap(),
    )
    .unwrap();
    CallToolResult::new(vec![ContentBlock::text("a picture"), image.into()])
}

impl ToolHandler for Picture {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("picture").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { picture_result() })
    }
}

fn server() -> HttpServer {
    let router = Router::builder().tool(Echo).tool(Picture).build().unwrap();
    HttpServer::new(router)
}

pub(super) fn post() -> http::request::Builder {
    Request::builder()
        .method(Method::POST)
        .uri("/mcp")
        .header(header::HOST, "127.0.0.1:3001")
        .header(header::CONTENT_TYPE, "application/json")
}

pub(super) async fn send(
    server: &HttpServer,
    request: Request<Full<Bytes>>,
) -> (StatusCode, Value) {
    let response = server.handle(request).await;
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let json = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{e}: {body:?}"))
    };
    (status, json)
}

/// A POST of `body` with the headers a 2026-07-28 client derives from it
/// (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`); a body that is not a request goes
/// without them.
pub(super) fn post_for(body: &str) -> http::request::Builder {
    let mut builder = post();
    let Ok(message) = serde_json::from_str::<Value>(body) else {
        return builder;
    };
    let params = &message["params"];
    if let Some(version) = params["_meta"][VERSION_KEY].as_str() {
        builder = builder.header(VERSION_HEADER, version);
    }
    if let Some(method) = message["method"].as_str() {
        builder = builder.header("mcp-method", method);
    }
    let name = ["name", "uri", "taskId"]
        .into_iter()
        .find_map(|key| params[key].as_str());
    if let Some(name) = name {
        builder = builder.header("mcp-name", name);
    }
    builder
}

/// `body` with the `_meta` every 2026-07-28 request carries filled in where it has none
/// (the protocol version, no client capabilities), for tests about something else.
pub(super) fn with_defaults(body: &str) -> String {
    let Ok(mut message) = serde_json::from_str::<Value>(body) else {
        return body.to_owned();
    };
    let Some(object) = message.as_object_mut() else {
        return body.to_owned();
    };
    if !object.contains_key("method") || !object.contains_key("id") {
        return body.to_owned();
    }
    let params = object
        .entry("params")
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(meta) = params
        .as_object_mut()
        .map(|p| {
            p.entry("_meta")
                .or_insert_with(|| Value::Object(Map::new()))
        })
        .and_then(Value::as_object_mut)
    else {
        return body.to_owned();
    };
    meta.entry(VERSION_KEY)
        .or_insert_with(|| "2026-07-28".into());
    meta.entry(CAPABILITIES_KEY)
        .or_insert_with(|| Value::Object(Map::new()));
    message.to_string()
}

/// A compliant 2026-07-28 request for `body` (see [`with_defaults`], [`post_for`]).
pub(super) fn request(body: &str) -> Request<Full<Bytes>> {
    let body = with_defaults(body);
    post_for(&body).body(Full::new(Bytes::from(body))).unwrap()
}

async fn call(server: &HttpServer, body: &str) -> (StatusCode, Value) {
    send(server, request(body)).await
}

pub(super) fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

const ECHO: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"name":"Ann"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":"p1","bad key!":1}}}"#;

#[test]
fn a_tool_call_is_answered_in_the_body() {
    rt().block_on(async {
        let (status, body) = call(&server(), ECHO).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["id"], 7);
        // The odd `_meta` key is dropped, the progress token survives.
        assert_eq!(body["result"]["content"][0]["text"], "Ann token=\"p1\"");
        assert_eq!(body["result"]["resultType"], "complete");
    });
}

#[test]
fn the_result_is_the_writers_bytes_inside_the_envelope() {
    rt().block_on(async {
        let body =
            r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"picture"}}"#;
        let response = server().handle(request(body)).await;
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let mut expected = br#"{"jsonrpc":"2.0","id":"a","result":"#.to_vec();
        expected.extend(picture_result().to_json_for(ProtocolVersion::LATEST));
        expected.push(b'}');
        assert_eq!(bytes, expected);
    });
}

#[test]
fn a_foreign_or_null_origin_gets_403_on_every_method() {
    rt().block_on(async {
        let server = server();
        for origin in [
            "https://evil.example",
            "null",
            "http://127.0.0.1.evil.example",
        ] {
            for method in [Method::POST, Method::GET, Method::DELETE] {
                let request = post_for(ECHO)
                    .method(method.clone())
                    .header(header::ORIGIN, origin)
                    .body(Full::new(Bytes::from(ECHO)))
                    .unwrap();
                let (status, body) = send(&server, request).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{origin} {method}");
                assert_eq!(body["error"]["code"], INVALID_REQUEST, "{origin}");
            }
        }
        // Same-host origins pass by default …
        let request = post_for(ECHO)
            .header(header::ORIGIN, "http://localhost:5173")
            .body(Full::new(Bytes::from(ECHO)))
            .unwrap();
        assert_eq!(send(&server, request).await.0, StatusCode::OK);
        // … and only the allow-list once there is one.
        let strict = server.allowed_origins(["https://app.example.com"]);
        for (origin, status) in [
            ("https://app.example.com", StatusCode::OK),
            ("http://localhost:5173", StatusCode::FORBIDDEN),
        ] {
            let request = post_for(ECHO)
                .header(header::ORIGIN, origin)
                .body(Full::new(Bytes::from(ECHO)))
                .unwrap();
            assert_eq!(send(&strict, request).await.0, status, "{origin}");
        }
    });
}

#[test]
fn a_foreign_host_gets_403() {
    rt().block_on(async {
        let mut request = request(ECHO);
        request
            .headers_mut()
            .insert(header::HOST, HeaderValue::from_static("evil.example:3001"));
        let (status, body) = send(&server(), request).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(body["error"]["code"], INVALID_REQUEST);
    });
}

#[test]
fn invalid_json_gets_a_parse_error_body() {
    rt().block_on(async {
        let (status, body) = call(&server(), r#"{"jsonrpc":"2.0","id":1,"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"]["code"], PARSE_ERROR);
        assert_eq!(body["id"], Value::Null);
        // Encoding faults are named as what they are, in a value and in a key.
        for (bytes, named) in [
            (&b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\"}"[..], "byte order mark"),
            (b"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\"}", "invalid UTF-8"),
            (
                br#"{"jsonrpc":"2.0","id":"\ud800"}"#,
                "lone surrogate escape",
            ),
            (br#"{"jsonrpc":"2.0","\udc00":1}"#, "lone surrogate escape"),
        ] {
            let request = post().body(Full::new(Bytes::from(bytes))).unwrap();
            let (status, body) = send(&server(), request).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{named}");
            assert_eq!(body["error"]["code"], PARSE_ERROR, "{named}");
            let message = body["error"]["message"].as_str().unwrap();
            assert!(message.contains(named), "{message}");
        }
    });
}

/// The reply every transport gives a message that is not JSON, byte for byte.
#[test]
fn a_malformed_request_gets_the_one_parse_error_reply() {
    rt().block_on(async {
        for (bytes, named) in MALFORMED {
            let request = post().body(Full::new(Bytes::from(bytes))).unwrap();
            let response = server().handle(request).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{named}");
            assert_eq!(
                response.headers()[header::CONTENT_TYPE],
                "application/json",
                "{named}"
            );
            let body = response.into_body().collect().await.unwrap().to_bytes();
            assert_eq!(body, parse_error_reply(bytes, None), "{named}");
        }
    });
}

#[test]
fn a_message_that_is_not_a_request_gets_invalid_request() {
    rt().block_on(async {
        for bad in [
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
            r#"{"id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}"#,
            // MCP forbids a `null` id: a request, refused, not a notification left unanswered.
            r#"{"jsonrpc":"2.0","id":null,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":true,"method":"tools/list"}"#,
        ] {
            let (status, body) = call(&server(), bad).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
            assert_eq!(body["error"]["code"], INVALID_REQUEST, "{bad}");
            assert_eq!(body["id"], Value::Null, "{bad}");
        }
        // Without an `id` it is a notification: accepted, nothing to answer.
        let notification =
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#;
        let (status, body) = call(&server(), notification).await;
        assert_eq!((status, body), (StatusCode::ACCEPTED, Value::Null));
    });
}

#[test]
fn missing_or_mistyped_params_get_invalid_params() {
    rt().block_on(async {
        for (bad, path) in [
            (r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#, "params.name"),
            (r#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#, "params.name"),
            (r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":3}}"#, "params.name"),
            (r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":[]}}"#, "params.arguments"),
            (r#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{}}"#, "params.uri"),
            (r#"{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{}}"#, "params.name"),
        ] {
            let (status, body) = call(&server(), bad).await;
            assert_eq!(status, StatusCode::OK, "{bad}");
            assert_eq!(body["error"]["code"], ProtocolError::INVALID_PARAMS, "{bad}");
            let message = body["error"]["message"].as_str().unwrap();
            assert!(message.contains(path), "{bad}: {message}");
        }
        let (_, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}"#,
        )
        .await;
        assert_eq!(body["error"]["code"], ProtocolError::INVALID_PARAMS);
        // A `_meta` that is not an object is a malformed request: 400.
        let bad = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","_meta":[]}}"#;
        let (status, body) = send(&server(), post_for(bad).body(Full::new(Bytes::from(bad))).unwrap()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"]["code"], ProtocolError::INVALID_PARAMS);
        assert!(body["error"]["message"].as_str().unwrap().contains("params._meta"));
    });
}

#[test]
fn an_unknown_method_gets_method_not_found() {
    rt().block_on(async {
        let (status, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","id":1,"method":"nope/nope"}"#,
        )
        .await;
        // 2026-07-28 over HTTP: 404 with the JSON-RPC error.
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["error"]["code"], ProtocolError::METHOD_NOT_FOUND);
    });
}

#[test]
fn an_over_size_body_gets_a_json_rpc_error() {
    rt().block_on(async {
        let server = server().max_body_bytes(64);
        let (status, body) = call(&server, ECHO).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["error"]["code"], INVALID_REQUEST);
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("64 bytes")
        );
    });
}

#[test]
fn notifications_are_accepted_without_a_body() {
    rt().block_on(async {
        let (status, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(body, Value::Null);
    });
}

#[test]
fn an_unsupported_version_is_refused_with_the_supported_one() {
    rt().block_on(async {
        for version in ["2025-06-18", "v999.0.0"] {
            let body = format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{"_meta":{{"io.modelcontextprotocol/protocolVersion":"{version}","io.modelcontextprotocol/clientCapabilities":{{}}}}}}}}"#
            );
            // Without the version header: a 2025-era version there means "initialize first".
            let request = post()
                .header("mcp-method", "tools/list")
                .body(Full::new(Bytes::from(body.clone())))
                .unwrap();
            let (status, answer) = send(&server(), request).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{version}");
            assert_eq!(answer["error"]["code"], headers::HEADER_MISMATCH, "{version}");
            let request = post_for(&body).body(Full::new(Bytes::from(body.clone()))).unwrap();
            let (status, answer) = send(&server(), request).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{version}");
            if version == "2025-06-18" {
                // A 2025-era version in the header is a session client that did not initialize.
                assert_eq!(answer["error"]["code"], INVALID_REQUEST, "{version}");
                continue;
            }
            assert_eq!(answer["error"]["code"], crate::transport::handshake::UNSUPPORTED_PROTOCOL_VERSION);
            assert_eq!(answer["error"]["data"]["supported"][0], "2026-07-28");
            assert_eq!(answer["error"]["data"]["requested"], version);
            assert_eq!(answer["id"], 1);
        }
    });
}

#[test]
fn discover_lists_what_is_served() {
    rt().block_on(async {
        let (_, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#,
        )
        .await;
        let result = &body["result"];
        assert_eq!(result["supportedVersions"][0], "2026-07-28");
        assert!(result["capabilities"]["tools"].is_object());
        assert!(result["capabilities"].get("prompts").is_none());
        assert_eq!(result["resultType"], "complete");
        let (_, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        )
        .await;
        assert_eq!(body["result"]["tools"].as_array().unwrap().len(), 2);
    });
}

#[test]
fn get_is_not_allowed_on_the_stateless_endpoint() {
    rt().block_on(async {
        let request = post()
            .method(Method::GET)
            .body(Full::new(Bytes::new()))
            .unwrap();
        let response = server().handle(request).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(response.headers()[header::ALLOW], "POST");
    });
}

#[test]
fn accepted_sockets_have_nodelay() {
    rt().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::spawn(tokio::net::TcpStream::connect(addr));
        let (accepted_tx, accepted) = tokio::sync::oneshot::channel();
        let mut accepted_tx = Some(accepted_tx);
        let config = Serve::new();
        let stop = async {
            let _ = accepted.await;
        };
        let accepting = serve::accept_loop(listener, &config, stop, |stream, _, _| {
            assert!(stream.nodelay().unwrap());
            accepted_tx.take().unwrap().send(()).unwrap();
        });
        accepting.await.unwrap();
        drop(client.await.unwrap().unwrap());
    });
}

#[test]
fn serve_answers_over_tcp_with_keep_alive() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    rt().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let serving = tokio::spawn(server().serve(listener));
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let mut seen = Vec::new();
        for path in ["/mcp", "/mcp", "/other"] {
            let request = format!(
                "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                 MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: echo\r\n\
                 Content-Length: {}\r\n\r\n{ECHO}",
                ECHO.len()
            );
            stream.write_all(request.as_bytes()).await.unwrap();
            let mut buffer = vec![0; 4096];
            let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer))
                .await
                .unwrap()
                .unwrap();
            seen.push(String::from_utf8_lossy(&buffer[..n]).into_owned());
        }
        assert!(seen[0].starts_with("HTTP/1.1 200"), "{}", seen[0]);
        assert!(seen[0].contains("Ann token"), "{}", seen[0]);
        assert!(seen[1].starts_with("HTTP/1.1 200"), "{}", seen[1]);
        assert!(seen[2].starts_with("HTTP/1.1 404"), "{}", seen[2]);
        serving.abort();
    });
}

/// The endpoint's errors quote the request cut to 80 characters: a 5,000-character tool
/// name the `Mcp-Name` header disagrees with, a protocol version it does not serve (in the
/// message and in `data.requested`). Both came back whole.
#[test]
fn errors_quote_the_request_cut() {
    rt().block_on(async {
        let server = server();
        let long = "m".repeat(5_000);
        let cut = |message: &str| {
            message.contains(&"m".repeat(80))
                && message.contains('…')
                && !message.contains(&"m".repeat(81))
                && message.len() < 300
        };
        let body = |name: &str, version: &str| {
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
                "name": name, "arguments": {},
                "_meta": {
                    "io.modelcontextprotocol/protocolVersion": version,
                    "io.modelcontextprotocol/clientCapabilities": {},
                },
            }})
            .to_string()
        };
        let text = body(&long, "2026-07-28");
        let mut request = post_for(&text).body(Full::new(Bytes::from(text))).unwrap();
        request
            .headers_mut()
            .insert("mcp-name", HeaderValue::from_static("echo"));
        let (status, answer) = send(&server, request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(cut(message), "{message}");

        let text = body("echo", &long);
        let request = post_for(&text).body(Full::new(Bytes::from(text))).unwrap();
        let (status, answer) = send(&server, request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(cut(message), "{message}");
        assert_eq!(
            answer["error"]["data"]["requested"],
            format!("{}…", "m".repeat(80))
        );
    });
}
