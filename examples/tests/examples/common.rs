//! What the example tests share: an example binary as a child process, spoken to over stdio a
//! line at a time or over Streamable HTTP on a port the OS picks; killed when the test ends,
//! passing or not.

// Each test file uses a part of this module.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

/// How long a test waits for one reply.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(30);

/// A child process, killed and reaped on drop.
pub(crate) struct Process(pub(crate) Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The lines `reader` yields, sent on a channel by a thread of their own.
pub(crate) fn lines(reader: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(reader).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// An example serving MCP over stdio.
pub(crate) struct StdioServer {
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    next_id: u64,
    _process: Process,
}

impl StdioServer {
    /// Starts `bin` with `args`.
    pub(crate) fn start(bin: &str, args: &[&str]) -> Self {
        let mut child = Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the example starts");
        let stdin = child.stdin.take().expect("stdin");
        let lines = lines(child.stdout.take().expect("stdout"));
        Self {
            stdin,
            lines,
            next_id: 0,
            _process: Process(child),
        }
    }

    /// Writes `bytes` and a newline (a line that need not be JSON).
    pub(crate) fn send_line(&mut self, bytes: &[u8]) {
        // The server may close stdin after an over-size line; a failed write is fine then.
        let _ = self.stdin.write_all(bytes);
        let _ = self.stdin.write_all(b"\n");
        let _ = self.stdin.flush();
    }

    /// Writes one JSON-RPC message.
    pub(crate) fn send(&mut self, message: &Value) {
        self.send_line(message.to_string().as_bytes());
    }

    /// The next line the server writes, as JSON.
    pub(crate) fn reply(&self) -> Value {
        let line = self.lines.recv_timeout(TIMEOUT).expect("a reply line");
        serde_json::from_str(&line).expect("a JSON reply")
    }

    /// The response to request `id`, skipping notifications.
    pub(crate) fn response(&mut self, id: u64) -> Value {
        loop {
            let message = self.reply();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// Request `id` and its whole response (result or error).
    pub(crate) fn exchange(&mut self, id: u64, method: &str, params: &Value) -> Value {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.response(id)
    }

    /// The result of one request with the next id (an error response fails the test).
    pub(crate) fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let message = self.exchange(self.next_id, method, params);
        assert!(message.get("error").is_none(), "{method}: {message}");
        message["result"].clone()
    }

    /// `initialize` for `version` with `capabilities`, then `notifications/initialized`; the
    /// initialize result.
    pub(crate) fn initialize(
        &mut self,
        version: &str,
        capabilities: &Value,
        client: &str,
    ) -> Value {
        let result = self.request(
            "initialize",
            &json!({
                "protocolVersion": version,
                "capabilities": capabilities,
                "clientInfo": { "name": client, "version": "1.0.0" }
            }),
        );
        self.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
        result
    }
}

/// An example serving Streamable HTTP on 127.0.0.1.
pub(crate) struct HttpServer {
    /// `127.0.0.1:port`.
    pub(crate) addr: String,
    /// Kept, so the thread goes on draining the server's stderr.
    _stderr: mpsc::Receiver<String>,
    _process: Process,
}

impl HttpServer {
    /// Starts `bin --http 127.0.0.1:0` with `env`: port 0, so the OS picks a free port, and
    /// the server prints where it listens on stderr.
    pub(crate) fn start(bin: &str, env: &[(&str, &OsStr)]) -> Self {
        let mut child = Command::new(bin)
            .args(["--http", "127.0.0.1:0"])
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example starts");
        let stderr = lines(child.stderr.take().expect("stderr"));
        let process = Process(child);
        let addr = loop {
            let line = stderr
                .recv_timeout(Duration::from_secs(60))
                .expect("the server prints its address");
            if let Some(rest) = line.split("http://").nth(1) {
                break rest.trim_end_matches("/mcp").to_owned();
            }
        };
        Self {
            addr,
            _stderr: stderr,
            _process: process,
        }
    }
}
