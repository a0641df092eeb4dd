//! Payload budgets end to end: a client session over stdio gets a link for the large image,
//! reads the link and gets the same bytes; the small image stays inline; a `FromContent`
//! type reads the result through the link.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use mcp_content::convert::read_following_links;
use mcp_content::{CallToolResult, Content, ReadError, ReadResourceResult, read_value};
use serde_json::{Value, json};

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    next_id: u64,
}

impl Session {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_radar"))
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
        session.request(
            "initialize",
            &json!({
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": { "name": "radar-test", "version": "1.0.0" }
            }),
        );
        session.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
        session
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .expect("the server answers within 30 s");
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

fn pattern(size: usize) -> Vec<u8> {
    (0..size)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect()
}

#[derive(Content, Debug)]
struct Radar {
    #[content(text)]
    caption: String,
    #[content(image(mime = "image/png"))]
    png: Vec<u8>,
}

#[test]
fn a_large_image_is_a_link_that_reads_back_the_same_bytes() {
    let mut client = Session::start();
    let size = 1_000_000;
    let call = client.request(
        "tools/call",
        &json!({ "name": "radar", "arguments": { "size": size } }),
    );
    let link = &call["content"][1];
    assert_eq!(link["type"], "resource_link", "{call}");
    assert_eq!(link["size"], size);
    assert_eq!(link["mimeType"], "image/png");
    assert!(
        link["uri"]
            .as_str()
            .unwrap()
            .starts_with("mcp-payload://blob/")
    );
    assert_eq!(call["content"][0]["text"], "Rain radar");

    let read = client.request("resources/read", &json!({ "uri": link["uri"] }));
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], "image/png");
    let read: ReadResourceResult = read_value(read.clone()).unwrap();
    let mcp_content::ResourceContents::Blob(blob) = &read.contents[0] else {
        panic!("{contents}")
    };
    assert_eq!(blob.blob.to_bytes().unwrap(), pattern(size));

    // A derived type reads the result through the link, with the session as its reader.
    let result: CallToolResult = read_value(call).unwrap();
    let session = Mutex::new(client);
    let reader = |uri: &str| -> Result<ReadResourceResult, ReadError> {
        let read = session
            .lock()
            .unwrap()
            .request("resources/read", &json!({ "uri": uri }));
        read_value(read)
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let radar: Radar = runtime
        .block_on(read_following_links(&result, &reader))
        .unwrap();
    assert_eq!(radar.caption, "Rain radar");
    assert_eq!(radar.png, pattern(size));
}

#[test]
fn a_small_image_stays_inline() {
    let mut client = Session::start();
    let call = client.request(
        "tools/call",
        &json!({ "name": "thumbnail", "arguments": {} }),
    );
    assert_eq!(call["content"][1]["type"], "image", "{call}");
    let below = client.request(
        "tools/call",
        &json!({ "name": "radar", "arguments": { "size": 262_144 } }),
    );
    assert_eq!(
        below["content"][1]["type"], "image",
        "exactly the budget stays inline"
    );
}
