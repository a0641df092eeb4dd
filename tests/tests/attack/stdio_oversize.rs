//! A line over stdio's size limit is answered with the request's own id when the line's
//! first bytes hold it (the top-level `"id"`, wherever it stands among the members), so the
//! client waiting on that id gets its answer; else with `null`. The server goes on.

use mcp_content::Router;
use serde_json::{Value, json};

use crate::support::{Echo, Stdio, stateless};

const LIMIT: usize = 4096;

fn padding() -> String {
    "p".repeat(LIMIT * 2)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_over_size_line_is_answered_with_its_id() {
    let mut client = Stdio::start(Router::builder().tool(Echo).build().unwrap(), LIMIT);
    let pad = padding();
    let lines: Vec<(String, Value)> = vec![
        // The id first, as most clients write it.
        (
            format!(
                r#"{{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"{pad}"}}}}}}"#
            ),
            json!(41),
        ),
        // After members holding an `"id"` of their own and a string with quotes and braces.
        (
            format!(
                r#"{{"jsonrpc":"2.0","method":"tools/call","params":{{"name":"echo","id":7,"s":"}} \" {{"}},"id":"late","x":"{pad}"}}"#
            ),
            json!("late"),
        ),
        // A key written with an escape is the same key.
        (
            format!(r#"{{"\u0069d":123456789012345678901234567890,"x":"{pad}"}}"#),
            Value::Null,
        ),
        // The id past the scanned head: not guessed.
        (format!(r#"{{"x":"{pad}","id":9}}"#), Value::Null),
    ];
    for (line, id) in &lines {
        client.send(line).await;
        let answer = client.next_line().await;
        let reply: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(reply["error"]["code"], -32600, "{answer}");
        if id.is_null() && line.contains("\\u0069d") {
            // The big id comes back as sent, not through a float.
            assert!(
                answer.contains(r#""id":123456789012345678901234567890"#),
                "{answer}"
            );
        } else {
            assert_eq!(&reply["id"], id, "{answer}");
        }
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.contains("exceeds the limit of 4096"), "{message}");
    }
    client
        .send(&stateless(
            "5",
            "tools/call",
            json!({ "name": "echo", "arguments": { "text": "ok" } }),
            false,
        ))
        .await;
    let answer: Value = serde_json::from_str(&client.next_answer().await).unwrap();
    assert_eq!(answer["result"]["content"][0]["text"], "ok", "{answer}");
}
