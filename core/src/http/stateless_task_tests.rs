//! Task tools on the 2026-07-28 flow, through the shared tasks engine: a call becomes a
//! task for a client with the extension, waits for its answer, can be cancelled; the task
//! methods need the extension and a known task.

use super::*;

/// A 2026-07-28 request from a client that declared the tasks extension (and elicitation).
fn tasks_request(method: &str, params: Value) -> Request<Full<Bytes>> {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": {},
            "extensions": {"io.modelcontextprotocol/tasks": {}},
        },
    });
    let body = json!({"jsonrpc": "2.0", "id": 21, "method": method, "params": params}).to_string();
    post_for(&body).body(Full::new(Bytes::from(body))).unwrap()
}

/// Polls `tasks/get` until the task leaves `working` (at most 5 s).
async fn settled(server: &HttpServer, task: &str) -> Value {
    for _ in 0..500 {
        let (status, answer) =
            send(server, tasks_request("tasks/get", json!({"taskId": task}))).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if answer["result"]["status"] != "working" {
            return answer["result"].clone();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("task {task} still working after 5 s");
}

#[test]
fn a_task_tool_runs_as_a_task_for_a_client_with_the_extension() {
    rt().block_on(async {
        let server = server();
        let (_, discovered) = send(&server, request(r#"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#)).await;
        assert!(discovered["result"]["capabilities"]["extensions"]["io.modelcontextprotocol/tasks"].is_object());
        let call = tasks_request("tools/call", json!({"name": "slow", "arguments": {"ms": 30}}));
        let (status, created) = send(&server, call).await;
        assert_eq!(status, StatusCode::OK);
        let created = &created["result"];
        assert_eq!(created["resultType"], "task", "{created}");
        assert_eq!(created["status"], "working");
        let task = created["taskId"].as_str().unwrap().to_owned();
        let done = settled(&server, &task).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(done["resultType"], "complete");
        assert_eq!(done["result"]["content"][0]["text"], "slept 30 ms");
        // Without the extension the same tool answers inline.
        let body = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{"ms":1}}}"#;
        let (_, inline) = send(&server, request(body)).await;
        assert_eq!(inline["result"]["content"][0]["text"], "slept 1 ms");
    });
}

#[test]
fn a_task_waits_for_its_answer_and_can_be_cancelled() {
    rt().block_on(async {
        let server = server();
        // It asks: `input_required` with the question, then `tasks/update` resumes it.
        let call = tasks_request(
            "tools/call",
            json!({"name": "slow", "arguments": {"ask": true}}),
        );
        let task = send(&server, call).await.1["result"]["taskId"]
            .as_str()
            .unwrap()
            .to_owned();
        let waiting = settled(&server, &task).await;
        assert_eq!(waiting["status"], "input_required", "{waiting}");
        let key = waiting["inputRequests"]
            .as_object()
            .unwrap()
            .keys()
            .next()
            .unwrap()
            .clone();
        let update = tasks_request(
            "tasks/update",
            json!({
                "taskId": task, "inputResponses": {key: {"action": "accept", "content": {}}},
            }),
        );
        let (status, ack) = send(&server, update).await;
        assert_eq!(
            (status, &ack["result"]),
            (StatusCode::OK, &json!({"resultType": "complete"}))
        );
        let done = settled(&server, &task).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(done["result"]["content"][0]["text"], "slept 0 ms");
        // A long task cancelled: acknowledged, then `cancelled`; again on the ended task.
        let call = tasks_request(
            "tools/call",
            json!({"name": "slow", "arguments": {"ms": 60_000}}),
        );
        let task = send(&server, call).await.1["result"]["taskId"]
            .as_str()
            .unwrap()
            .to_owned();
        for _ in 0..2 {
            let (status, ack) = send(
                &server,
                tasks_request("tasks/cancel", json!({"taskId": task})),
            )
            .await;
            assert_eq!(
                (status, &ack["result"]),
                (StatusCode::OK, &json!({"resultType": "complete"}))
            );
        }
        assert_eq!(settled(&server, &task).await["status"], "cancelled");
    });
}

#[test]
fn task_methods_need_the_extension_and_a_known_task() {
    rt().block_on(async {
        let server = server();
        for method in ["tasks/get", "tasks/update", "tasks/cancel"] {
            let body = format!(
                r#"{{"jsonrpc":"2.0","id":8,"method":"{method}","params":{{"taskId":"t"}}}}"#
            );
            let (status, answer) = send(&server, request(&body)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{method}");
            assert_eq!(
                answer["error"]["code"],
                crate::input::MISSING_REQUIRED_CLIENT_CAPABILITY,
                "{method}"
            );
            let (status, answer) = send(
                &server,
                tasks_request(method, json!({"taskId": "task-unknown"})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{method}");
            assert_eq!(
                answer["error"]["code"],
                ProtocolError::INVALID_PARAMS,
                "{method}"
            );
        }
        // Mcp-Name names the task: one that disagrees is refused.
        let mut get = tasks_request("tasks/get", json!({"taskId": "task-a"}));
        get.headers_mut()
            .insert("mcp-name", HeaderValue::from_static("task-b"));
        let (status, answer) = send(&server, get).await;
        assert_eq!(
            (status, &answer["error"]["code"]),
            (StatusCode::BAD_REQUEST, &json!(headers::HEADER_MISMATCH))
        );
    });
}
