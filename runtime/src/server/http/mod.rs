//! The router's Streamable HTTP endpoint on hyper (feature `http`), for the 2026-07-28
//! stateless flow: one POST per request, the answer in the response body.
//!
//! Why not `rmcp`'s transport: it takes results as `rmcp::model` values and serializes them
//! itself (`serde_json::to_string` of each message into the SSE frame), so a result would be
//! converted to its model, serialized with every base64 byte scanned for escapes, and copied
//! into the frame. Here a result goes from the handler's value to the response body once,
//! through this crate's writer: base64 encoded straight into the body, no `serde_json::Value`.
//! `rmcp`'s transports stay available (features `rmcp-stdio`, `rmcp-http`) for servers that
//! need the 2025 session flow or compose with other `rmcp` services.
//!
//! Transport rules: a request whose `Origin` is not allowed (or is `null`) gets 403; a `Host`
//! that is not allowed gets 403 (DNS rebinding); invalid JSON gets a JSON-RPC `-32700` body;
//! a message that is not a request gets `-32600`; missing or mistyped params get `-32602`;
//! a body over the limit gets 413 with a JSON-RPC error body. Accepted sockets have
//! `TCP_NODELAY` set.
//!
//! ```no_run
//! # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
//! mcp_content::http::HttpServer::new(router).serve(listener).await
//! # }
//! ```

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http::{HeaderMap, Method, Request, Response, StatusCode, header};
use http_body_util::{BodyExt as _, Full, Limited};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::model::meta::Meta;
use crate::rules::ProtocolVersion;
use crate::server::handler::{Context, ProtocolError};
use crate::server::router::Router;
use crate::wire::version::SerializeFor;

/// The `_meta` key a 2026-07-28 request names its protocol version with.
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";

/// JSON-RPC: the message is not valid JSON.
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC: the message is not a valid request.
const INVALID_REQUEST: i32 = -32600;

/// The router's Streamable HTTP endpoint: [`handle`](Self::handle) answers one request,
/// [`serve`](Self::serve) runs an accept loop on hyper.
///
/// Mount [`handle`](Self::handle) in another HTTP framework (axum: `post(move |request|
/// async move { server.handle(request).await })`) or let [`serve`](Self::serve) own the
/// listener.
#[derive(Clone)]
pub struct HttpServer {
    router: Arc<Router>,
    config: Arc<Config>,
}

#[derive(Debug, Clone)]
struct Config {
    path: String,
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    max_body_bytes: usize,
}

impl std::fmt::Debug for HttpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpServer")
            .field("router", &self.router)
            .field("config", &self.config)
            .finish()
    }
}

impl HttpServer {
    /// An endpoint for `router` at `/mcp`, for `localhost` / `127.0.0.1` / `::1` (as `Host`
    /// and as `Origin`), bodies up to 4 MiB.
    pub fn new(router: impl Into<Arc<Router>>) -> Self {
        Self {
            router: router.into(),
            config: Arc::new(Config {
                path: "/mcp".into(),
                allowed_hosts: ["localhost", "127.0.0.1", "[::1]", "::1"]
                    .map(String::from)
                    .to_vec(),
                allowed_origins: Vec::new(),
                max_body_bytes: 4 << 20,
            }),
        }
    }

    fn config_mut(&mut self) -> &mut Config {
        // Builders run before serving: this clones at most once.
        Arc::make_mut(&mut self.config)
    }

    /// The path [`serve`](Self::serve) answers on (default `/mcp`; other paths get 404).
    #[must_use]
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.config_mut().path = path.into();
        self
    }

    /// The `Host` names accepted (without port). Default: `localhost`, `127.0.0.1`, `::1`.
    #[must_use]
    pub fn allowed_hosts(mut self, hosts: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.config_mut().allowed_hosts = hosts.into_iter().map(Into::into).collect();
        self
    }

    /// The `Origin`s accepted, exactly as browsers send them (`https://app.example.com`).
    /// Without any, only origins on an allowed host are accepted; `Origin: null` never is.
    /// A request without `Origin` (not from a browser) is accepted.
    #[must_use]
    pub fn allowed_origins(mut self, origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.config_mut().allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// The largest request body accepted (default 4 MiB); a larger one gets 413 with a
    /// JSON-RPC error body.
    #[must_use]
    pub fn max_body_bytes(mut self, limit: usize) -> Self {
        self.config_mut().max_body_bytes = limit;
        self
    }

    /// Serves on `listener` until an accept fails for good: HTTP/1.1 with keep-alive, every
    /// accepted socket with `TCP_NODELAY` (without it a response written in two segments
    /// waits for the client's delayed ACK, about 40 ms).
    pub async fn serve(self, listener: tokio::net::TcpListener) -> io::Result<()> {
        loop {
            let (stream, _) = match accept(&listener).await {
                Ok(accepted) => accepted,
                // Out of descriptors or a connection reset before it was accepted: the
                // listener is still good.
                Err(e) if is_transient(&e) => continue,
                Err(e) => return Err(e),
            };
            let server = self.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let server = server.clone();
                    async move {
                        let response = if request.uri().path() == server.config.path {
                            server.handle(request).await
                        } else {
                            plain(StatusCode::NOT_FOUND)
                        };
                        Ok::<_, Infallible>(response)
                    }
                });
                let io = hyper_util::rt::TokioIo::new(stream);
                // A connection that fails (the client went away) ends alone.
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(io, service)
                    .await;
            });
        }
    }

    /// Answers one HTTP request to the endpoint.
    pub async fn handle<B>(&self, request: Request<B>) -> Response<Full<Bytes>>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        if let Some(refused) = self.refuse(request.headers()) {
            return refused;
        }
        if request.method() != Method::POST {
            // Stateless: no GET stream, no session to DELETE.
            let mut response = plain(StatusCode::METHOD_NOT_ALLOWED);
            response
                .headers_mut()
                .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
            return response;
        }
        let header_version = request
            .headers()
            .get("mcp-protocol-version")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let limit = self.config.max_body_bytes;
        let body = match Limited::new(request.into_body(), limit).collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) if e.is::<http_body_util::LengthLimitError>() => {
                return error_response(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    &Value::Null,
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        format!("request body over the limit of {limit} bytes"),
                    ),
                );
            }
            Err(e) => {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    &Value::Null,
                    &ProtocolError::new(INVALID_REQUEST, format!("reading the body: {e}")),
                );
            }
        };
        self.answer(&body, header_version.as_deref()).await
    }

    /// `None` when `Host` and `Origin` are allowed; the 403 otherwise.
    fn refuse(&self, headers: &HeaderMap) -> Option<Response<Full<Bytes>>> {
        let forbidden = |why: String| {
            Some(error_response(
                StatusCode::FORBIDDEN,
                &Value::Null,
                &ProtocolError::new(INVALID_REQUEST, why),
            ))
        };
        if let Some(host) = headers.get(header::HOST) {
            let host = host.to_str().unwrap_or("");
            if !self.host_allowed(host) {
                return forbidden(format!("Host {host:?} is not allowed"));
            }
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("null");
            if !self.origin_allowed(origin) {
                return forbidden(format!("Origin {origin:?} is not allowed"));
            }
        }
        None
    }

    fn host_allowed(&self, host: &str) -> bool {
        let name = strip_port(host);
        self.config
            .allowed_hosts
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(name))
    }

    fn origin_allowed(&self, origin: &str) -> bool {
        if origin == "null" {
            return false;
        }
        if !self.config.allowed_origins.is_empty() {
            return self
                .config
                .allowed_origins
                .iter()
                .any(|allowed| allowed.eq_ignore_ascii_case(origin));
        }
        // `scheme://host[:port]`: same-host origins only.
        origin.split_once("://").is_some_and(|(scheme, host)| {
            (scheme == "http" || scheme == "https") && self.host_allowed(host)
        })
    }

    async fn answer(&self, body: &[u8], header_version: Option<&str>) -> Response<Full<Bytes>> {
        let message: Value = match serde_json::from_slice(body) {
            Ok(message) => message,
            Err(e) => {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    &Value::Null,
                    &ProtocolError::new(PARSE_ERROR, format!("invalid JSON: {e}")),
                );
            }
        };
        let request = match Message::deserialize(message) {
            Ok(request) if request.jsonrpc.as_deref() == Some("2.0") => request,
            _ => {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    &Value::Null,
                    &ProtocolError::new(
                        INVALID_REQUEST,
                        "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")",
                    ),
                );
            }
        };
        let (Some(id), Some(method)) = (request.id, request.method) else {
            // A notification or a response: nothing to answer.
            return plain(StatusCode::ACCEPTED);
        };
        if !(id.is_string() || id.is_number()) {
            return error_response(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                &ProtocolError::new(INVALID_REQUEST, "id: a string or a number"),
            );
        }
        let params = match request.params {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(params)) => params,
            Some(_) => {
                return error_response(
                    StatusCode::OK,
                    &id,
                    &ProtocolError::invalid_params("params: an object"),
                );
            }
        };
        match self.dispatch(&method, params, header_version).await {
            Ok(body) => json_response(StatusCode::OK, body(&id)),
            Err(error) => error_response(StatusCode::OK, &id, &error),
        }
    }

    async fn dispatch(
        &self,
        method: &str,
        mut params: Map<String, Value>,
        header_version: Option<&str>,
    ) -> Result<Reply, ProtocolError> {
        let meta = match params.remove("_meta") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(meta)) => meta,
            Some(_) => return Err(ProtocolError::invalid_params("params._meta: an object")),
        };
        let version = version_of(&meta, header_version)?;
        if method == "server/discover" {
            return Ok(value_reply(self.discover(version), version));
        }
        let context = Context::new(request_meta(meta), version);
        let router = &*self.router;
        match method {
            "tools/call" => {
                let name = string_param(&mut params, "name")?;
                let arguments = object_param(&mut params, "arguments")?;
                let result = router.call_tool(&name, arguments, context).await?;
                Ok(result_reply(result, version))
            }
            "prompts/get" => {
                let name = string_param(&mut params, "name")?;
                let arguments = object_param(&mut params, "arguments")?;
                let result = router.get_prompt(&name, arguments, context).await?;
                Ok(result_reply(result, version))
            }
            "resources/read" => {
                let uri = string_param(&mut params, "uri")?;
                let result = router.read_resource(&uri, context).await?;
                Ok(result_reply(result, version))
            }
            // Lists and completions are small; the router writes them as values.
            _ => {
                let result = router.handle(method, Some(params), context).await?;
                Ok(value_reply(result, version))
            }
        }
    }

    fn discover(&self, version: ProtocolVersion) -> Value {
        let router = &self.router;
        let mut capabilities = Map::new();
        let empty = || Value::Object(Map::new());
        if router.has_tools() {
            capabilities.insert("tools".into(), empty());
        }
        if router.has_prompts() {
            capabilities.insert("prompts".into(), empty());
        }
        if router.has_resources() {
            // No `subscribe`: `subscriptions/listen` is not served here.
            capabilities.insert("resources".into(), empty());
        }
        if router.has_completion() {
            capabilities.insert("completions".into(), empty());
        }
        let info = router.info();
        let mut server_info = Map::new();
        server_info.insert("name".into(), Value::from(info.name.clone()));
        server_info.insert("version".into(), Value::from(info.version.clone()));
        let mut meta = Map::new();
        meta.insert(
            "io.modelcontextprotocol/serverInfo".into(),
            Value::Object(server_info),
        );
        let mut result = Map::new();
        result.insert("capabilities".into(), Value::Object(capabilities));
        result.insert(
            "supportedVersions".into(),
            Value::from(vec![version.as_str()]),
        );
        if let Some(instructions) = &info.instructions {
            result.insert("instructions".into(), Value::from(instructions.clone()));
        }
        result.insert("ttlMs".into(), Value::from(0));
        result.insert("cacheScope".into(), Value::from("public"));
        result.insert(
            "resultType".into(),
            Value::from(crate::RESULT_TYPE_COMPLETE),
        );
        result.insert("_meta".into(), Value::Object(meta));
        Value::Object(result)
    }
}

/// Accepts one connection and sets `TCP_NODELAY` on it.
pub(crate) async fn accept(
    listener: &tokio::net::TcpListener,
) -> io::Result<(tokio::net::TcpStream, SocketAddr)> {
    let (stream, peer) = listener.accept().await?;
    stream.set_nodelay(true)?;
    Ok((stream, peer))
}

fn is_transient(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::InvalidInput
    ) || error
        .raw_os_error()
        .is_some_and(|code| code == 24 || code == 23) // EMFILE, ENFILE
}

fn strip_port(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        // `[::1]:8080`
        return rest.split_once(']').map_or(host, |(name, _)| name);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// A JSON-RPC message as received: only its envelope is interpreted here.
#[derive(Deserialize)]
struct Message {
    jsonrpc: Option<String>,
    id: Option<Value>,
    method: Option<String>,
    params: Option<Value>,
}

/// Writes the response body for the request's id.
type Reply = Box<dyn FnOnce(&Value) -> Vec<u8> + Send>;

fn envelope(id: &Value, capacity: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity + 64);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    serde_json::to_writer(&mut out, id).expect("an id is a string or a number");
    out.extend_from_slice(b",\"result\":");
    out
}

/// A result written straight into the body by this crate's writer.
fn result_reply<T: SerializeFor + Send + 'static>(result: T, version: ProtocolVersion) -> Reply {
    Box::new(move |id| {
        let mut out = envelope(id, result.json_len_hint());
        result.write_json_for(version, &mut out);
        out.push(b'}');
        out
    })
}

fn value_reply(result: Value, _version: ProtocolVersion) -> Reply {
    Box::new(move |id| {
        let mut out = envelope(id, 256);
        serde_json::to_writer(&mut out, &result).expect("values serialize");
        out.push(b'}');
        out
    })
}

fn version_of(
    meta: &Map<String, Value>,
    header: Option<&str>,
) -> Result<ProtocolVersion, ProtocolError> {
    let named = meta.get(VERSION_KEY).and_then(Value::as_str).or(header);
    match named {
        None => Ok(ProtocolVersion::LATEST),
        Some(name) => match ProtocolVersion::parse(name) {
            Some(version) if version.has_result_type() => Ok(version),
            _ => Err(ProtocolError::invalid_params(format!(
                "unsupported protocol version {name:?}: this endpoint serves {} (stateless)",
                ProtocolVersion::LATEST.as_str()
            ))
            .with_data(serde_json::json!({
                "supported": [ProtocolVersion::LATEST.as_str()],
                "requested": name,
            }))),
        },
    }
}

/// The request's `_meta` for the handler: a key that breaks the grammar is dropped, not
/// the whole `_meta` (the progress token must survive a peer's one odd key).
fn request_meta(meta: Map<String, Value>) -> Meta {
    let mut out = Meta::new();
    for (key, value) in meta {
        if let Ok(key) = crate::MetaKey::new(key.as_str()) {
            out.insert_key(key, value);
        }
    }
    out
}

fn string_param(params: &mut Map<String, Value>, key: &str) -> Result<String, ProtocolError> {
    match params.remove(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key}: a string"
        ))),
        None => Err(ProtocolError::invalid_params(format!(
            "params.{key} is required"
        ))),
    }
}

fn object_param(
    params: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<Map<String, Value>>, ProtocolError> {
    match params.remove(key) {
        Some(Value::Object(map)) => Ok(Some(map)),
        None | Some(Value::Null) => Ok(None),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key}: an object"
        ))),
    }
}

fn plain(status: StatusCode) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = status;
    response
}

fn json_response(status: StatusCode, body: Vec<u8>) -> Response<Full<Bytes>> {
    // `Bytes::from(Vec)` takes the buffer: the body is not copied again.
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    response
}

fn error_response(status: StatusCode, id: &Value, error: &ProtocolError) -> Response<Full<Bytes>> {
    let mut body = Map::new();
    body.insert("code".into(), Value::from(error.code));
    body.insert("message".into(), Value::from(error.message.clone()));
    if let Some(data) = &error.data {
        body.insert("data".into(), data.clone());
    }
    let message = serde_json::json!({ "jsonrpc": "2.0", "id": id, "error": body });
    json_response(
        status,
        serde_json::to_vec(&message).expect("values serialize"),
    )
}

#[cfg(test)]
mod tests;
