//! The router's own stdio transport (feature `stdio`): newline-delimited JSON-RPC on
//! stdin / stdout, each result written once, by this crate's writer, straight into its
//! output line (base64 encoded into the line, no `serde_json::Value` and no `rmcp` model
//! between), as the own HTTP endpoint writes its bodies. No `rmcp` needed; rmcp's stdio
//! transport stays available (`mcp_content::rmcp::serve_stdio`, feature `rmcp-stdio`)
//! for servers that compose with other `rmcp` services.
//!
//! Versions, as on the other transports:
//!
//! - **2025-06-18 and 2025-11-25**: the client sends `initialize` once (a 2025-era version
//!   is answered as asked, any other with 2025-11-25; a second one is refused `-32600`),
//!   then its requests. Handlers may talk back: progress and log messages, and the
//!   server's requests (`elicitation/create`, `sampling/createMessage`, `roots/list`),
//!   answered by the client on stdin. `logging/setLevel`, `resources/subscribe` and
//!   `resources/unsubscribe` are the session's; resource updates and list changes are
//!   sent as notifications.
//! - **2026-07-28**: every request names its version and the client's capabilities in its
//!   `_meta` (no `initialize`; an unsupported version gets `-32022`, missing capabilities
//!   `-32602`). `server/discover`, `subscriptions/listen` (its notifications tagged with the
//!   request's id, until the client cancels it) and, for task tools, the tasks extension
//!   (`tasks/get`, `tasks/update`, `tasks/cancel`, through the engine the other transports
//!   use). A handler's questions go out in its result (`InputRequiredResult`).
//!
//! The rules of the edge:
//!
//! - **Concurrency**: requests run concurrently, each in a task of its own, up to
//!   [`max_in_flight`](StdioServer::max_in_flight) (default
//!   [`DEFAULT_MAX_IN_FLIGHT`]); a request past it is refused at once with `-32000` naming
//!   the limit (stdin keeps being read, so the client's answers and cancellations are never
//!   stuck behind it). The handshake and a session's own methods are answered in order.
//!   Every message goes out through one writer, one whole line at a time.
//! - **Cancellation**: `notifications/cancelled` naming a running request by its id drops
//!   its handler's future at its next `.await` (its [`Context::cancelled`](crate::server::handler::Context::cancelled) resolves) and
//!   the request is not answered.
//! - **Panics**: a handler that panics is answered `-32603` ("the handler of tool `x`
//!   panicked"; the message goes to stderr only) and the server goes on.
//! - **Bad lines**: a line that is not JSON (or holds a key twice) gets the `-32700` reply
//!   every transport gives; a message that is not JSON-RPC 2.0 `-32600`; a line longer than
//!   [`max_line_bytes`](StdioServer::max_line_bytes) (default [`DEFAULT_MAX_LINE_BYTES`])
//!   is skipped without being kept and answered `-32600` with the request's id when its
//!   first 64 KiB hold it, else `null`.
//! - **Ids** are answered as sent, byte for byte (`1.0`, `-0`, a number past 64 bits, a
//!   string's escapes); an id that is neither a string nor a number (`null` included: MCP
//!   forbids it) is refused `-32600`.
//! - **End**: when stdin closes, the requests still running get up to
//!   [`DRAIN`] to finish and be answered, then are cancelled; the server's requests to
//!   the client fail at once (nobody can answer them); [`serve`] returns once the output
//!   is flushed.
//!
//! ```no_run
//! # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
//! mcp_content::stdio::serve(router).await
//! # }
//! ```

mod connection;
mod handshake;
mod meta;
mod peer;
#[cfg(unix)]
mod pipe;
mod route;
mod write;

#[cfg(all(test, unix))]
mod pipe_tests;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, BufReader};
use tokio::sync::mpsc;

use self::connection::{Connection, INVALID_REQUEST};
use self::write::{QUEUED_LINES, error_line, write_lines, write_lines_blocking};
use crate::server::handler::ProtocolError;
use crate::server::router::Router;
use crate::transport::id::{RequestId, scan_id};
use crate::transport::line::{Line, read_line};

/// The default longest line (message) read from stdin: 4 MiB, as over HTTP.
pub const DEFAULT_MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// The default number of requests that run at once.
pub const DEFAULT_MAX_IN_FLIGHT: usize = 256;

/// How long requests still running when stdin closes get to finish and be answered.
pub const DRAIN: Duration = Duration::from_secs(5);

/// Serves `router` on stdin / stdout until the client closes stdin, with the defaults
/// (see [`StdioServer`]).
///
/// ```no_run
/// use mcp_content::{Router, tool};
///
/// /// Says hello.
/// #[tool]
/// fn hello(name: String) -> String {
///     format!("Hello, {name}!")
/// }
///
/// #[tokio::main]
/// async fn main() -> std::io::Result<()> {
///     let router = Router::builder().tool(hello {}).build().expect("one tool");
///     mcp_content::stdio::serve(router).await
/// }
/// ```
pub async fn serve(router: impl Into<Arc<Router>>) -> std::io::Result<()> {
    StdioServer::new(router).serve().await
}

/// Serves `router` on `reader` / `writer` (a child's pipes, an in-memory duplex) until
/// `reader` ends, with the defaults (see [`StdioServer`]).
///
/// ```no_run
/// # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
/// let (client, server) = tokio::io::duplex(64 * 1024);
/// let (reader, writer) = tokio::io::split(server);
/// tokio::spawn(mcp_content::stdio::serve_with(router, reader, writer));
/// // … write requests to `client`, one per line, and read the answers …
/// # drop(client);
/// # Ok(()) }
/// ```
pub async fn serve_with<R, W>(
    router: impl Into<Arc<Router>>,
    reader: R,
    writer: W,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    StdioServer::new(router).serve_with(reader, writer).await
}

/// The router's stdio transport with its limits: [`serve`](Self::serve) on stdin / stdout,
/// [`serve_with`](Self::serve_with) on any pipes.
///
/// ```no_run
/// # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
/// use mcp_content::stdio::StdioServer;
///
/// StdioServer::new(router)
///     .max_line_bytes(1 << 20)
///     .max_in_flight(32)
///     .serve()
///     .await
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct StdioServer {
    router: Arc<Router>,
    max_line_bytes: usize,
    max_in_flight: usize,
}

impl StdioServer {
    /// The transport for `router`, lines up to [`DEFAULT_MAX_LINE_BYTES`], up to
    /// [`DEFAULT_MAX_IN_FLIGHT`] requests at once.
    pub fn new(router: impl Into<Arc<Router>>) -> Self {
        Self {
            router: router.into(),
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
        }
    }

    /// The longest line read; a longer one is skipped and answered `-32600`.
    #[must_use]
    pub fn max_line_bytes(mut self, limit: usize) -> Self {
        self.max_line_bytes = limit;
        self
    }

    /// How many requests run at once (at least 1); one past it is refused `-32000`.
    #[must_use]
    pub fn max_in_flight(mut self, limit: usize) -> Self {
        self.max_in_flight = limit.max(1);
        self
    }

    /// Serves on stdin / stdout until stdin closes.
    ///
    /// When stdin is a pipe (a client spawned the server), it is read by the serving task
    /// itself, non-blocking, on the runtime's reactor: no thread of the blocking pool between
    /// a line and its `read` (the pipe is put back in blocking mode when this returns). The
    /// runtime then needs its I/O driver besides its timer (`enable_all`, as `#[tokio::main]`
    /// does). Anything else (a terminal, a file) is read through tokio's `Stdin`. Lines go to
    /// stdout from a blocking thread of their own, written from the line itself: tokio's
    /// `Stdout` would copy each line into a buffer of its own first (a megabyte for a result
    /// with an image). On Linux, when stdout is a pipe with a smaller buffer, its buffer is
    /// raised to 1 MiB (the most an unprivileged process may ask), so a large result reaches
    /// the client in a few reads; if the kernel refuses, the pipe stays as it was.
    pub async fn serve(self) -> std::io::Result<()> {
        #[cfg(target_os = "linux")]
        let _ = pipe::widen(std::io::stdout());
        let (out, lines) = mpsc::channel(QUEUED_LINES);
        let writer =
            tokio::task::spawn_blocking(move || write_lines_blocking(lines, std::io::stdout()));
        #[cfg(unix)]
        if let Some(stdin) = pipe::PipeIn::stdin() {
            return self.run(stdin, out, writer).await;
        }
        self.run(tokio::io::stdin(), out, writer).await
    }

    /// Serves on `reader` / `writer` until `reader` ends (or fails: its error is
    /// returned, after the running requests drained).
    pub async fn serve_with<R, W>(self, reader: R, writer: W) -> std::io::Result<()>
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (out, lines) = mpsc::channel(QUEUED_LINES);
        let writer = tokio::spawn(write_lines(lines, writer));
        self.run(reader, out, writer).await
    }

    /// Reads `reader` until it ends, the answers queued on `out` for `writer`.
    async fn run<R>(
        self,
        reader: R,
        out: mpsc::Sender<Vec<u8>>,
        writer: tokio::task::JoinHandle<()>,
    ) -> std::io::Result<()>
    where
        R: AsyncRead + Unpin + Send + 'static,
    {
        let connection = Connection::new(self.router, out, self.max_in_flight);
        let mut reader = BufReader::with_capacity(64 * 1024, reader);
        let max = self.max_line_bytes;
        let ended = loop {
            match read_line(&mut reader, max).await {
                Ok(Line::Text(line)) => connection.line(&line).await,
                Ok(Line::TooLong { length, head }) => {
                    let error = ProtocolError::new(
                        INVALID_REQUEST,
                        format!("message of {length} bytes exceeds the limit of {max}"),
                    );
                    let id = scan_id(&head).unwrap_or_else(RequestId::null);
                    connection.send(error_line(&id, &error)).await;
                }
                Ok(Line::Eof) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        // The client will answer nothing more; what runs gets the drain to finish.
        connection.open.send_replace(false);
        connection.pending.close();
        let all = u32::try_from(connection.max_in_flight).unwrap_or(u32::MAX);
        let drained = tokio::time::timeout(DRAIN, connection.slots.acquire_many(all))
            .await
            .is_ok();
        if !drained {
            connection.cancel_all();
            // Cancelled handlers end at their next `.await`; their tasks release the slots.
            let _ = tokio::time::timeout(DRAIN, connection.slots.acquire_many(all))
                .await
                .is_ok();
        }
        // The writer ends once every sender is gone (this one, the feeds', the tasks').
        drop(connection);
        let _ = writer.await;
        ended
    }
}
