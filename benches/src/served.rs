//! The end-to-end harness's servers and client (issue 13): the same two tools served by
//! mcp-content and by plain `rmcp` `#[tool_router]`, over Streamable HTTP on 127.0.0.1, and a
//! blocking keep-alive HTTP/1.1 client that checks every response.
//!
//! The tools:
//! - `picture`: a derived result with a caption text block and a 1 MiB image. The image is
//!   shared, not copied, by every server (a `bytes::Bytes` clone for mcp-content, a borrow of
//!   the same bytes for rmcp), so each path pays only for turning it into the response.
//! - `small`: `name` in, `"Hello, {name}!"` out.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use serde::Deserialize;

/// The image every server returns (1 MiB, see [`crate::image_bytes`]).
pub static IMAGE: LazyLock<bytes::Bytes> =
    LazyLock::new(|| bytes::Bytes::from(crate::image_bytes()));

/// The image's base64, what every response must carry.
pub static IMAGE_BASE64: LazyLock<String> =
    LazyLock::new(|| base64_simd::STANDARD.encode_to_string(&IMAGE[..]));

/// The caption text block of `picture`.
pub const CAPTION: &str = crate::CAPTION;

/// Which server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// mcp-content's own endpoint (`http::HttpServer`): results written once into the body.
    McpContent,
    /// mcp-content's router on rmcp's Streamable HTTP service (`rmcp::streamable_http_service`).
    McpContentOnRmcp,
    /// Plain rmcp `#[tool_router]`, base64 with the `base64` crate.
    Rmcp,
    /// Plain rmcp `#[tool_router]`, base64 with `base64-simd`.
    RmcpSimd,
}

impl Kind {
    /// Every server, in the order the table shows them.
    pub const ALL: [Kind; 4] = [
        Kind::McpContent,
        Kind::McpContentOnRmcp,
        Kind::Rmcp,
        Kind::RmcpSimd,
    ];

    /// The name on the command line and in the table.
    pub fn name(self) -> &'static str {
        match self {
            Kind::McpContent => "mcp-content",
            Kind::McpContentOnRmcp => "mcp-content/rmcp",
            Kind::Rmcp => "rmcp",
            Kind::RmcpSimd => "rmcp+simd",
        }
    }

    /// The kind named `name`.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// mcp-content's side.
pub mod ours {
    use mcp_content::{Content, tool};

    /// `picture`'s result.
    #[derive(Content)]
    pub struct Picture {
        /// The caption.
        #[content(text)]
        pub caption: String,
        /// The image, shared.
        #[content(image(mime = "image/png"))]
        pub image: bytes::Bytes,
    }

    /// A caption and a 1 MiB image.
    #[tool]
    pub fn picture() -> Picture {
        Picture {
            caption: super::CAPTION.to_owned(),
            image: super::IMAGE.clone(),
        }
    }

    /// Says hello.
    ///
    /// # Arguments
    /// * `name` - Who to greet
    #[tool]
    pub fn small(name: String) -> String {
        format!("Hello, {name}!")
    }

    /// The router with both tools.
    pub fn router() -> mcp_content::Router {
        mcp_content::Router::builder()
            .tool(picture {})
            .tool(small {})
            .build()
            .expect("two distinct tools")
    }
}

/// Plain rmcp's side.
pub mod theirs {
    use base64::Engine as _;
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::handler::server::wrapper::Parameters;
    use rmcp::model::{CallToolResult, ContentBlock};
    use rmcp::{ServerHandler, tool, tool_handler, tool_router};

    /// `small`'s arguments.
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    pub struct SmallArgs {
        /// Who to greet
        pub name: String,
    }

    /// The rmcp server; `simd` picks the base64 engine.
    #[derive(Clone)]
    pub struct Plain {
        tool_router: ToolRouter<Self>,
        simd: bool,
    }

    #[tool_router(router = tool_router)]
    impl Plain {
        /// A server with base64-simd (`simd`) or the `base64` crate.
        pub fn new(simd: bool) -> Self {
            Self {
                tool_router: Self::tool_router(),
                simd,
            }
        }

        /// A caption and a 1 MiB image.
        #[tool]
        fn picture(&self) -> CallToolResult {
            let image = &super::IMAGE[..];
            let data = if self.simd {
                base64_simd::STANDARD.encode_to_string(image)
            } else {
                base64::engine::general_purpose::STANDARD.encode(image)
            };
            CallToolResult::success(vec![
                ContentBlock::text(super::CAPTION),
                ContentBlock::image(data, "image/png"),
            ])
        }

        /// Says hello.
        #[tool]
        #[allow(clippy::unused_self)] // rmcp's tools are methods
        fn small(&self, Parameters(SmallArgs { name }): Parameters<SmallArgs>) -> String {
            format!("Hello, {name}!")
        }
    }

    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for Plain {}
}

/// Serves `kind` on `listener` until the process ends, every accepted socket with
/// `TCP_NODELAY`: mcp-content's endpoint with its own `serve`, the rmcp services with the same
/// axum setup.
pub async fn serve(kind: Kind, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    use axum::serve::ListenerExt as _;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    if kind == Kind::McpContent {
        // The accept loop's connection limit (512 by default) raised past what the memory
        // harness holds open (`e2e-memory --count`, at most 5,000): axum's loop, which serves
        // the rmcp kinds, has none.
        return mcp_content::http::HttpServer::new(ours::router())
            .serve_with(
                listener,
                mcp_content::http::Serve::new().max_connections(10_000),
                std::future::pending(),
            )
            .await;
    }
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let app = match kind {
        Kind::McpContent | Kind::McpContentOnRmcp => axum::Router::new().nest_service(
            "/mcp",
            mcp_content::rmcp::streamable_http_service(ours::router()),
        ),
        Kind::Rmcp | Kind::RmcpSimd => {
            let simd = kind == Kind::RmcpSimd;
            let service = StreamableHttpService::new(
                move || Ok(theirs::Plain::new(simd)),
                Arc::new(LocalSessionManager::default()),
                StreamableHttpServerConfig::default(),
            );
            axum::Router::new().nest_service("/mcp", service)
        }
    };
    axum::serve(listener, app).await
}

/// Which tool a client calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// The caption and 1 MiB image.
    Picture,
    /// The small text tool.
    Small,
}

impl Tool {
    /// The tool's name.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Picture => "picture",
            Tool::Small => "small",
        }
    }
}

const IO_TIMEOUT: Duration = Duration::from_secs(30);
/// The largest response accepted: the image's base64 plus room.
const MAX_RESPONSE_BYTES: usize = 4 << 20;

/// One keep-alive HTTP/1.1 connection making stateless 2026-07-28 `tools/call` requests.
pub struct Connection {
    host: String,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    request: Vec<u8>,
    body: Vec<u8>,
    next_id: u64,
    client: usize,
}

#[derive(Deserialize)]
struct Answer<'a> {
    id: u64,
    #[serde(borrow)]
    result: Option<AnswerResult<'a>>,
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct AnswerResult<'a> {
    #[serde(borrow)]
    content: Vec<Block<'a>>,
    #[serde(rename = "isError")]
    is_error: Option<bool>,
}

#[derive(Deserialize)]
struct Block<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(borrow)]
    text: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow)]
    data: Option<&'a str>,
    #[serde(rename = "mimeType", borrow)]
    mime_type: Option<&'a str>,
}

impl Connection {
    /// Connects to `addr` (`127.0.0.1:PORT`) as client number `client`.
    pub fn open(addr: &str, client: usize) -> Result<Self, String> {
        let stream = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
        stream
            .set_read_timeout(Some(IO_TIMEOUT))
            .and_then(|()| stream.set_write_timeout(Some(IO_TIMEOUT)))
            .and_then(|()| stream.set_nodelay(true))
            .map_err(|e| e.to_string())?;
        let writer = stream.try_clone().map_err(|e| e.to_string())?;
        Ok(Self {
            host: addr.to_owned(),
            reader: BufReader::with_capacity(64 << 10, stream),
            writer,
            request: Vec::with_capacity(1024),
            body: Vec::with_capacity(MAX_RESPONSE_BYTES),
            next_id: 0,
            client,
        })
    }

    /// Calls `tool` once and checks the answer.
    pub fn call(&mut self, tool: Tool) -> Result<(), String> {
        self.next_id += 1;
        let id = self.next_id;
        let arguments = match tool {
            Tool::Picture => String::from("{}"),
            Tool::Small => format!(r#"{{"name":"client-{}"}}"#, self.client),
        };
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{}","arguments":{arguments},"_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{{"name":"e2e","version":"1.0.0"}},"io.modelcontextprotocol/clientCapabilities":{{}}}}}}}}"#,
            tool.name()
        );
        self.request.clear();
        write!(
            self.request,
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n\
             Mcp-Method: tools/call\r\nMcp-Name: {}\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            tool.name(),
            body.len()
        )
        .map_err(|e| e.to_string())?;
        self.writer
            .write_all(&self.request)
            .map_err(|e| format!("write: {e}"))?;
        let (status, close) = self.read_response()?;
        if status != 200 {
            return Err(format!(
                "HTTP {status}: {}",
                String::from_utf8_lossy(&self.body[..self.body.len().min(300)])
            ));
        }
        self.check(tool, id)?;
        if close {
            return Err("the server closed a keep-alive connection".into());
        }
        Ok(())
    }

    fn check(&self, tool: Tool, id: u64) -> Result<(), String> {
        let message = json_message(&self.body)?;
        let answer: Answer<'_> = serde_json::from_slice(message).map_err(|e| e.to_string())?;
        if answer.id != id {
            return Err(format!("sent id {id}, got {}", answer.id));
        }
        if let Some(error) = answer.error {
            return Err(format!("error {error}"));
        }
        let result = answer.result.ok_or("no result")?;
        if result.is_error == Some(true) {
            return Err("isError".into());
        }
        let ok = match (tool, result.content.as_slice()) {
            (Tool::Picture, [caption, image]) => {
                caption.kind == "text"
                    && caption.text.as_deref() == Some(CAPTION)
                    && image.kind == "image"
                    && image.mime_type == Some("image/png")
                    && image.data == Some(IMAGE_BASE64.as_str())
            }
            (Tool::Small, [text]) => {
                text.kind == "text"
                    && text.text.as_deref() == Some(&*format!("Hello, client-{}!", self.client))
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!("wrong content for {}", tool.name()))
        }
    }

    fn line(&mut self, line: &mut String) -> Result<(), String> {
        line.clear();
        let n = self
            .reader
            .read_line(line)
            .map_err(|e| format!("read: {e}"))?;
        if n == 0 {
            return Err("the server closed the connection".into());
        }
        if line.len() > 8192 {
            return Err("header line too long".into());
        }
        let trimmed = line.trim_end_matches(['\r', '\n']).len();
        line.truncate(trimmed);
        Ok(())
    }

    fn read_response(&mut self) -> Result<(u16, bool), String> {
        let mut line = String::new();
        self.line(&mut line)?;
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad status line {line:?}"))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        for _ in 0..100 {
            self.line(&mut line)?;
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').ok_or("bad header")?;
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse::<usize>().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.eq_ignore_ascii_case("chunked");
            } else if name.eq_ignore_ascii_case("connection") {
                close = value.eq_ignore_ascii_case("close");
            }
        }
        self.body.clear();
        if chunked {
            loop {
                self.line(&mut line)?;
                let size = usize::from_str_radix(line.split(';').next().unwrap_or("").trim(), 16)
                    .map_err(|_| format!("bad chunk size {line:?}"))?;
                if size == 0 {
                    loop {
                        self.line(&mut line)?;
                        if line.is_empty() {
                            break;
                        }
                    }
                    break;
                }
                if self.body.len() + size > MAX_RESPONSE_BYTES {
                    return Err("response too large".into());
                }
                let start = self.body.len();
                self.body.resize(start + size, 0);
                self.reader
                    .read_exact(&mut self.body[start..])
                    .map_err(|e| format!("read: {e}"))?;
                self.line(&mut line)?;
            }
        } else {
            let length = length.ok_or("no length")?;
            if length > MAX_RESPONSE_BYTES {
                return Err("response too large".into());
            }
            self.body.resize(length, 0);
            self.reader
                .read_exact(&mut self.body)
                .map_err(|e| format!("read: {e}"))?;
        }
        Ok((status, close))
    }
}

/// The JSON-RPC message with an `id` in a JSON or SSE body.
fn json_message(body: &[u8]) -> Result<&[u8], String> {
    let start = body
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .ok_or("empty body")?;
    if body[start] == b'{' {
        return Ok(&body[start..]);
    }
    // Server-sent events: the `data:` line of the event that answers (JSON has no newlines).
    for line in body.split(|&b| b == b'\n') {
        if let Some(data) = line.strip_prefix(b"data:") {
            let data = data.trim_ascii();
            if data.starts_with(b"{") && memchr_id(data) {
                return Ok(data);
            }
        }
    }
    Err("no JSON-RPC response in the body".into())
}

fn memchr_id(data: &[u8]) -> bool {
    data.windows(5).take(64).any(|w| w == b"\"id\":")
}
