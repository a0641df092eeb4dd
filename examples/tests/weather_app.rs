//! The MCP App example end to end: a client session over stdio lists the tool and its view,
//! reads the view's HTML with its `_meta.ui`, and calls the tool.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    next_id: u64,
}

impl Session {
    fn start(bin: &str) -> Self {
        let mut child = Command::new(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the example starts");
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
        let mut session = Self {
            child,
            stdin,
            lines,
            next_id: 0,
        };
        let init = session.request(
            "initialize",
            &json!({
                "protocolVersion": "2025-11-25",
                "capabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}},
                "clientInfo": { "name": "app-host-test", "version": "1.0.0" }
            }),
        );
        assert_eq!(init["serverInfo"]["name"], "weather-app", "{init}");
        session.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
        session
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The result of one request (an error response fails the test).
    fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("the server answers within 20 s");
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_host_finds_the_view_reads_it_and_calls_the_tool() {
    let mut host = Session::start(env!("CARGO_BIN_EXE_weather-app"));

    let tools = host.request("tools/list", &json!({}));
    let tool = &tools["tools"][0];
    assert_eq!(tool["name"], "show_weather");
    assert_eq!(
        tool["_meta"]["ui"],
        json!({"resourceUri": "ui://weather/view.html", "visibility": ["model", "app"]}),
        "{tool}"
    );
    assert_eq!(tool["_meta"]["ui/resourceUri"], "ui://weather/view.html");

    let resources = host.request("resources/list", &json!({}));
    let listed = &resources["resources"][0];
    assert_eq!(listed["uri"], "ui://weather/view.html");
    assert_eq!(listed["mimeType"], "text/html;profile=mcp-app");
    let ui = json!({
        "csp": {
            "connectDomains": ["https://api.open-meteo.com"],
            "resourceDomains": ["https://*.jsdelivr.net"]
        },
        "prefersBorder": true
    });
    assert_eq!(listed["_meta"]["ui"], ui, "{listed}");

    // The host follows the tool's resourceUri.
    let uri = tool["_meta"]["ui"]["resourceUri"].clone();
    let read = host.request("resources/read", &json!({ "uri": uri }));
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
    assert_eq!(contents["_meta"]["ui"], ui, "{contents}");
    let html = contents["text"].as_str().unwrap();
    assert!(html.starts_with("<!doctype html>") && html.contains("ui/notifications/tool-result"));

    let call = host.request(
        "tools/call",
        &json!({ "name": "show_weather", "arguments": { "city": "Lima" } }),
    );
    assert_eq!(call["content"][0]["text"], "Lima: sunny, 24 °C", "{call}");
}
