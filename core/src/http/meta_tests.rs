//! The request `_meta` rule on the own endpoint, both flows: a typed key of the wrong type
//! (`logLevel`, `progressToken`, `clientInfo`) and a `null` `_meta` are refused with
//! `-32602` naming the path, never read as absent.

use http_body_util::Full;
use serde_json::json;

use super::tests::{post, request, rt, send};
use super::*;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::Context;
use crate::server::handler::{BoxFuture, ToolHandler};
use serde_json::Map;

struct Quiet;

impl ToolHandler for Quiet {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("quiet").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { CallToolResult::text("done") })
    }
}

fn server() -> HttpServer {
    HttpServer::new(Router::builder().tool(Quiet).build().unwrap())
}

fn call_with_meta(meta: &Value) -> String {
    json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "quiet",
        "_meta": meta,
    }})
    .to_string()
}

fn stateless_meta(extra: &Value) -> Value {
    let mut meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    for (key, value) in extra.as_object().unwrap() {
        meta[key] = value.clone();
    }
    meta
}

#[test]
fn a_stateless_request_with_a_mistyped_meta_key_is_refused_naming_it() {
    rt().block_on(async {
        let server = server();
        for (extra, path) in [
            (
                json!({"io.modelcontextprotocol/logLevel": "loud"}),
                "params._meta.io.modelcontextprotocol/logLevel: ",
            ),
            (
                json!({"progressToken": true}),
                "params._meta.progressToken: ",
            ),
            (
                json!({"io.modelcontextprotocol/clientInfo": {"version": "1"}}),
                "params._meta.io.modelcontextprotocol/clientInfo.name: ",
            ),
        ] {
            let body = call_with_meta(&stateless_meta(&extra));
            let (status, reply) = send(&server, request(&body)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{extra}: {reply}");
            assert_eq!(reply["error"]["code"], -32602, "{reply}");
            let message = reply["error"]["message"].as_str().unwrap();
            assert!(message.starts_with(path), "{extra}: {message}");
        }
        // The same request with the keys well typed is served.
        let good = stateless_meta(&json!({
            "io.modelcontextprotocol/logLevel": "debug",
            "progressToken": "p",
        }));
        let (status, reply) = send(&server, request(&call_with_meta(&good))).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
    });
}

/// A 2025-11-25 session, then a `tools/call` in it with `_meta` as given.
async fn in_a_session(server: &HttpServer, meta: Value) -> Value {
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    }})
    .to_string();
    let response = server
        .handle(post().body(Full::new(Bytes::from(init))).unwrap())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let session = response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let call = post()
        .header("mcp-session-id", &session)
        .header("mcp-protocol-version", "2025-11-25")
        .body(Full::new(Bytes::from(call_with_meta(&meta))))
        .unwrap();
    let (status, reply) = send(server, call).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply
}

#[test]
fn a_session_request_with_a_null_or_mistyped_meta_is_refused_naming_it() {
    rt().block_on(async {
        let server = server();
        for (meta, path) in [
            (Value::Null, "params._meta: null is not allowed"),
            (json!([]), "params._meta: an object"),
            (
                json!({"progressToken": 2.5}),
                "params._meta.progressToken: ",
            ),
        ] {
            let reply = in_a_session(&server, meta.clone()).await;
            assert_eq!(reply["error"]["code"], -32602, "{meta}: {reply}");
            let message = reply["error"]["message"].as_str().unwrap();
            assert!(message.starts_with(path), "{meta}: {message}");
        }
        let reply = in_a_session(&server, json!({"progressToken": 4})).await;
        assert_eq!(reply["result"]["content"][0]["text"], "done", "{reply}");
    });
}
