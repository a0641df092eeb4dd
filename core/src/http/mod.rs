//! The router's Streamable HTTP endpoint on hyper (feature `http`), for both eras:
//!
//! - **2026-07-28, stateless**: one `POST` per request, the answer in the response body (or
//!   an event stream when the request asked for progress or log messages). The request's
//!   `_meta` names its version and the client's capabilities (else `-32602`, 400); its
//!   `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers (the tool's
//!   `x-mcp-header` arguments) agree with the body (else `-32020`, 400); an unsupported
//!   version gets `-32022` (400), a missing capability `-32021` (400), an unknown method
//!   `-32601` (404). Task tools run as tasks for clients that declare the tasks extension
//!   (`tasks/get`, `tasks/update`, `tasks/cancel`), through the engine the `rmcp` path uses.
//!   `subscriptions/listen` opens an event stream: acknowledged first, then
//!   `notifications/resources/updated` for the subscribed URIs, tagged with the subscription.
//!   These event streams have no event ids, and a `Last-Event-ID` header is ignored: the
//!   2026-07-28 transport has no resumption ("Resumable SSE streams via `Last-Event-ID` are
//!   not supported", and to older clients' traffic "A `Last-Event-ID` header: ignore it;
//!   streams are not resumable": [streamable-http, Receiving Messages and Backwards
//!   Compatibility](https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http)).
//!   A client that loses a request's stream sends the request again (MRTR rounds carry
//!   their state in `requestState`, tasks in the task store); one that loses a listen stream
//!   listens again. So nothing is kept per stream, and any replica can answer any request.
//! - **2025-06-18 and 2025-11-25, sessions**: `initialize` opens a session and its response
//!   names it in the `Mcp-Session-Id` header; every later request carries it (without it:
//!   400; a session that is unknown or ended: 404). A request is answered as
//!   `application/json`, or, as soon as its handler talks back (progress, log messages,
//!   `elicitation/create`, `sampling/createMessage`, `roots/list` through [`Context`](crate::server::handler::Context)), as an
//!   event stream (`text/event-stream`) that carries those messages and then the response;
//!   the client `POST`s its answers to the server's requests (202). A `GET` opens the
//!   session's standalone stream (`notifications/resources/updated` for its
//!   `resources/subscribe`, the list-changed notifications of
//!   [`Router::notify_list_changed`]); a `DELETE` ends the session (204). The
//!   `MCP-Protocol-Version` header, when sent, must name the session's version (400).
//!   Every event of a session's streams has an id: a client that lost a stream `GET`s with
//!   `Last-Event-ID` and receives what the stream carried after that event, then the rest of
//!   it (a running request's response included). The logs that replay them live with the
//!   session, in this process, as the session itself does: the 2025 spec lets a server
//!   resume only the stream that was disconnected, on the session that owns it, and a
//!   session another process does not know is answered 404 there anyway (a deployment
//!   with several replicas routes a session's requests to one of them).
//!
//! Requests that end early, and ids:
//!
//! - **A client that goes away** cancels its request when nobody could read the answer any
//!   more: a 2026-07-28 request whenever its connection closes before the response ended
//!   (its event stream is not resumable); a 2025-era request while it is still answered as
//!   JSON (no event was sent, so there is nothing to resume). Once a session's request
//!   answers as an event stream, a closed connection is not a cancellation (the stream is
//!   resumed with `Last-Event-ID`; the 2025 spec: "disconnection SHOULD NOT be interpreted
//!   as the client cancelling its request").
//! - **`notifications/cancelled`** posted on a session cancels the request of that session
//!   it names by `requestId` (another session's requests with the same id are not
//!   touched); the request is answered `-32800` if its `POST` still waits. Without a
//!   session (2026-07-28) the notification is accepted and ignored: such a request is
//!   cancelled by closing its connection. A session that ends (`DELETE`, or evicted)
//!   cancels what it still runs.
//! - A cancelled request's handler future is dropped at its next `.await`, and its
//!   [`Context::cancelled`](crate::server::handler::Context::cancelled) resolves for work it spawned.
//! - **A handler that panics** is answered `-32603` ("the handler of tool `x` panicked";
//!   the panic's message goes to the server's log only) and the connection keeps serving.
//! - **Ids** are answered as sent, byte for byte (`123456789012345678901234567890`, `-0`,
//!   `1.0`, a string's escapes); an id that is not a string or a number (`null` included:
//!   MCP forbids it) is refused (400, `-32600`, with a `null` id).
//!
//! A session id is 128 bits from the OS's CSPRNG (32 hex digits). A session belongs to the
//! principal whose request initialized it (the verified [`Principal`] an authorization
//! layer puts in the request's extensions as `Arc<Principal>`; its
//! [`owner`](Principal::owner) key is kept): a request naming the session with another
//! principal's token, or with none, gets 404 as for a session that never was, and reaches
//! nothing of it (its streams, its pending answers, its replayed events, its subscriptions).
//! A request with a principal never reaches a session opened without one. Without
//! authorization the id is the session's only protection: whoever sends it is the session.
//! The same principal is in the [`Context`](crate::server::handler::Context) of every handler the request runs, so the tasks,
//! payload links and `requestState` it creates are its own too (see
//! [`crate::store`], "Ownership").
//!
//! Why not `rmcp`'s transport: it takes results as `rmcp::model` values and serializes them
//! itself (`serde_json::to_string` of each message into the SSE frame), so a result would be
//! converted to its model, serialized with every base64 byte scanned for escapes, and copied
//! into the frame. Here a result goes from the handler's value to the response body once,
//! through this crate's writer: base64 encoded straight into the body (or into the event
//! that carries it), no `serde_json::Value`. `rmcp`'s transports stay available (features
//! `rmcp-stdio`, `rmcp-http`) for servers that compose with other `rmcp` services.
//!
//! Transport rules: a request whose `Origin` is not allowed (or is `null`) gets 403; a `Host`
//! that is not allowed gets 403 (DNS rebinding); a `POST` whose `Content-Type` is not
//! `application/json` (parameters such as `; charset=utf-8` allowed; missing counts as not)
//! gets 415 with a JSON-RPC `-32600` body naming the rule, in both eras; invalid JSON gets a
//! JSON-RPC `-32700` body; a message that is not a request gets `-32600`; missing or
//! mistyped params get `-32602`; a body over the limit gets 413 and a body that stalls gets
//! 408, each with a JSON-RPC error body; a session request whose `Accept` rules out JSON or
//! event streams gets 406.
//!
//! Sessions end when idle: one unused for
//! [`session_idle_timeout`](HttpServer::session_idle_timeout) with no `GET` stream open
//! answers 404 from then on, and a timer frees it; when
//! [`max_sessions`](HttpServer::max_sessions) live sessions are open, an `initialize` gets
//! 503 (a live session is never ended to make room).
//!
//! Connections: [`HttpServer::serve`] runs [`Serve`], an accept loop for any tower service
//! (this endpoint, `rmcp`'s, an axum `Router`): a header-read timeout that is also the idle
//! keep-alive timeout, body timeouts ([`RequestBody`]), a timeout on response writes a
//! client does not read, a connection limit that stops accepting while it is reached, a
//! backoff when the process is out of descriptors, and `TCP_NODELAY` on every socket;
//! [`Serve`] lists the defaults. [`HttpServer::serve_with_shutdown`] shuts down
//! gracefully at a signal: no new connections, the event streams with no end of their own
//! (`GET`, `subscriptions/listen`) ended, requests in flight answered, and whatever is still
//! open after [`Serve::shutdown_grace`] (30 s) dropped.
//!
//! The server is a tower service for any request body of [`Bytes`]: nest it in an axum app
//! with `nest_service("/mcp", server)` (axum strips the prefix, and the mount decides the
//! path: [`path`](HttpServer::path) applies to [`serve`](HttpServer::serve) only), with the
//! app's layers around it. It then has that framework's connection handling: serve the app
//! with [`Serve`] to keep these bounds, and call [`close_streams`](HttpServer::close_streams)
//! at the shutdown signal.
//!
//! CORS: a browser's preflight (`OPTIONS`) from an allowed origin is answered 204 with the
//! methods and headers MCP uses (`Authorization` too), responses to it expose
//! `Mcp-Session-Id` and `WWW-Authenticate`, and a foreign origin gets 403 ([`Cors`], which
//! also wraps any other tower service, such as `rmcp`'s Streamable HTTP service).
//!
//! Authorization (feature `auth`): with [`HttpServer::authorization`] the endpoint is an
//! OAuth 2.1 resource server: RFC 9728 metadata at its path-aware well-known URL, 401 with
//! `WWW-Authenticate: Bearer resource_metadata="…"` without a valid bearer token, 403
//! `insufficient_scope` naming the scopes a handler needs, the verified principal in
//! [`Context::principal`](crate::server::handler::Context::principal). Lists are not filtered (a client sees what to step up for).
//! `rmcp`'s service gets the same check from [`auth::BearerLayer`](crate::auth).
//!
//! Tracing: see [Tracing](#tracing) below.
//!
//!
//! ```no_run
//! # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
//! mcp_content::http::HttpServer::new(router).serve(listener).await
//! # }
//! ```
#![doc = include_str!("tracing.md")]

mod access;
#[cfg(feature = "auth")]
mod authorize;
mod body;
mod cors;
mod endpoint;
mod headers;
mod inflight;
mod replay;
mod request;
mod response;
mod route;
mod serve;
mod session;
mod sessioned;
mod stateless;
mod streamed;
mod timed_body;
mod timed_io;
mod traced;

pub use body::ResponseBody;
pub use cors::{Cors, CorsService};
pub use serve::Serve;
pub use timed_body::RequestBody;

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderMap, Method, Request, Response, StatusCode};
use http_body_util::{BodyExt as _, Limited};
use serde_json::Value;

use self::body::Reply;
use self::headers::ParamHeaders;
use self::request::{Headers, Message, json_content_type, request_meta, request_parts, take_meta};
use self::response::{
    HttpResponse, INVALID_REQUEST, error_response, event_stream, json_bytes, json_response,
    missing_session, not_allowed, plain, result_reply, value_reply,
};
use self::route::{may_ask, read_routed, routed};
use self::session::Sessions;
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::handler::ProtocolError;
use crate::server::request as mcp;
use crate::server::router::Router;
use crate::transport::handshake::VERSION_KEY;
use crate::transport::id::RequestId;
use crate::transport::trace;

/// The router's Streamable HTTP endpoint: [`handle`](Self::handle) answers one request,
/// [`serve`](Self::serve) and [`serve_with`](Self::serve_with) run the hardened accept loop
/// ([`Serve`]) on hyper.
///
/// The server is a tower service (cheap to clone: clones share the router and the
/// sessions): nest it in axum (`Router::new().nest_service("/mcp", server)`, see
/// [`Service`](#impl-Service%3CRequest%3CB%3E%3E-for-HttpServer)), or let [`serve`](Self::serve)
/// own the listener.
///
/// ```no_run
/// # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
/// use std::time::Duration;
/// use mcp_content::http::HttpServer;
///
/// let server = HttpServer::new(router)
///     .max_sessions(1_000)
///     .session_idle_timeout(Duration::from_secs(600));
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
/// let router = std::sync::Arc::clone(server.router());
/// tokio::spawn(server.serve(listener));
/// // Later: every 2025-era session with its GET stream open hears about it.
/// router
///     .notify_list_changed(mcp_content::changes::ListKind::Tools)
///     .await
///     .map_err(std::io::Error::other)?;
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct HttpServer {
    router: Arc<Router>,
    config: Arc<Config>,
    sessions: Arc<Sessions>,
    param_headers: Arc<ParamHeaders>,
    /// Set at shutdown: open `GET` and listen streams end (see [`close_streams`](Self::close_streams)).
    closing: Arc<tokio::sync::watch::Sender<bool>>,
}

#[derive(Debug, Clone)]
struct Config {
    path: String,
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    /// The `Origin` rule, from `allowed_hosts` and `allowed_origins`.
    cors: Cors,
    max_body_bytes: usize,
    max_sessions: usize,
    session_idle: Duration,
    /// Bearer tokens checked ([`HttpServer::authorization`]).
    #[cfg(feature = "auth")]
    authorization: Option<crate::auth::ResourceServer>,
}

impl Config {
    fn update_cors(&mut self) {
        self.cors = if self.allowed_origins.is_empty() {
            Cors::same_host(self.allowed_hosts.clone())
        } else {
            Cors::new(self.allowed_origins.clone())
        };
    }
}

impl std::fmt::Debug for HttpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpServer")
            .field("router", &self.router)
            .field("config", &self.config)
            .field("sessions", &self.sessions.len())
            .field("param_headers", &self.param_headers)
            .field("closing", &*self.closing.borrow())
            .finish()
    }
}

impl HttpServer {
    /// An endpoint for `router` at `/mcp`, for `localhost` / `127.0.0.1` / `::1` (as `Host`
    /// and as `Origin`), bodies up to 4 MiB, up to 10,000 open 2025-era sessions.
    pub fn new(router: impl Into<Arc<Router>>) -> Self {
        let router = router.into();
        Self {
            param_headers: Arc::new(ParamHeaders::of(&router)),
            router,
            config: Arc::new(Config {
                path: "/mcp".into(),
                allowed_hosts: ["localhost", "127.0.0.1", "[::1]", "::1"]
                    .map(String::from)
                    .to_vec(),
                allowed_origins: Vec::new(),
                cors: Cors::default(),
                max_body_bytes: 4 << 20,
                max_sessions: 10_000,
                session_idle: Duration::from_secs(30 * 60),
                #[cfg(feature = "auth")]
                authorization: None,
            }),
            sessions: Arc::new(Sessions::new()),
            closing: Arc::new(tokio::sync::watch::Sender::new(false)),
        }
    }

    fn config_mut(&mut self) -> &mut Config {
        // Builders run before serving: this clones at most once.
        Arc::make_mut(&mut self.config)
    }

    /// The router served.
    pub fn router(&self) -> &Arc<Router> {
        &self.router
    }

    /// The path [`serve`](Self::serve) answers on (default `/mcp`; other paths get 404).
    /// Nested in another framework as a tower service, the server answers whatever path
    /// the framework routes to it (axum's `nest_service` strips its prefix), so this is not
    /// checked there.
    #[must_use]
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.config_mut().path = path.into();
        self
    }

    /// The `Host` names accepted (without port). Default: `localhost`, `127.0.0.1`, `::1`.
    #[must_use]
    pub fn allowed_hosts(mut self, hosts: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.config_mut().allowed_hosts = hosts.into_iter().map(Into::into).collect();
        self.config_mut().update_cors();
        self
    }

    /// The `Origin`s accepted, exactly as browsers send them (`https://app.example.com`).
    /// Without any, only origins on an allowed host are accepted; `Origin: null` never is.
    /// A request without `Origin` (not from a browser) is accepted. The same list answers
    /// CORS preflights and exposes `Mcp-Session-Id` to those origins (see [`Cors`]).
    #[must_use]
    pub fn allowed_origins(mut self, origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.config_mut().allowed_origins = origins.into_iter().map(Into::into).collect();
        self.config_mut().update_cors();
        self
    }

    /// The largest request body accepted (default 4 MiB); a larger one gets 413 with a
    /// JSON-RPC error body.
    #[must_use]
    pub fn max_body_bytes(mut self, limit: usize) -> Self {
        self.config_mut().max_body_bytes = limit;
        self
    }

    /// How many 2025-era sessions may be open at once (default 10,000). When that many
    /// live sessions are open, an `initialize` gets 503 with a JSON-RPC error saying so: a
    /// live session is never ended to make room, only idle ones (see
    /// [`session_idle_timeout`](Self::session_idle_timeout)) are.
    #[must_use]
    pub fn max_sessions(mut self, limit: usize) -> Self {
        self.config_mut().max_sessions = limit;
        self
    }

    /// How long a session may go unused, with no `GET` stream open, before it ends
    /// (default 30 minutes): the next request naming it gets 404 (its client initializes
    /// again, as the spec has it), and a sweep every quarter of the timeout (50 ms to 60 s,
    /// on the runtime that opened the first session) frees the idle sessions nobody names.
    #[must_use]
    pub fn session_idle_timeout(mut self, idle: Duration) -> Self {
        self.config_mut().session_idle = idle;
        self
    }

    /// How many 2025-era sessions are open.
    pub fn open_sessions(&self) -> usize {
        self.sessions.len()
    }

    /// [`handle`](Self::handle) for a request `Host` and `Origin` allow.
    pub(super) async fn respond<B>(
        &self,
        request: Request<B>,
        span: &tracing::Span,
    ) -> Response<ResponseBody>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let (parts, body) = request.into_parts();
        let mut headers = Headers::of(&parts.headers);
        // The verified caller, when an authorization layer in front put one in (see
        // `Principal`): what the request creates is its, and only its requests reach it.
        headers.principal = parts.extensions.get::<Arc<Principal>>().cloned();
        let principal = headers.principal.as_deref();
        match parts.method {
            Method::POST => {}
            Method::GET => return self.open_stream(&headers, principal),
            Method::DELETE => return self.end_session(&headers, principal),
            _ => return not_allowed("GET, POST, DELETE"),
        }
        if let Err(error) = json_content_type(&parts.headers) {
            return error_response(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &RequestId::null(),
                &error,
            );
        }
        let limit = self.config.max_body_bytes;
        let body = match Limited::new(body, limit).collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) if e.is::<http_body_util::LengthLimitError>() => {
                trace::refused("request body over the limit");
                return error_response(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &RequestId::null(),
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        format!("request body over the limit of {limit} bytes"),
                    ),
                );
            }
            Err(e) => {
                // A body that stalled (see `RequestBody`): 408, the client may send again.
                let status = if timed_body::is_timeout(&*e) {
                    StatusCode::REQUEST_TIMEOUT
                } else {
                    StatusCode::BAD_REQUEST
                };
                return error_response(
                    status,
                    &RequestId::null(),
                    &ProtocolError::new(INVALID_REQUEST, format!("reading the body: {e}")),
                );
            }
        };
        self.answer(&body, &headers, &parts.headers, span).await
    }

    async fn answer(
        &self,
        body: &[u8],
        headers: &Headers,
        raw: &HeaderMap,
        span: &tracing::Span,
    ) -> Response<ResponseBody> {
        use crate::transport::parse::{has_duplicate_key, parse_error_reply};
        let parse_error = |error: Option<&serde_json::Error>| {
            json_bytes(StatusCode::BAD_REQUEST, parse_error_reply(body, error))
        };
        // Read from the bytes, the id kept as its text (a `Value` would re-spell a number).
        // Members the envelope skips are held to the same encoding rules as the rest.
        let message = match serde_json::from_slice::<Message>(body) {
            Ok(_) if crate::wire::read::encoding_error(body).is_some() => {
                return parse_error(None);
            }
            Ok(_) if has_duplicate_key(body) => return parse_error(None),
            Err(e) if e.is_syntax() || e.is_eof() => return parse_error(Some(&e)),
            // JSON of another shape: refused below, unless it is not JSON after all (the
            // envelope stopped reading at the first member of the wrong type).
            Err(shape) => {
                if let Err(e) = serde_json::from_slice::<Value>(body) {
                    return parse_error(Some(&e));
                }
                if has_duplicate_key(body) {
                    return parse_error(None);
                }
                Err(shape)
            }
            Ok(message) => Ok(message),
        };
        let message = match message {
            Ok(message) if message.jsonrpc.as_deref() == Some("2.0") => message,
            _ => {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    &RequestId::null(),
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")",
                    ),
                );
            }
        };
        trace::record_call(span, message.method.as_deref(), message.params.as_ref());
        let Some(method) = message.method.clone() else {
            return self.answer_message(message, headers, raw).await;
        };
        self.traced(method, message, headers, raw).await
    }

    /// [`answer`](Self::answer) for a JSON-RPC 2.0 message, in its request's span.
    async fn answer_message(
        &self,
        message: Message,
        headers: &Headers,
        raw: &HeaderMap,
    ) -> Response<ResponseBody> {
        // A refusal before the id is checked echoes it when it is an id, else `null`.
        let reply_id = message.reply_id();
        #[cfg(feature = "auth")]
        if let Some(refused) = self.scope_refusal(headers, &message, &reply_id) {
            return refused;
        }
        if let Some(id) = &headers.session {
            let session = match self.session_of(id, headers, headers.principal.as_deref()) {
                Ok(session) => session,
                Err((status, error)) => return error_response(status, &reply_id, &error),
            };
            if !(headers.accepts("application/json") && headers.accepts("text/event-stream")) {
                return error_response(
                    StatusCode::NOT_ACCEPTABLE,
                    &reply_id,
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        "Accept must allow application/json and text/event-stream",
                    ),
                );
            }
            return self.in_session(session, message, headers).await;
        }
        let (Some(id), Some(method)) = (message.id, message.method) else {
            if headers.names_session_era() {
                return missing_session(&reply_id);
            }
            // A notification or a response: nothing to answer.
            return plain(StatusCode::ACCEPTED);
        };
        let (id, params) = match request_parts(&id, message.params) {
            Ok(parts) => parts,
            Err(response) => return *response,
        };
        let names_stateless = params
            .get("_meta")
            .and_then(|m| m.get(VERSION_KEY))
            .and_then(Value::as_str)
            .or(headers.version.as_deref())
            .and_then(ProtocolVersion::parse)
            .is_some_and(ProtocolVersion::has_result_type);
        if mcp::Method::parse(&method) == Some(mcp::Method::Initialize) && !names_stateless {
            if !(headers.accepts("application/json") && headers.accepts("text/event-stream")) {
                return error_response(
                    StatusCode::NOT_ACCEPTABLE,
                    &id,
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        "Accept must allow application/json and text/event-stream",
                    ),
                );
            }
            return match mcp::Initialize::parse(&params) {
                Ok(initialize) => self.initialize(&id, initialize, headers.principal.as_deref()),
                Err(error) => error_response(StatusCode::OK, &id, &error),
            };
        }
        if headers.names_session_era() {
            return missing_session(&id);
        }
        self.stateless(id, &method, params, raw, headers.principal.clone())
            .await
    }
}

#[cfg(all(test, feature = "auth"))]
mod auth_tests;
#[cfg(test)]
mod content_type_tests;
#[cfg(test)]
mod meta_tests;
#[cfg(test)]
mod replay_tests;
#[cfg(test)]
mod session_id_tests;
#[cfg(test)]
mod session_tests;
#[cfg(test)]
mod stateless_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod trace_tests;
