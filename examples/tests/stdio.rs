//! The conformance server over stdio: a real MCP session (initialize, list, call, read, get)
//! through `rmcp`'s stdio transport, spoken line by line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

struct Server {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Server {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_conformance-server"))
            .arg("--stdio")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the conformance server starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The response to request `id`, skipping notifications.
    fn response(&mut self, id: u64) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("the server answers within 20 s");
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    fn request(&mut self, id: u64, method: &str, params: &Value) -> Value {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.response(id)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_2025_11_25_session_over_stdio() {
    let mut server = Server::start();
    let init = server.request(
        1,
        "initialize",
        &json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "stdio-test", "version": "1.0.0" }
        }),
    );
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
    assert_eq!(
        init["result"]["serverInfo"]["name"],
        "mcp-content-conformance-server"
    );
    assert!(
        init["result"]["capabilities"]["tools"].is_object(),
        "{init}"
    );
    server.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));

    let tools = server.request(2, "tools/list", &json!({}));
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"test_image_content"), "{names:?}");
    assert!(
        tools["result"].get("resultType").is_none(),
        "no resultType before 2026: {tools}"
    );

    let image = server.request(3, "tools/call", &json!({ "name": "test_image_content" }));
    assert_eq!(image["result"]["content"][0]["type"], "image", "{image}");
    assert_eq!(image["result"]["content"][0]["mimeType"], "image/png");

    let error = server.request(
        4,
        "tools/call",
        &json!({ "name": "test_error_handling", "arguments": {} }),
    );
    assert_eq!(error["result"]["isError"], true, "{error}");

    let read = server.request(
        5,
        "resources/read",
        &json!({ "uri": "test://template/42/data" }),
    );
    let text = read["result"]["contents"][0]["text"].as_str().unwrap();
    assert!(text.contains("\"42\""), "{read}");

    let prompt = server.request(
        6,
        "prompts/get",
        &json!({ "name": "test_prompt_with_arguments", "arguments": { "arg1": "a", "arg2": "b" } }),
    );
    assert_eq!(
        prompt["result"]["messages"][0]["content"]["text"],
        "Prompt with arguments: arg1='a', arg2='b'"
    );

    let bad = server.request(
        7,
        "tools/call",
        &json!({ "name": "test_sampling", "arguments": { "prompt": 5 } }),
    );
    assert_eq!(bad["result"]["isError"], true, "{bad}");
    let message = bad["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        message.contains("prompt"),
        "the error names the argument: {message}"
    );
}
