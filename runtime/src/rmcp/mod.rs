//! The bridge to the [`rmcp`](https://docs.rs/rmcp) crate (feature `rmcp`): conversions
//! between this crate's model and `rmcp::model`, both ways ([`RmcpModel`]: lossless where
//! rmcp's types can hold the data, an error naming the JSON path where they cannot — see
//! the table in [`ConvertError`]'s module), and [`McpServer`], a [`Router`] as an `rmcp`
//! `ServerHandler` for any `rmcp` transport. Serving helpers come with the transport's
//! feature, so a server compiles only the stack it uses: `serve_stdio` (feature
//! `rmcp-stdio`) and `streamable_http_service` (feature `rmcp-http`).
//!
//! On rmcp's transports a request is cancelled when rmcp cancels it (its
//! `RequestContext::ct`): the client sent `notifications/cancelled` for it, a 2026-07-28
//! HTTP client went away before the answer, the session ended, or stdin closed (after
//! rmcp's drain of 5 s). The handler's future is dropped then and its
//! [`Context::cancelled`](crate::Context::cancelled) resolves; rmcp sends no answer to a
//! cancelled request. A handler that panics is answered `-32603` (the router catches it)
//! and the server goes on. rmcp's id type holds a string or an `i64`: a request with any
//! other number as its id (`1.0`, `-0`, `1e2`, past `i64`) is refused by the fronts of
//! `serve_stdio` and `streamable_http_service` with `-32600` naming why, answered with
//! the id as sent, since rmcp would answer it with another spelling (or not at all).
//!
//! Logging, sampling and roots are deprecated from 2026-07-28 (SEP-2577); they remain how
//! 2025-era peers receive log messages and answer requests, so this module uses them.
//!
//! ```no_run
//! # #[cfg(feature = "rmcp-stdio")]
//! # async fn run(router: mcp_content::Router) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//! mcp_content::rmcp::serve_stdio(router).await?;
//! # Ok(()) }
//! ```

#![allow(deprecated)]

mod client;
mod convert;
mod crossing;
mod depth;
#[cfg(feature = "rmcp-http")]
mod http;
mod mcp_server;
#[cfg(all(test, any(feature = "rmcp-stdio", feature = "rmcp-http")))]
mod null_member_tests;
#[cfg(feature = "rmcp-http")]
mod session_owner;
#[cfg(feature = "rmcp-http")]
mod splice;
#[cfg(feature = "rmcp-stdio")]
mod stdio;
#[cfg(all(test, any(feature = "rmcp-http", feature = "rmcp-stdio")))]
mod trace_tests;
#[cfg(feature = "rmcp-stdio")]
mod traced;

#[cfg(feature = "rmcp-http")]
pub use http::{DEFAULT_MAX_BODY_BYTES, HttpOptions, HttpResponse, McpHttpService};
#[cfg(feature = "rmcp-stdio")]
pub use stdio::{DEFAULT_MAX_LINE_BYTES, serve_stdio_with};

pub use convert::{__into_rmcp_response, ConvertError, RmcpModel};
pub use mcp_server::McpServer;
#[cfg(feature = "rmcp-stdio")]
pub use traced::Traced;

#[cfg(any(feature = "rmcp-stdio", feature = "rmcp-http"))]
use std::sync::Arc;

#[cfg(any(feature = "rmcp-stdio", feature = "rmcp-http"))]
use crate::server::router::Router;

/// Serves `router` over stdio until the client closes it (lines up to
/// [`DEFAULT_MAX_LINE_BYTES`]; see [`serve_stdio_with`]). Feature `rmcp-stdio`.
#[cfg(feature = "rmcp-stdio")]
pub async fn serve_stdio(
    router: impl Into<Arc<Router>>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    serve_stdio_with(
        router,
        tokio::io::stdin(),
        tokio::io::stdout(),
        DEFAULT_MAX_LINE_BYTES,
    )
    .await
}

/// The service [`streamable_http_service`] returns.
#[cfg(feature = "rmcp-http")]
pub type StreamableHttp = McpHttpService<
    ::rmcp::transport::streamable_http_server::StreamableHttpService<
        McpServer,
        ::rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
    >,
>;

/// A Streamable HTTP service for `router` (a tower service: mount it at `/mcp` with axum's
/// `nest_service` or serve it with hyper), with the default [`HttpOptions`]: browsers from
/// this machine only, bodies up to 4 MiB. Each session gets its own [`McpServer`] state;
/// rmcp's `Host` check guards against DNS rebinding (`localhost`, `127.0.0.1`, `::1`).
/// Feature `rmcp-http`.
#[cfg(feature = "rmcp-http")]
pub fn streamable_http_service(router: impl Into<Arc<Router>>) -> StreamableHttp {
    streamable_http_service_with(router, HttpOptions::default())
}

/// [`streamable_http_service`] with these [`HttpOptions`] (the `Origin` allow-list, the
/// body limit). Feature `rmcp-http`.
#[cfg(feature = "rmcp-http")]
pub fn streamable_http_service_with(
    router: impl Into<Arc<Router>>,
    options: HttpOptions,
) -> StreamableHttp {
    use ::rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    let router = router.into();
    let mut config = StreamableHttpServerConfig::default();
    // A request whose handler says nothing before its answer is answered as one
    // `application/json` body, not one server-sent event: clients cap an event's size (the
    // Python SDK's HTTP stack at 1 MiB), and a large read (a payload link's bytes) is one
    // message. rmcp applies this to stateless (2026-07-28) requests; a 2025 session's
    // answers stay events (see the crate docs, "Large results over HTTP").
    config.json_response = true;
    // The front enforces the limit with a JSON-RPC error; the inner one must not be lower.
    config.max_request_body_bytes = config.max_request_body_bytes.max(options.max_body_bytes());
    let tools = Arc::default();
    let inner = StreamableHttpService::new(
        move || Ok(McpServer::sharing(Arc::clone(&router), Arc::clone(&tools))),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    // Stateless answers are each one response and no event store keeps them: the front
    // may write their large base64 (see `splice`).
    McpHttpService::new(inner, options).splicing()
}
