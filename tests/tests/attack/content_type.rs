//! A `POST` whose body is not declared JSON (`text/plain`, a form, none at all) gets 415
//! with a JSON-RPC error naming the rule, in both eras, over the wire; JSON with
//! parameters is served.

use crate::raw_http::{LIST, LIST_HEADERS, empty_server, post, round_trip, start, status};
use mcp_content::http::Serve;

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
const ACCEPT: &str = "Accept: application/json, text/event-stream";

#[tokio::test]
async fn a_body_not_declared_json_gets_415_in_both_eras() {
    let addr = start(empty_server(), Serve::new()).await;
    for content_type in [
        None,
        Some("Content-Type: text/plain"),
        Some("Content-Type: text/plain; charset=utf-8"),
        Some("Content-Type: application/x-www-form-urlencoded"),
        Some("Content-Type: application/json-patch+json"),
    ] {
        for (body, era) in [
            (LIST, &[LIST_HEADERS[0], LIST_HEADERS[1], ACCEPT][..]),
            (INITIALIZE, &[ACCEPT][..]),
        ] {
            let mut headers = era.to_vec();
            headers.extend(content_type);
            headers.push("Connection: close");
            let (head, reply) = round_trip(addr, &post(&headers, body)).await;
            assert_eq!(status(&head), 415, "{content_type:?}: {head}");
            let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
            assert_eq!(reply["error"]["code"], -32600);
            let message = reply["error"]["message"].as_str().unwrap();
            assert!(
                message.contains("Content-Type must be application/json"),
                "{message}"
            );
        }
    }
}

#[tokio::test]
async fn json_with_a_charset_is_served_in_both_eras() {
    let addr = start(empty_server(), Serve::new()).await;
    let content_type = "Content-Type: application/json; charset=utf-8";
    let list = post(
        &[
            LIST_HEADERS[0],
            LIST_HEADERS[1],
            content_type,
            "Connection: close",
        ],
        LIST,
    );
    let (head, body) = round_trip(addr, &list).await;
    assert_eq!(status(&head), 200, "{head}: {body}");
    let initialize = post(&[ACCEPT, content_type, "Connection: close"], INITIALIZE);
    let (head, body) = round_trip(addr, &initialize).await;
    assert_eq!(status(&head), 200, "{head}: {body}");
    assert!(
        crate::raw_http::header(&head, "mcp-session-id").is_some(),
        "{head}"
    );
}
