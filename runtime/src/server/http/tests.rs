use std::time::Duration;

use super::*;
use http_body_util::Full;

use crate::model::content::{ContentBlock, ImageContent};
use crate::model::tool::{CallToolResult, Tool};
use crate::server::handler::{BoxFuture, ToolHandler};
use crate::{Base64Data, MimeType, ToolName};

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

fn post() -> http::request::Builder {
    Request::builder()
        .method(Method::POST)
        .uri("/mcp")
        .header(header::HOST, "127.0.0.1:3001")
        .header(header::CONTENT_TYPE, "application/json")
}

async fn send(server: &HttpServer, request: Request<Full<Bytes>>) -> (StatusCode, Value) {
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

async fn call(server: &HttpServer, body: &str) -> (StatusCode, Value) {
    let request = post()
        .body(Full::new(Bytes::from(body.to_owned())))
        .unwrap();
    send(server, request).await
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

const ECHO: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"name":"Ann"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","progressToken":"p1","bad key!":1}}}"#;

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
        let request = post().body(Full::new(Bytes::from(body))).unwrap();
        let response = server().handle(request).await;
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
                let request = post()
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
        let request = post()
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
            let request = post()
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
        let mut request = post().body(Full::new(Bytes::from(ECHO))).unwrap();
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
    });
}

#[test]
fn a_message_that_is_not_a_request_gets_invalid_request() {
    rt().block_on(async {
        for bad in [
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
            r#"{"id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}"#,
        ] {
            let (status, body) = call(&server(), bad).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
            assert_eq!(body["error"]["code"], INVALID_REQUEST, "{bad}");
        }
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
            (r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","_meta":[]}}"#, "params._meta"),
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
        assert_eq!(status, StatusCode::OK);
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
fn a_2025_version_is_refused_with_the_supported_one() {
    rt().block_on(async {
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-06-18"}}}"#;
        let (_, answer) = call(&server(), body).await;
        assert_eq!(answer["error"]["code"], ProtocolError::INVALID_PARAMS);
        assert_eq!(answer["error"]["data"]["supported"][0], "2026-07-28");
    });
}

#[test]
fn discover_lists_what_is_served() {
    rt().block_on(async {
        let (_, body) = call(
            &server(),
            r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{}}}"#,
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
        let (stream, _) = accept(&listener).await.unwrap();
        assert!(stream.nodelay().unwrap());
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
                "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{ECHO}",
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
