//! A JSON-RPC id comes back exactly as sent: never re-spelled through a float or an
//! integer type. Where a transport cannot hold an id (rmcp's `i64`-or-string), the request
//! is refused with `-32600` naming why, with the id as sent.

use mcp_content::Router;
use serde_json::{Value, json};

use crate::support::{
    Echo, Stdio, exchange, open_session, post, read_head, serve_own, serve_rmcp, stateless,
};

/// Ids a float or an `i64` would re-spell (or lose), and a string with escapes.
const ODD_IDS: &[&str] = &[
    "123456789012345678901234567890",
    "-0",
    "1.0",
    "1e2",
    "-12.50E+3",
    "18446744073709551617",
];

fn router() -> Router {
    Router::builder().tool(Echo).build().unwrap()
}

fn echo(id: &str) -> String {
    stateless(
        id,
        "tools/call",
        json!({ "name": "echo", "arguments": { "text": "x" } }),
        false,
    )
}

/// The body holds the id as sent, right after `"id":`.
fn assert_echoed(body: &str, id: &str) {
    let compact: String = body.split_whitespace().collect();
    assert!(
        compact.contains(&format!(r#""id":{id},"#)) || compact.contains(&format!(r#""id":{id}}}"#)),
        "id {id} not echoed as sent: {body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_echoes_every_id_as_sent() {
    let addr = serve_own(router()).await;
    let string_id = r#""a\u0041\"b""#;
    for id in ODD_IDS.iter().copied().chain([string_id]) {
        // A result, an error, a streamed answer, a list.
        let result = exchange(addr, &echo(id), &[]).await;
        assert_eq!(result.json()["result"]["content"][0]["text"], "x");
        assert_echoed(&result.body, id);
        let unknown = stateless(id, "tools/call", json!({ "name": "nope" }), false);
        let error = exchange(addr, &unknown, &[]).await;
        assert!(error.json()["error"].is_object(), "{}", error.body);
        assert_echoed(&error.body, id);
        let streamed = stateless(
            id,
            "tools/call",
            json!({ "name": "echo", "arguments": {}, "_meta": { "progressToken": 1 } }),
            false,
        );
        assert_echoed(&exchange(addr, &streamed, &[]).await.body, id);
        let listed = exchange(addr, &stateless(id, "tools/list", json!({}), false), &[]).await;
        assert_echoed(&listed.body, id);
    }
    // In a 2025-era session too.
    let session = open_session(addr).await;
    for id in ODD_IDS {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"y"}}}}}}"#
        );
        let answer = exchange(addr, &call, &[("Mcp-Session-Id", &session)]).await;
        assert_echoed(&answer.body, id);
        let ping = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
        let answer = exchange(addr, &ping, &[("Mcp-Session-Id", &session)]).await;
        assert_echoed(&answer.body, id);
    }
    // Not an id: refused with a `null` id.
    for not_an_id in ["true", "{}", "[1]"] {
        let refused = exchange(addr, &echo(not_an_id), &[]).await;
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert_eq!(refused.json()["id"], Value::Null);
    }
}

/// A listen stream names its subscription by the id of the request that opened it, as sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_tags_a_listen_stream_with_the_id_as_sent() {
    use tokio::io::AsyncReadExt;
    let addr = serve_own(router()).await;
    let id = "123456789012345678901234567890";
    let listen = stateless(
        id,
        "subscriptions/listen",
        json!({ "notifications": {} }),
        false,
    );
    let mut stream = post(addr, &listen, &[]).await;
    let head = read_head(&mut stream).await;
    assert!(head.contains("text/event-stream"), "{head}");
    let mut event = Vec::new();
    let mut byte = [0u8; 1];
    while !event.ends_with(b"\n\n") {
        let read = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("the acknowledgement within 10 s")
            .unwrap();
        assert_eq!(read, 1, "the stream ended early");
        event.push(byte[0]);
    }
    let event = String::from_utf8(event).unwrap();
    assert!(
        event.contains(&format!(r#""io.modelcontextprotocol/subscriptionId":{id}"#)),
        "{event}"
    );
}

fn assert_refused_as_sent(body: &str, id: &str) {
    assert_echoed(body, id);
    let answer: Value = serde_json::from_str(body).unwrap();
    assert_eq!(answer["error"]["code"], -32600, "{body}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.starts_with(&format!("id {id}: ")), "{message}");
    assert!(message.contains("would not echo"), "{message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_http_echoes_the_ids_it_holds_and_refuses_the_rest_as_sent() {
    let addr = serve_rmcp(router()).await;
    for id in ["7", "-9223372036854775808", "9223372036854775807", r#""s""#] {
        let answer = exchange(addr, &echo(id), &[]).await;
        assert_echoed(&answer.body, id);
        assert_eq!(answer.json()["result"]["content"][0]["text"], "x");
    }
    for id in ODD_IDS {
        let refused = exchange(addr, &echo(id), &[]).await;
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert_refused_as_sent(&refused.body, id);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_stdio_echoes_the_ids_it_holds_and_refuses_the_rest_as_sent() {
    let mut client = Stdio::start(router(), 1 << 20);
    for id in ODD_IDS {
        client.send(&echo(id)).await;
        assert_refused_as_sent(&client.next_answer().await, id);
    }
    for id in ["7", "-9223372036854775808", r#""s""#] {
        client.send(&echo(id)).await;
        let answer = client.next_answer().await;
        assert_echoed(&answer, id);
        assert!(answer.contains(r#""text":"x""#), "{answer}");
    }
}
