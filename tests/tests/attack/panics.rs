//! A handler that panics is answered on every transport (`-32603`, the panic's message not
//! sent), and the server goes on serving the next request on the same connection or pipe.

use mcp_content::Router;
use serde_json::{Value, json};

use crate::support::{Boom, Echo, Stdio, exchange, open_session, serve_own, serve_rmcp, stateless};

fn router() -> Router {
    Router::builder().tool(Boom).tool(Echo).build().unwrap()
}

fn assert_panic_answer(answer: &Value, id: &Value) {
    assert_eq!(&answer["id"], id, "{answer}");
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert_eq!(
        message, "the handler of tool `boom` panicked (the server logged why)",
        "{answer}"
    );
    assert!(!answer.to_string().contains("hunter2"), "{answer}");
}

fn boom(id: &str) -> String {
    stateless(
        id,
        "tools/call",
        json!({ "name": "boom", "arguments": {} }),
        false,
    )
}

fn echo(id: &str) -> String {
    stateless(
        id,
        "tools/call",
        json!({ "name": "echo", "arguments": { "text": "still here" } }),
        false,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_own_endpoint_answers_a_panicking_handler_and_goes_on() {
    let addr = serve_own(router()).await;
    for _ in 0..3 {
        let answer = exchange(addr, &boom("1"), &[]).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_panic_answer(&answer.json(), &json!(1));
    }
    // A streamed request (it asked for progress) too.
    let streamed = stateless(
        "2",
        "tools/call",
        json!({ "name": "boom", "arguments": {}, "_meta": { "progressToken": 1 } }),
        false,
    );
    assert_panic_answer(&exchange(addr, &streamed, &[]).await.json(), &json!(2));
    let answer = exchange(addr, &echo("3"), &[]).await.json();
    assert_eq!(
        answer["result"]["content"][0]["text"], "still here",
        "{answer}"
    );
    // And in a 2025-era session.
    let session = open_session(addr).await;
    let call = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"boom"}}"#;
    let answer = exchange(addr, call, &[("Mcp-Session-Id", &session)]).await;
    assert_panic_answer(&answer.json(), &json!(4));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_http_answers_a_panicking_handler_and_goes_on() {
    let addr = serve_rmcp(router()).await;
    for _ in 0..3 {
        let answer = exchange(addr, &boom("\"b\""), &[]).await;
        assert_panic_answer(&answer.json(), &json!("b"));
    }
    let answer = exchange(addr, &echo("3"), &[]).await.json();
    assert_eq!(
        answer["result"]["content"][0]["text"], "still here",
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_stdio_answers_a_panicking_handler_and_goes_on() {
    let mut client = Stdio::start(router(), 1 << 20);
    for id in 0..3 {
        client.send(&boom(&id.to_string())).await;
        let answer: Value = serde_json::from_str(&client.next_answer().await).unwrap();
        assert_panic_answer(&answer, &json!(id));
    }
    client.send(&echo("9")).await;
    let answer: Value = serde_json::from_str(&client.next_answer().await).unwrap();
    assert_eq!(
        answer["result"]["content"][0]["text"], "still here",
        "{answer}"
    );
}
