//! Load: the conformance server over Streamable HTTP on 127.0.0.1, driven by 64 concurrent
//! clients with 10,048 `tools/call` requests (text, image, audio, embedded resource and mixed
//! content) on the 2026-07-28 stateless wire: one POST per request with the
//! `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers and the protocol version and
//! client capabilities in `params._meta`. Every response is checked (HTTP 200, the id of
//! its request, no error, exactly the expected content), and the latency percentiles are
//! printed to stderr (shown even when the test harness captures output).
//!
//! Bounded: every socket read and write has a timeout, each client makes a fixed number of
//! requests, and the whole run must finish within `DEADLINE`. The server is killed when the
//! test ends, passing or not.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use mcp_content::model::ResourceContents;
use mcp_content::wire::read_value;
use mcp_content::{CallToolResult, ContentBlock};
use serde_json::{Value, json};

use crate::common::HttpServer;

const CLIENTS: usize = 64;
const REQUESTS_PER_CLIENT: usize = 157; // 64 × 157 = 10,048
const IO_TIMEOUT: Duration = Duration::from_secs(20);
const DEADLINE: Duration = Duration::from_secs(110);
/// The largest response accepted (they are a few hundred bytes).
const MAX_RESPONSE_BYTES: usize = 1 << 20;

const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const WAV: &str =
    "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";

/// A tool to call and a check of its result.
struct Call {
    tool: &'static str,
    check: fn(&CallToolResult) -> Result<(), String>,
}

fn image(block: &ContentBlock) -> Result<(), String> {
    match block {
        ContentBlock::Image(image)
            if image.data.as_base64() == Some(PNG) && image.mime_type == "image/png" =>
        {
            Ok(())
        }
        other => Err(format!("not the PNG image: {other:?}")),
    }
}

fn text_resource(block: &ContentBlock, uri: &str, mime: &str, text: &str) -> Result<(), String> {
    let ContentBlock::Resource(embedded) = block else {
        return Err(format!("not an embedded resource: {block:?}"));
    };
    match &embedded.resource {
        ResourceContents::Text(t)
            if t.uri == uri
                && t.mime_type.as_ref().is_some_and(|m| m == mime)
                && t.text == text =>
        {
            Ok(())
        }
        other => Err(format!("not the expected resource: {other:?}")),
    }
}

fn one(result: &CallToolResult) -> Result<&ContentBlock, String> {
    match result.content.as_slice() {
        [block] => Ok(block),
        blocks => Err(format!("expected one block, got {}", blocks.len())),
    }
}

const CALLS: [Call; 5] = [
    Call {
        tool: "test_simple_text",
        check: |r| match one(r)?.as_text() {
            Some("This is a simple text response for testing.") => Ok(()),
            other => Err(format!("wrong text: {other:?}")),
        },
    },
    Call {
        tool: "test_image_content",
        check: |r| image(one(r)?),
    },
    Call {
        tool: "test_embedded_resource",
        check: |r| {
            text_resource(
                one(r)?,
                "test://embedded-resource",
                "text/plain",
                "This is an embedded resource content.",
            )
        },
    },
    Call {
        tool: "test_audio_content",
        check: |r| match one(r)? {
            ContentBlock::Audio(audio)
                if audio.data.as_base64() == Some(WAV) && audio.mime_type == "audio/wav" =>
            {
                Ok(())
            }
            other => Err(format!("not the WAV audio: {other:?}")),
        },
    },
    Call {
        tool: "test_multiple_content_types",
        check: |r| match r.content.as_slice() {
            [text, picture, resource] => {
                if text.as_text() != Some("Multiple content types test:") {
                    return Err(format!("wrong text: {text:?}"));
                }
                image(picture)?;
                text_resource(
                    resource,
                    "test://mixed-content-resource",
                    "application/json",
                    r#"{"test":"data","value":123}"#,
                )
            }
            blocks => Err(format!("expected three blocks, got {}", blocks.len())),
        },
    },
];

/// One keep-alive HTTP/1.1 connection.
struct Connection {
    host: String,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Connection {
    fn open(addr: &str) -> Result<Self, String> {
        let stream = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
        stream
            .set_read_timeout(Some(IO_TIMEOUT))
            .map_err(|e| e.to_string())?;
        stream
            .set_write_timeout(Some(IO_TIMEOUT))
            .map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let writer = stream.try_clone().map_err(|e| e.to_string())?;
        Ok(Self {
            host: addr.to_owned(),
            reader: BufReader::new(stream),
            writer,
        })
    }

    /// POSTs `body` as a stateless 2026-07-28 `tools/call` of `tool`; returns the status,
    /// whether the server will close the connection, and the body.
    fn call(&mut self, tool: &str, body: &[u8]) -> Result<(u16, bool, Vec<u8>), String> {
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n\
             Mcp-Method: tools/call\r\nMcp-Name: {tool}\r\nContent-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        self.writer
            .write_all(head.as_bytes())
            .and_then(|()| self.writer.write_all(body))
            .map_err(|e| format!("write: {e}"))?;
        self.read_response()
    }

    fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        let n = self
            .reader
            .read_line(&mut line)
            .map_err(|e| format!("read: {e}"))?;
        if n == 0 {
            return Err("the server closed the connection".into());
        }
        if line.len() > 8192 {
            return Err("header line too long".into());
        }
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }

    fn read_response(&mut self) -> Result<(u16, bool, Vec<u8>), String> {
        let status_line = self.line()?;
        let status: u16 = status_line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad status line {status_line:?}"))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        for _ in 0..100 {
            let line = self.line()?;
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').ok_or("bad header")?;
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "connection" => close = value.eq_ignore_ascii_case("close"),
                _ => {}
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                let size_line = self.line()?;
                let size =
                    usize::from_str_radix(size_line.split(';').next().unwrap_or("").trim(), 16)
                        .map_err(|_| format!("bad chunk size {size_line:?}"))?;
                if size == 0 {
                    // Trailers, then the empty line.
                    while !self.line()?.is_empty() {}
                    break;
                }
                if body.len() + size > MAX_RESPONSE_BYTES {
                    return Err("response too large".into());
                }
                let start = body.len();
                body.resize(start + size, 0);
                self.reader
                    .read_exact(&mut body[start..])
                    .map_err(|e| format!("read: {e}"))?;
                self.line()?; // the CRLF after the chunk
            }
        } else {
            let length = length.ok_or("no length")?;
            if length > MAX_RESPONSE_BYTES {
                return Err("response too large".into());
            }
            body.resize(length, 0);
            self.reader
                .read_exact(&mut body)
                .map_err(|e| format!("read: {e}"))?;
        }
        Ok((status, close, body))
    }
}

/// The JSON-RPC message answering `id` in a JSON or SSE body.
fn response_for(body: &[u8], id: u64) -> Result<Value, String> {
    let text = std::str::from_utf8(body).map_err(|e| e.to_string())?;
    let messages: Vec<Value> = if text.trim_start().starts_with('{') {
        vec![serde_json::from_str(text).map_err(|e| e.to_string())?]
    } else {
        // Server-sent events: `data:` lines, an event per blank-line-separated block.
        text.split("\n\n")
            .filter_map(|event| {
                let data: Vec<&str> = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data:"))
                    .map(str::trim_start)
                    .collect();
                (!data.is_empty()).then(|| serde_json::from_str(&data.join("\n")))
            })
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?
    };
    let mut answers = messages.into_iter().filter(|m| m.get("id").is_some());
    let answer = answers.next().ok_or("no response in the body")?;
    if answers.next().is_some() {
        return Err("more than one response".into());
    }
    if answer["id"] != id {
        return Err(format!("mismatched id: sent {id}, got {}", answer["id"]));
    }
    Ok(answer)
}

/// One client: `REQUESTS_PER_CLIENT` calls on one keep-alive connection; the latencies.
fn client(addr: &str, client: usize, deadline: Instant) -> Result<Vec<Duration>, String> {
    let mut connection = Connection::open(addr)?;
    let mut latencies = Vec::with_capacity(REQUESTS_PER_CLIENT);
    for i in 0..REQUESTS_PER_CLIENT {
        if Instant::now() > deadline {
            return Err(format!(
                "client {client}: past the deadline after {i} requests"
            ));
        }
        let call = &CALLS[(client + i) % CALLS.len()];
        let id = (client * 1_000_000 + i) as u64;
        let body = serde_json::to_vec(&json!({
            "jsonrpc": "2.0",
            "id": id,
            "method": "tools/call",
            "params": {
                "name": call.tool,
                "arguments": {},
                "_meta": {
                    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                    "io.modelcontextprotocol/clientInfo": {"name": "load-test", "version": "1.0.0"},
                    "io.modelcontextprotocol/clientCapabilities": {}
                }
            }
        }))
        .map_err(|e| e.to_string())?;
        let started = Instant::now();
        let (status, close, response) = connection
            .call(call.tool, &body)
            .map_err(|e| format!("client {client} request {i} ({}): {e}", call.tool))?;
        latencies.push(started.elapsed());
        let fail = |why: String| format!("client {client} request {i} ({}): {why}", call.tool);
        if status != 200 {
            return Err(fail(format!(
                "HTTP {status}: {}",
                String::from_utf8_lossy(&response)
            )));
        }
        let answer = response_for(&response, id).map_err(fail)?;
        if let Some(error) = answer.get("error") {
            return Err(fail(format!("error {error}")));
        }
        let result: CallToolResult =
            read_value(answer["result"].clone()).map_err(|e| fail(e.to_string()))?;
        if result.is_error() || result.result_type.as_deref() != Some("complete") {
            return Err(fail(format!("not a complete success: {result:?}")));
        }
        (call.check)(&result).map_err(fail)?;
        if close {
            connection = Connection::open(addr)?;
        }
    }
    Ok(latencies)
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

#[test]
fn ten_thousand_stateless_tool_calls_from_64_clients() {
    let server = HttpServer::start(env!("CARGO_BIN_EXE_conformance-server"), &[]);
    let started = Instant::now();
    let deadline = started + DEADLINE;
    let results: Vec<Result<Vec<Duration>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|n| {
                let addr = server.addr.as_str();
                scope.spawn(move || client(addr, n, deadline))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a client panicked".into())))
            .collect()
    });
    let elapsed = started.elapsed();
    let mut latencies = Vec::with_capacity(CLIENTS * REQUESTS_PER_CLIENT);
    let mut errors = Vec::new();
    for result in results {
        match result {
            Ok(l) => latencies.extend(l),
            Err(e) => errors.push(e),
        }
    }
    assert!(
        errors.is_empty(),
        "{} clients failed:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert_eq!(latencies.len(), CLIENTS * REQUESTS_PER_CLIENT);
    assert!(latencies.len() >= 10_000);
    latencies.sort();
    // Straight to stderr, not through `println!`, so the numbers show even when the test
    // harness captures output.
    let _ = writeln!(
        std::io::stderr(),
        "load: {} tools/call from {CLIENTS} clients in {:.2?} ({:.0} req/s); latency p50 {:.2?}, p90 {:.2?}, p99 {:.2?}, max {:.2?}",
        latencies.len(),
        elapsed,
        f64::from(u32::try_from(latencies.len()).unwrap_or(u32::MAX)) / elapsed.as_secs_f64(),
        percentile(&latencies, 50),
        percentile(&latencies, 90),
        percentile(&latencies, 99),
        latencies[latencies.len() - 1],
    );
    assert!(elapsed < DEADLINE, "took {elapsed:?}");
}
