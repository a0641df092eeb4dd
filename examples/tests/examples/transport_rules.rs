//! The transport rules, against the conformance server as a process: over Streamable HTTP
//! (`Origin` allow-list on every method and era, `-32700` / `-32602` / over-size bodies as
//! JSON-RPC errors, session `DELETE` answered 200/204, a hand-written input schema's
//! arguments accepted, `Mcp-Param-*` headers checked against `x-mcp-header` arguments) and
//! over stdio (an invalid line gets `-32700`, an over-size line an
//! error reply). Each test fails if its rule breaks.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{HttpServer, StdioServer};

const TIMEOUT: Duration = Duration::from_secs(20);

/// The conformance server on a free port; killed on drop.
struct Server(HttpServer);

impl Server {
    fn start() -> Self {
        Self(HttpServer::start(
            env!("CARGO_BIN_EXE_conformance-server"),
            &[],
        ))
    }

    /// One HTTP/1.1 exchange: the status, the headers (lower-cased names) and the body.
    fn exchange(
        &self,
        method: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, Vec<(String, String)>, String) {
        let mut stream = TcpStream::connect(&self.0.addr).expect("connect");
        stream.set_read_timeout(Some(TIMEOUT)).unwrap();
        stream.set_write_timeout(Some(TIMEOUT)).unwrap();
        let mut request = format!(
            "{method} /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.0.addr,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(name);
            request.push_str(": ");
            request.push_str(value);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        // The server may answer (413) before reading a large body; a failed write is fine then.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        (status, headers, decode_body(body))
    }

    /// A 2026-07-28 request (stateless: everything in the request).
    fn post_2026(&self, extra: &[(&str, &str)], message: &Value) -> (u16, Value) {
        let method = message["method"].as_str().unwrap_or_default().to_owned();
        let mut headers = vec![
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", method.as_str()),
        ];
        let name = message["params"]["name"]
            .as_str()
            .or(message["params"]["uri"].as_str())
            .map(str::to_owned);
        if let Some(name) = &name {
            headers.push(("Mcp-Name", name.as_str()));
        }
        headers.extend_from_slice(extra);
        let (status, _, body) = self.exchange("POST", &headers, message.to_string().as_bytes());
        (status, last_json(&body))
    }
}

/// Undoes chunked transfer encoding when present (hyper chunks streamed responses).
fn decode_body(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    loop {
        let Some((size, tail)) = rest.split_once("\r\n") else {
            return if out.is_empty() { body.to_owned() } else { out };
        };
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            return if out.is_empty() { body.to_owned() } else { out };
        };
        if size == 0 || tail.len() < size {
            return out;
        }
        out.push_str(&tail[..size]);
        rest = tail[size..].trim_start_matches("\r\n");
    }
}

/// The JSON body, or the last `data:` event of an SSE body.
fn last_json(body: &str) -> Value {
    if let Ok(value) = serde_json::from_str(body.trim()) {
        return value;
    }
    body.lines()
        .rev()
        .filter_map(|l| l.strip_prefix("data:"))
        .find_map(|d| serde_json::from_str(d.trim()).ok())
        .unwrap_or(Value::Null)
}

fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": "transport-rules", "version": "1" },
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

fn initialize(version: &str) -> Value {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": { "name": "transport-rules", "version": "1" }
        }
    })
}

const JSON_HEADERS: [(&str, &str); 2] = [
    ("Content-Type", "application/json"),
    ("Accept", "application/json, text/event-stream"),
];

#[test]
fn a_foreign_or_null_origin_is_refused_on_every_method_and_era() {
    let server = Server::start();
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta_2026()}});
    for origin in [
        "https://evil.example",
        "null",
        "http://localhost.evil.example:80",
    ] {
        let (status, _) = server.post_2026(&[("Origin", origin)], &list);
        assert_eq!(status, 403, "2026-07-28 tools/list from {origin}");
        for version in ["2025-06-18", "2025-11-25"] {
            let mut headers = JSON_HEADERS.to_vec();
            headers.push(("Origin", origin));
            let body = initialize(version).to_string();
            let (status, _, _) = server.exchange("POST", &headers, body.as_bytes());
            assert_eq!(status, 403, "{version} initialize from {origin}");
        }
        for method in ["GET", "DELETE"] {
            let (status, _, _) = server.exchange(
                method,
                &[("Accept", "text/event-stream"), ("Origin", origin)],
                b"",
            );
            assert_eq!(status, 403, "{method} from {origin}");
        }
    }
    // The allow-list lets this machine's browsers through.
    let (status, body) = server.post_2026(&[("Origin", "http://localhost:5173")], &list);
    assert_eq!(status, 200, "{body}");
    assert!(body["result"]["tools"].is_array(), "{body}");
}

#[test]
fn invalid_json_gets_a_parse_error_body() {
    let server = Server::start();
    let (status, headers, body) = server.exchange("POST", &JSON_HEADERS, b"{bad json");
    assert_eq!(status, 400);
    assert!(
        headers
            .iter()
            .any(|(n, v)| n == "content-type" && v.starts_with("application/json"))
    );
    let body: Value = serde_json::from_str(&body).expect("a JSON-RPC error body");
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["error"]["code"], -32700);
    assert_eq!(body["id"], Value::Null);
}

#[test]
fn missing_required_params_are_invalid_params() {
    let server = Server::start();
    for (method, param) in [
        ("tools/call", "name"),
        ("resources/read", "uri"),
        ("prompts/get", "name"),
    ] {
        let message =
            json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": {"_meta": meta_2026()}});
        let (_, body) = server.post_2026(&[], &message);
        assert_eq!(body["error"]["code"], -32602, "{method}: {body}");
        assert_eq!(body["id"], 7);
        let text = body["error"]["message"].as_str().unwrap_or_default();
        assert!(text.contains(&format!("params.{param}")), "{text}");
    }
}

#[test]
fn an_over_size_body_gets_a_json_rpc_error() {
    let server = Server::start();
    let big = vec![b' '; 5 * 1024 * 1024];
    let (status, _, body) = server.exchange("POST", &JSON_HEADERS, &big);
    assert_eq!(status, 413);
    let body: Value = serde_json::from_str(&body).expect("a JSON-RPC error body");
    assert_eq!(body["error"]["code"], -32600);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("exceeds")
    );
}

#[test]
fn a_session_delete_answers_200_or_204() {
    let server = Server::start();
    let body = initialize("2025-11-25").to_string();
    let (status, headers, _) = server.exchange("POST", &JSON_HEADERS, body.as_bytes());
    assert_eq!(status, 200);
    let session = headers
        .iter()
        .find(|(n, _)| n == "mcp-session-id")
        .map(|(_, v)| v.clone())
        .expect("a session id");
    let (status, _, _) = server.exchange(
        "DELETE",
        &[
            ("Mcp-Session-Id", session.as_str()),
            ("MCP-Protocol-Version", "2025-11-25"),
        ],
        b"",
    );
    assert!(status == 200 || status == 204, "DELETE answered {status}");
}

#[test]
fn a_hand_written_input_schema_accepts_what_it_declares() {
    let server = Server::start();
    let message = json!({
        "jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {
            "name": "json_schema_2020_12_tool",
            "arguments": {
                "name": "Ada", "contactMethod": "email", "email": "ada@example.com",
                "address": { "street": "1 Main St", "city": "London" }
            },
            "_meta": meta_2026()
        }
    });
    let (_, body) = server.post_2026(&[], &message);
    let result = &body["result"];
    assert_ne!(result["isError"], true, "{body}");
    assert_eq!(
        result["content"][0]["text"],
        "ok: Ada (ada@example.com, London)"
    );
}

#[test]
fn an_x_mcp_header_parameter_must_travel_in_its_mcp_param_header_too() {
    let server = Server::start();
    let call = |region: &str| {
        json!({
            "jsonrpc": "2.0", "id": 4, "method": "tools/call",
            "params": {
                "name": "test_custom_header_lookup",
                "arguments": { "region": region, "query": "maps" },
                "_meta": meta_2026()
            }
        })
    };
    let (status, body) = server.post_2026(&[("Mcp-Param-Region", "eu-west")], &call("eu-west"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["result"]["content"][0]["text"], "maps in eu-west",
        "{body}"
    );
    // Base64 for what a header cannot carry as it is: "Zürich".
    let (status, body) = server.post_2026(
        &[("Mcp-Param-Region", "=?base64?WsO8cmljaA==?=")],
        &call("Zürich"),
    );
    assert_eq!(status, 200, "{body}");

    for headers in [
        &[][..],
        &[("Mcp-Param-Region", "us-east")][..],
        &[("Mcp-Param-Region", "=?base64?ZXUtd2VzdA?=")][..],
    ] {
        let (status, body) = server.post_2026(headers, &call("eu-west"));
        assert_eq!(status, 400, "{headers:?}: {body}");
        assert_eq!(body["error"]["code"], -32020, "{headers:?}: {body}");
    }
}

#[test]
fn stdio_answers_an_invalid_line_and_an_over_size_line() {
    let mut server = StdioServer::start(env!("CARGO_BIN_EXE_conformance-server"), &["--stdio"]);
    server.send_line(b"{not json");
    let reply = server.reply();
    assert_eq!(reply["error"]["code"], -32700, "{reply}");
    assert_eq!(reply["id"], Value::Null);

    let mut big =
        b"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"x\":\"".to_vec();
    big.resize(5 * 1024 * 1024, b'a');
    big.extend_from_slice(b"\"}}");
    server.send_line(&big);
    let reply = server.reply();
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("exceeds")
    );

    // The session still works afterwards.
    server.send_line(initialize("2025-11-25").to_string().as_bytes());
    let reply = server.reply();
    assert_eq!(reply["id"], 1, "{reply}");
    assert!(reply["result"]["serverInfo"].is_object(), "{reply}");
}
