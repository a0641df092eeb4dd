//! What the attack tests share: handlers that count themselves while they run (a drop
//! guard decrements the count when their future is dropped), the servers on loopback (the
//! own endpoint, rmcp's Streamable HTTP, rmcp's stdio), and a raw HTTP/1.1 client that can
//! walk away mid-request.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mcp_content::handler::{BoxFuture, ToolHandler};
use mcp_content::model::{Tool, ToolName};
use mcp_content::tasks::TaskSupport;
use mcp_content::{CallToolResult, Context, Router};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines};
use tokio::net::TcpStream;

/// How many handlers run now.
pub(crate) type Count = Arc<AtomicUsize>;

/// Decrements the count when the handler's future is dropped (finished or not).
struct Alive(Count);

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A tool that never ends: counts itself while it runs. With `progress`, it first sends a
/// progress notification (so its answer becomes an event stream); with `task`, it runs as
/// a task tool and becomes a task before it hangs; `seen` counts the times a worker it
/// spawned saw `Context::cancelled` resolve.
pub(crate) struct Hang {
    pub(crate) name: &'static str,
    pub(crate) running: Count,
    pub(crate) seen: Count,
    pub(crate) progress: bool,
    pub(crate) task: Option<TaskSupport>,
}

impl Hang {
    pub(crate) fn new(name: &'static str) -> Self {
        Self {
            name,
            running: Count::default(),
            seen: Count::default(),
            progress: false,
            task: None,
        }
    }
}

impl ToolHandler for Hang {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new(self.name).unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        let running = Arc::clone(&self.running);
        let seen = Arc::clone(&self.seen);
        let (progress, task) = (self.progress, self.task.is_some());
        Box::pin(async move {
            if task {
                context.run_as_task().await;
            }
            running.fetch_add(1, Ordering::SeqCst);
            let _alive = Alive(running);
            let worker = context.clone();
            tokio::spawn(async move {
                worker.cancelled().await;
                seen.fetch_add(1, Ordering::SeqCst);
            });
            if progress {
                let _ = context.progress(0.0, None, Some("started")).await;
            }
            std::future::pending::<()>().await;
            CallToolResult::text("never")
        })
    }

    fn task_support(&self) -> Option<TaskSupport> {
        self.task
    }
}

/// A tool that panics with a message the client must not see.
pub(crate) struct Boom;

impl ToolHandler for Boom {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("boom").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async {
            tokio::task::yield_now().await;
            panic!("the secret database password is hunter2");
        })
    }
}

/// A tool that answers its argument `text`.
pub(crate) struct Echo;

impl ToolHandler for Echo {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("echo").unwrap())
    }

    fn call(&self, arguments: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let text = arguments
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        Box::pin(async move { CallToolResult::text(text) })
    }
}

/// Waits until `done` holds, for at most `secs` seconds; panics naming `what` otherwise.
pub(crate) async fn wait_until(what: &str, secs: u64, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !done() {
        assert!(Instant::now() < deadline, "{what}: not within {secs} s");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The count now.
pub(crate) fn now(count: &Count) -> usize {
    count.load(Ordering::SeqCst)
}

/// The own endpoint (`http::HttpServer`) for `router` on a loopback port.
pub(crate) async fn serve_own(router: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(mcp_content::http::HttpServer::new(router).serve(listener));
    addr
}

/// rmcp's Streamable HTTP service for `router`, at `/mcp` on a loopback port.
pub(crate) async fn serve_rmcp(router: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = axum::Router::new()
        .nest_service("/mcp", mcp_content::rmcp::streamable_http_service(router));
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// A 2026-07-28 request: `_meta` names the version and the client's capabilities.
pub(crate) fn stateless(id: &str, method: &str, mut params: Value, tasks: bool) -> String {
    let mut capabilities = json!({});
    if tasks {
        capabilities["extensions"] = json!({ "io.modelcontextprotocol/tasks": {} });
    }
    let meta = params
        .as_object_mut()
        .unwrap()
        .entry("_meta")
        .or_insert_with(|| json!({}));
    meta["io.modelcontextprotocol/protocolVersion"] = json!("2026-07-28");
    meta["io.modelcontextprotocol/clientInfo"] = json!({ "name": "attack", "version": "1" });
    meta["io.modelcontextprotocol/clientCapabilities"] = capabilities;
    // The id is spliced in as written, so a test can send any spelling.
    format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}"#)
}

/// Sends a `POST /mcp` with `body` (and the headers a 2026-07-28 request repeats from its
/// body, plus `extra`) on a new connection, which is returned unread.
pub(crate) async fn post(addr: SocketAddr, body: &str, extra: &[(&str, &str)]) -> TcpStream {
    let mut headers = vec![
        ("Host".to_owned(), "127.0.0.1".to_owned()),
        ("Content-Type".to_owned(), "application/json".to_owned()),
        (
            "Accept".to_owned(),
            "application/json, text/event-stream".to_owned(),
        ),
        ("Content-Length".to_owned(), body.len().to_string()),
        ("Connection".to_owned(), "close".to_owned()),
    ];
    if let Ok(message) = serde_json::from_str::<Value>(body) {
        let params = &message["params"];
        if let Some(version) = params["_meta"]["io.modelcontextprotocol/protocolVersion"].as_str() {
            headers.push(("MCP-Protocol-Version".into(), version.into()));
        }
        if let Some(method) = message["method"].as_str() {
            headers.push(("Mcp-Method".into(), method.into()));
        }
        let name = ["name", "uri", "taskId"]
            .into_iter()
            .find_map(|key| params[key].as_str());
        if let Some(name) = name {
            headers.push(("Mcp-Name".into(), name.into()));
        }
    }
    for (name, value) in extra {
        headers.push(((*name).into(), (*value).into()));
    }
    let mut request = String::from("POST /mcp HTTP/1.1\r\n");
    for (name, value) in headers {
        let _ = write!(request, "{name}: {value}\r\n");
    }
    request.push_str("\r\n");
    request.push_str(body);
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    stream
}

/// A response read to its end (the request asked to close the connection after it).
pub(crate) struct Response {
    pub(crate) status: u16,
    pub(crate) head: String,
    /// The body, chunked encoding undone.
    pub(crate) body: String,
}

impl Response {
    /// The body as JSON, or the first JSON-RPC response of an event stream.
    pub(crate) fn json(&self) -> Value {
        if let Ok(value) = serde_json::from_str(&self.body) {
            return value;
        }
        self.body
            .lines()
            .filter_map(|line| line.strip_prefix("data: "))
            .filter_map(|data| serde_json::from_str::<Value>(data).ok())
            .find(|message| message.get("id").is_some())
            .unwrap_or_else(|| panic!("no JSON in {:?}", self.body))
    }

    /// A header's value.
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }
}

/// Reads the response on `stream` to the end (at most 10 s).
pub(crate) async fn read_response(mut stream: TcpStream) -> Response {
    let mut bytes = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut bytes))
        .await
        .expect("the response ends within 10 s")
        .unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a response head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Response {
        status,
        head: head.to_owned(),
        body,
    }
}

/// Reads the response head on `stream` only (the body may never end).
pub(crate) async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("a response head within 10 s")
            .unwrap();
        assert_eq!(read, 1, "the connection closed before the head ended");
        head.push(byte[0]);
    }
    String::from_utf8(head).unwrap()
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].strip_prefix("\r\n").unwrap_or(&rest[size..]);
    }
    out
}

/// A `POST` answered in full.
pub(crate) async fn exchange(addr: SocketAddr, body: &str, extra: &[(&str, &str)]) -> Response {
    read_response(post(addr, body, extra).await).await
}

/// A 2025-era session on the own endpoint: its id.
pub(crate) async fn open_session(addr: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"attack","version":"1"}}}"#;
    let response = exchange(addr, initialize, &[]).await;
    assert_eq!(response.status, 200, "{}", response.body);
    response.header("mcp-session-id").expect("a session id")
}

/// A client of rmcp's stdio transport (through [`mcp_content::rmcp::serve_stdio_with`]),
/// line by line.
pub(crate) struct Stdio {
    pub(crate) to_server: DuplexStream,
    lines: Lines<BufReader<DuplexStream>>,
}

impl Stdio {
    pub(crate) fn start(router: Router, max_line_bytes: usize) -> Self {
        let (to_server, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, from_server) = tokio::io::duplex(1 << 16);
        tokio::spawn(mcp_content::rmcp::serve_stdio_with(
            router,
            server_in,
            server_out,
            max_line_bytes,
        ));
        Self {
            to_server,
            lines: BufReader::new(from_server).lines(),
        }
    }

    /// Writes one line (a newline appended).
    pub(crate) async fn send(&mut self, line: &str) {
        self.to_server.write_all(line.as_bytes()).await.unwrap();
        self.to_server.write_all(b"\n").await.unwrap();
    }

    /// The next line the server writes, as text (at most 10 s).
    pub(crate) async fn next_line(&mut self) -> String {
        tokio::time::timeout(Duration::from_secs(10), self.lines.next_line())
            .await
            .expect("the server writes within 10 s")
            .unwrap()
            .expect("the server is still there")
    }

    /// The next line that answers a request (has an `id`), as text.
    pub(crate) async fn next_answer(&mut self) -> String {
        loop {
            let line = self.next_line().await;
            let message: Value = serde_json::from_str(&line).unwrap();
            if message.get("id").is_some() && message.get("method").is_none() {
                return line;
            }
        }
    }
}
