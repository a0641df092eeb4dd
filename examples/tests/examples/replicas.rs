//! Replicas: two conformance-server processes sharing a `requestState` key
//! (`MCP_CONTENT_STATE_KEY`) and a task store (`MCP_CONTENT_TASK_DIR`, a file store). An
//! input-required round started on one finishes on the other, a task created on one is
//! polled and answered on the other, and a process with another key refuses the state.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::HttpServer;

const TIMEOUT: Duration = Duration::from_secs(20);
const KEY: &str = "replica-test-key-0123456789abcdef-0123456789";

/// A replica: the conformance server with the shared key and task directory.
struct Server(HttpServer);

impl Server {
    fn start(key: &str, task_dir: &std::path::Path) -> Self {
        Self(HttpServer::start(
            env!("CARGO_BIN_EXE_conformance-server"),
            &[
                ("MCP_CONTENT_STATE_KEY", key.as_ref()),
                ("MCP_CONTENT_TASK_DIR", task_dir.as_os_str()),
            ],
        ))
    }

    /// A 2026-07-28 request declaring elicitation and the tasks extension; the JSON-RPC reply.
    fn call(&self, method: &str, mut params: Value) -> Value {
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { "name": "replicas", "version": "1" },
            "io.modelcontextprotocol/clientCapabilities": {
                "elicitation": {},
                "extensions": { "io.modelcontextprotocol/tasks": {} }
            }
        });
        let name = params["name"]
            .as_str()
            .or(params["taskId"].as_str())
            .unwrap_or_default()
            .to_owned();
        let body =
            json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params }).to_string();
        let mut stream = TcpStream::connect(&self.0.addr).expect("connect");
        stream.set_read_timeout(Some(TIMEOUT)).unwrap();
        let mut request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n\
             Mcp-Method: {method}\r\nContent-Length: {}\r\n",
            self.0.addr,
            body.len()
        );
        if !name.is_empty() {
            request.push_str("Mcp-Name: ");
            request.push_str(&name);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        request.push_str(&body);
        stream.write_all(request.as_bytes()).unwrap();
        let mut raw = String::new();
        let _ = stream.read_to_string(&mut raw);
        raw.lines()
            .rev()
            .filter_map(|l| l.strip_prefix("data:").or(Some(l)))
            .find_map(|l| {
                serde_json::from_str::<Value>(l.trim())
                    .ok()
                    .filter(Value::is_object)
            })
            .unwrap_or(Value::Null)
    }

    fn poll_until(&self, task_id: &str, status: &str) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let task = self.call("tasks/get", json!({ "taskId": task_id }));
            if task["result"]["status"] == status {
                return task["result"].clone();
            }
            assert!(
                Instant::now() < deadline,
                "task never reached {status}: {task}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn task_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mcp-content-replicas-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn an_input_round_started_on_one_replica_finishes_on_the_other() {
    let dir = task_dir("round");
    let (a, b) = (Server::start(KEY, &dir), Server::start(KEY, &dir));
    let tool = json!({ "name": "test_input_required_result_elicitation", "arguments": {} });
    let first = a.call("tools/call", tool.clone());
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let mut retry = tool.clone();
    retry["inputResponses"] =
        json!({ "user_name": { "action": "accept", "content": { "name": "Ada" } } });
    retry["requestState"] = first["result"]["requestState"].clone();
    let second = b.call("tools/call", retry.clone());
    assert_eq!(
        second["result"]["content"][0]["text"], "Hello, Ada!",
        "{second}"
    );

    // A replica with another key refuses the state (`-32602`), it does not trust it.
    let stranger = Server::start("another-key-that-is-long-enough-0123456789", &dir);
    let refused = stranger.call("tools/call", retry);
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_task_created_on_one_replica_is_polled_and_answered_on_the_other() {
    let dir = task_dir("task");
    let (a, b) = (Server::start(KEY, &dir), Server::start(KEY, &dir));

    let created = a.call(
        "tools/call",
        json!({ "name": "slow_compute", "arguments": { "seconds": 0.2, "label": "moved" } }),
    );
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    let id = created["result"]["taskId"]
        .as_str()
        .expect("a task id")
        .to_owned();
    let done = b.poll_until(&id, "completed");
    assert_eq!(
        done["result"]["content"][0]["text"], "Computed moved after 0.2s",
        "{done}"
    );

    // A task that waits for input: asked on A, answered on B, resumed by B, read on A.
    let created = a.call(
        "tools/call",
        json!({ "name": "confirm_delete", "arguments": { "filename": "x.txt" } }),
    );
    let id = created["result"]["taskId"]
        .as_str()
        .expect("a task id")
        .to_owned();
    let waiting = b.poll_until(&id, "input_required");
    assert!(waiting["inputRequests"]["confirm"].is_object(), "{waiting}");
    let ack = b.call(
        "tasks/update",
        json!({ "taskId": id, "inputResponses": { "confirm": { "action": "accept", "content": { "confirm": true } } } }),
    );
    assert_eq!(ack["result"]["resultType"], "complete", "{ack}");
    let done = a.poll_until(&id, "completed");
    assert_eq!(
        done["result"]["content"][0]["text"], "x.txt: confirm=true by someone",
        "{done}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
