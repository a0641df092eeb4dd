//! The 2026-07-28 flow's rules on the own endpoint: required `_meta`, the version and
//! routing headers (SEP-2243) accepted and refused, the HTTP status of each error code, and
//! task tools served through the shared tasks engine.

use std::time::Duration;

use http_body_util::Full;
use serde_json::json;

use super::body::STREAM_QUEUE;
use super::headers::VERSION_HEADER;
use super::tests::{post, post_for, request, rt, send};
use super::*;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::{json::JsonObject, validated::ToolName};
use crate::server::handler::Context;
use crate::server::handler::{BoxFuture, ToolHandler};
use crate::server::tasks::TaskSupport;
use http::{HeaderName, HeaderValue, header};
use serde_json::Map;

/// `locate`: takes `region` (an `x-mcp-header`, `Region`) and `limits.zone` (nested, `Zone`).
struct Locate;

impl ToolHandler for Locate {
    fn tool(&self) -> Tool {
        let mut tool = Tool::new(ToolName::new("locate").unwrap());
        tool.input_schema = JsonObject::parse(
            r#"{"type":"object","properties":{
                "region":{"type":"string","x-mcp-header":"Region"},
                "limits":{"type":"object","properties":{"zone":{"type":"integer","x-mcp-header":"Zone"}}},
                "note":{"type":"string"}}}"#,
        )
        .unwrap();
        tool
    }

    fn call(&self, arguments: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let region = arguments.get("region").cloned().unwrap_or(Value::Null);
        Box::pin(async move { CallToolResult::text(format!("region={region}")) })
    }
}

/// A task tool: waits `ms` milliseconds, then answers; with `ask`, it first asks the client
/// to confirm (an elicitation the task waits on).
struct Slow;

impl ToolHandler for Slow {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("slow").unwrap())
    }

    fn call(
        &self,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move {
            let ms = arguments.get("ms").and_then(Value::as_u64).unwrap_or(0);
            context.run_as_task().await;
            if arguments.get("ask").is_some() {
                let params = json!({
                    "message": "Go on?",
                    "requestedSchema": {"type": "object", "properties": {}},
                });
                match context.elicit(params).await {
                    Ok(answer) if answer["action"] == "accept" => {}
                    Ok(_) => return CallToolResult::text("stopped"),
                    Err(e) => return CallToolResult::error(e.message),
                }
            }
            tokio::time::sleep(Duration::from_millis(ms)).await;
            CallToolResult::text(format!("slept {ms} ms"))
        })
    }
}

fn server() -> HttpServer {
    let router = Router::builder()
        .tool(Locate)
        .task_tool(Slow, TaskSupport::Optional)
        .build()
        .unwrap();
    HttpServer::new(router)
}

fn required_server() -> HttpServer {
    let router = Router::builder()
        .task_tool(Slow, TaskSupport::Required)
        .build()
        .unwrap();
    HttpServer::new(router)
}

/// Header edits: a `None` value removes the header; a repeated name is sent twice.
type Edits<'a> = Vec<(&'a str, Option<&'a str>)>;

const LOCATE: &str = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"locate","arguments":{"region":"eu-west","limits":{"zone":3}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;

/// `LOCATE` with the standard headers, then `headers` set over them (a `None` value removes
/// the header; a repeated name is sent twice).
async fn locate(
    server: &HttpServer,
    body: &str,
    headers: &[(&str, Option<&str>)],
) -> (StatusCode, Value) {
    let mut request = post_for(body)
        .header("mcp-param-region", "eu-west")
        .header("mcp-param-zone", "3")
        .body(Full::new(Bytes::from(body.to_owned())))
        .unwrap();
    let mut seen = std::collections::HashSet::new();
    for (name, value) in headers {
        let name = HeaderName::from_bytes(name.as_bytes()).unwrap();
        let first = seen.insert(name.clone());
        match value {
            None => {
                request.headers_mut().remove(&name);
            }
            Some(value) if first => {
                request
                    .headers_mut()
                    .insert(name, HeaderValue::from_str(value).unwrap());
            }
            Some(value) => {
                request
                    .headers_mut()
                    .append(name, HeaderValue::from_str(value).unwrap());
            }
        }
    }
    send(server, request).await
}

#[test]
fn routing_headers_that_agree_with_the_body_are_accepted() {
    rt().block_on(async {
        let server = server();
        let without_zone = LOCATE.replace(r#","limits":{"zone":3}"#, "");
        let cases: Vec<(&str, String, Edits)> = vec![
            ("plain values", LOCATE.into(), vec![]),
            // `eu-west` and `3` wrapped as `=?base64?…?=`.
            (
                "base64 values",
                LOCATE.into(),
                vec![
                    ("mcp-param-region", Some("=?base64?ZXUtd2VzdA==?=")),
                    ("mcp-param-zone", Some("=?base64?Mw==?=")),
                    ("mcp-name", Some("=?base64?bG9jYXRl?=")),
                ],
            ),
            // An argument that is absent has no header.
            (
                "absent argument, no header",
                without_zone,
                vec![("mcp-param-zone", None)],
            ),
        ];
        for (case, body, headers) in cases {
            let (status, answer) = locate(&server, &body, &headers).await;
            assert_eq!(status, StatusCode::OK, "{case}: {answer}");
            assert_eq!(
                answer["result"]["content"][0]["text"], "region=\"eu-west\"",
                "{case}"
            );
        }
    });
}

#[test]
fn routing_headers_that_are_missing_or_disagree_get_header_mismatch() {
    rt().block_on(async {
        let server = server();
        let without_zone = LOCATE.replace(r#","limits":{"zone":3}"#, "");
        let cases: Vec<(&str, &str, Edits)> = vec![
            ("no Mcp-Method", LOCATE, vec![("mcp-method", None)]),
            (
                "another method",
                LOCATE,
                vec![("mcp-method", Some("tasks/get"))],
            ),
            (
                "method in upper case",
                LOCATE,
                vec![("mcp-method", Some("TOOLS/CALL"))],
            ),
            (
                "Mcp-Method twice",
                LOCATE,
                vec![
                    ("mcp-method", Some("tools/call")),
                    ("mcp-method", Some("tools/call")),
                ],
            ),
            ("no Mcp-Name", LOCATE, vec![("mcp-name", None)]),
            ("another name", LOCATE, vec![("mcp-name", Some("other"))]),
            (
                "no Mcp-Param for a set argument",
                LOCATE,
                vec![("mcp-param-region", None)],
            ),
            (
                "another argument value",
                LOCATE,
                vec![("mcp-param-region", Some("us-east"))],
            ),
            (
                "nested argument disagrees",
                LOCATE,
                vec![("mcp-param-zone", Some("4"))],
            ),
            ("Mcp-Param for an absent argument", &without_zone, vec![]),
            (
                "base64 without padding",
                LOCATE,
                vec![("mcp-param-region", Some("=?base64?ZXUtd2VzdA?="))],
            ),
            (
                "base64 outside the alphabet",
                LOCATE,
                vec![("mcp-param-region", Some("=?base64?ZXUt*2VzdA==?="))],
            ),
            (
                "no MCP-Protocol-Version",
                LOCATE,
                vec![("mcp-protocol-version", None)],
            ),
            (
                "version header disagrees with _meta",
                LOCATE,
                vec![("mcp-protocol-version", Some("2025-11-25-x"))],
            ),
        ];
        for (case, body, headers) in cases {
            let (status, answer) = locate(&server, body, &headers).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{case}: {answer}");
            assert_eq!(
                answer["error"]["code"],
                headers::HEADER_MISMATCH,
                "{case}: {answer}"
            );
            assert_eq!(answer["id"], 5, "{case}");
        }
    });
}

#[test]
fn a_request_without_its_meta_fields_is_malformed() {
    rt().block_on(async {
        let server = server();
        for (case, meta, missing) in [
            ("no _meta", None, "protocolVersion and io.modelcontextprotocol/clientCapabilities"),
            ("no version", Some(json!({"io.modelcontextprotocol/clientCapabilities": {}})), "protocolVersion"),
            ("no capabilities", Some(json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"})), "clientCapabilities"),
            ("capabilities not an object", Some(json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": []})), "clientCapabilities"),
        ] {
            let mut message = json!({"jsonrpc": "2.0", "id": 11, "method": "server/discover", "params": {}});
            if let Some(meta) = meta {
                message["params"]["_meta"] = meta;
            }
            let body = message.to_string();
            let request = post()
                .header(VERSION_HEADER, "2026-07-28")
                .header("mcp-method", "server/discover")
                .body(Full::new(Bytes::from(body)))
                .unwrap();
            let (status, answer) = send(&server, request).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{case}");
            assert_eq!(answer["error"]["code"], ProtocolError::INVALID_PARAMS, "{case}");
            assert_eq!(answer["id"], 11, "{case}");
            let message = answer["error"]["message"].as_str().unwrap();
            assert!(message.contains(missing), "{case}: {message}");
        }
    });
}

#[test]
fn errors_carry_the_http_status_of_their_code() {
    rt().block_on(async {
        let server = server();
        // Methods 2026-07-28 removed, and unknown ones: 404 with -32601.
        for method in [
            "ping",
            "initialize",
            "logging/setLevel",
            "resources/subscribe",
            "nope/nope",
        ] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":3,"method":"{method}"}}"#);
            let (status, answer) = send(&server, request(&body)).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method}");
            assert_eq!(
                answer["error"]["code"],
                ProtocolError::METHOD_NOT_FOUND,
                "{method}"
            );
            assert_eq!(answer["id"], 3, "{method}");
        }
        // A tool's own failure and a bad argument are the request's answer: 200.
        let body = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope"}}"#;
        let (status, answer) = send(&server, request(body)).await;
        assert_eq!(
            (status, &answer["error"]["code"]),
            (StatusCode::OK, &json!(ProtocolError::INVALID_PARAMS))
        );
        // A missing capability: 400 with -32021 (a task-only tool for a client without tasks).
        let body = r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"slow"}}"#;
        let (status, answer) = send(&required_server(), request(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            answer["error"]["code"],
            crate::input::MISSING_REQUIRED_CLIENT_CAPABILITY
        );
        assert!(
            answer["error"]["data"]["requiredCapabilities"]["extensions"]
                [crate::input::TASKS_EXTENSION]
                .is_object(),
            "{answer}"
        );
    });
}

/// `watched`: a fixed resource at `test://watched`.
struct Watched;

impl crate::server::handler::ResourceHandler for Watched {
    fn descriptor(&self) -> crate::server::handler::ResourceDescriptor {
        let uri = crate::model::validated::Uri::new("test://watched").unwrap();
        crate::server::handler::ResourceDescriptor::Fixed(crate::model::resource::Resource::new(
            uri, "watched",
        ))
    }

    fn read(
        &self,
        _: &str,
        _: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<crate::model::resource::ReadResourceResult, ProtocolError>> {
        Box::pin(async { Ok(crate::model::resource::ReadResourceResult::new(Vec::new())) })
    }
}

/// The `data` of the next event of a streamed body (at most 10 s).
async fn next_event(body: &mut ResponseBody) -> Value {
    let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
        .await
        .expect("an event within 10 s")
        .expect("the stream goes on")
        .unwrap();
    let bytes = frame.into_data().unwrap();
    let text = std::str::from_utf8(&bytes).unwrap();
    let data = text.strip_prefix("data: ").unwrap().trim_end();
    serde_json::from_str(data).unwrap()
}

#[test]
fn a_listen_stream_is_acknowledged_then_carries_the_subscribed_updates() {
    rt().block_on(async {
        let router = Router::builder().tool(Locate).resource(Watched).build().unwrap();
        let server = HttpServer::new(router);
        let (_, discovered) = send(&server, request(r#"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#)).await;
        assert_eq!(discovered["result"]["capabilities"]["resources"]["subscribe"], true);
        let body = r#"{"jsonrpc":"2.0","id":"sub-1","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true,"resourceSubscriptions":["test://watched"]}}}"#;
        let listeners = server.router().changes().listeners();
        let response = server.handle(request(body)).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
        let mut stream = response.into_body();
        let ack = next_event(&mut stream).await;
        assert_eq!(ack["method"], "notifications/subscriptions/acknowledged");
        // List changes are not honored on 2026-07-28: only the resource subscription is.
        assert_eq!(ack["params"]["notifications"], json!({"resourceSubscriptions": ["test://watched"]}));
        assert_eq!(ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "sub-1");
        server.router().notify_list_changed(crate::server::changes::ListKind::Tools).await.unwrap();
        server.router().notify_resource_updated("test://other").await.unwrap();
        server.router().notify_resource_updated("test://watched").await.unwrap();
        let updated = next_event(&mut stream).await;
        assert_eq!(updated["method"], "notifications/resources/updated");
        assert_eq!(updated["params"]["uri"], "test://watched");
        assert_eq!(updated["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"], "sub-1");
        // The client goes away: the subscription ends with it.
        assert_eq!(server.router().changes().listeners(), listeners + 1);
        drop(stream);
        for _ in 0..100 {
            if server.router().changes().listeners() == listeners {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(server.router().changes().listeners(), listeners);
        // A filter that is not an object is refused.
        let bad = r#"{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"notifications":[]}}"#;
        let (status, answer) = send(&server, request(bad)).await;
        assert_eq!((status, &answer["error"]["code"]), (StatusCode::OK, &json!(ProtocolError::INVALID_PARAMS)));
    });
}

#[test]
fn a_listener_that_does_not_read_has_its_stream_ended_not_its_notifications_held() {
    rt().block_on(async {
        let router = Router::builder().tool(Locate).resource(Watched).build().unwrap();
        let server = HttpServer::new(router);
        let body = r#"{"jsonrpc":"2.0","id":"slow","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":["test://watched"]}}}"#;
        let listeners = server.router().changes().listeners();
        let response = server.handle(request(body)).await;
        let mut stream = response.into_body();
        // The client reads nothing while far more changes than the queue holds happen.
        for _ in 0..STREAM_QUEUE * 4 {
            server.router().notify_resource_updated("test://watched").await.unwrap();
        }
        // Its subscription is let go (no more work for it, nothing more held) ...
        for _ in 0..100 {
            if server.router().changes().listeners() == listeners {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(server.router().changes().listeners(), listeners);
        // ... and the stream ends after what it held: the acknowledgement and the first
        // `STREAM_QUEUE - 1` updates, each whole, in order; the client listens again.
        assert_eq!(next_event(&mut stream).await["method"], "notifications/subscriptions/acknowledged");
        let mut updates = 0;
        while let Some(frame) = tokio::time::timeout(Duration::from_secs(10), stream.frame()).await.unwrap() {
            let bytes = frame.unwrap().into_data().unwrap();
            assert!(bytes.starts_with(b"data: {") && bytes.ends_with(b"}\n\n"));
            updates += 1;
        }
        assert_eq!(updates, STREAM_QUEUE - 1);
    });
}

/// `steps`: two progress notifications, then its answer.
struct Steps;

impl ToolHandler for Steps {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("steps").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move {
            for step in [1.0, 2.0] {
                if let Err(e) = context.progress(step, Some(2.0), None).await {
                    return CallToolResult::error(e.message);
                }
            }
            CallToolResult::text("done")
        })
    }
}

/// Every frame of a streamed body, as text, until it ends (at most 10 s each).
async fn all_frames(mut body: ResponseBody) -> Vec<String> {
    let mut frames = Vec::new();
    while let Some(frame) = tokio::time::timeout(Duration::from_secs(10), body.frame())
        .await
        .expect("a frame within 10 s")
    {
        let bytes = frame.unwrap().into_data().unwrap();
        frames.push(String::from_utf8(bytes.to_vec()).unwrap());
    }
    frames
}

/// 2026-07-28 streams are not resumable ("Resumable SSE streams via `Last-Event-ID` are not
/// supported", and a `Last-Event-ID` header is ignored: streamable-http, "Receiving
/// Messages" and "Backwards Compatibility"): no event carries an id, the header changes
/// nothing on a `POST`, and a `GET` that names no session is still 405.
#[test]
fn stateless_event_streams_have_no_event_ids_and_ignore_last_event_id() {
    rt().block_on(async {
        let router = Router::builder().tool(Steps).build().unwrap();
        let server = HttpServer::new(router);
        let body = r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"steps","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":"p"}}}"#;
        let mut answers = Vec::new();
        for last_event_id in [None, Some("0"), Some("1/3"), Some("no such event")] {
            let mut builder = post_for(body).header(header::ACCEPT, "application/json, text/event-stream");
            if let Some(last) = last_event_id {
                builder = builder.header("last-event-id", last);
            }
            let response = server.handle(builder.body(Full::new(Bytes::from(body))).unwrap()).await;
            assert_eq!(response.status(), StatusCode::OK, "{last_event_id:?}");
            assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
            assert_eq!(response.headers()["x-accel-buffering"], "no");
            let frames = all_frames(response.into_body()).await;
            for frame in &frames {
                assert!(
                    frame.lines().all(|line| line.starts_with("data: ") || line.is_empty()),
                    "an event of a stateless stream has a line other than data: {frame:?}"
                );
            }
            let messages: Vec<Value> = frames
                .iter()
                .map(|frame| serde_json::from_str(frame.strip_prefix("data: ").unwrap().trim_end()).unwrap())
                .collect();
            assert_eq!(messages.len(), 3, "{messages:?}");
            assert_eq!(messages[0]["method"], "notifications/progress");
            assert_eq!(messages[1]["params"]["progress"], 2.0);
            assert_eq!(messages[2]["id"], 9);
            assert_eq!(messages[2]["result"]["content"][0]["text"], "done");
            answers.push(messages);
        }
        assert!(answers.windows(2).all(|pair| pair[0] == pair[1]));
        // A GET without a session, resuming or not, is not part of this revision.
        for last in [None, Some("0")] {
            let mut builder = post()
                .method(Method::GET)
                .header(VERSION_HEADER, "2026-07-28")
                .header(header::ACCEPT, "text/event-stream");
            if let Some(last) = last {
                builder = builder.header("last-event-id", last);
            }
            let response = server.handle(builder.body(Full::new(Bytes::new())).unwrap()).await;
            assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{last:?}");
        }
    });
}

#[path = "stateless_task_tests.rs"]
mod tasks;
