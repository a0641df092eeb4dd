//! The HTTP rules in front of `rmcp`'s Streamable HTTP service: `Origin` checked on every
//! request (DNS rebinding and cross-site requests from browsers), every refusal a JSON-RPC
//! error body a client can show (invalid JSON `-32700`, missing required params `-32602`,
//! an over-size body), a session `DELETE` answered `204`, and a 2025-era session reached
//! only by the principal that opened it (see `session_owner`).

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use serde_json::Value;

use self::envelope::{Envelope, Facts, Kind, Params};
use super::session_owner::{SESSION_HEADER, SessionOwners};
use super::splice::Splices;
use crate::server::params::null_member as null_member_error;
use crate::server::request as mcp;
use crate::transport::id::{RequestId, rmcp_refusal};
use crate::transport::trace;
use tracing::Instrument as _;

/// A response as `rmcp`'s service writes it.
pub type HttpResponse = Response<BoxBody<Bytes, Infallible>>;

/// The default body limit (rmcp's own).
pub const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// What the HTTP front accepts.
///
/// ```
/// use mcp_content::rmcp::HttpOptions;
/// let options = HttpOptions::default()
///     .allow_origin("https://app.example.com")
///     .with_max_body_bytes(1 << 20);
/// assert!(options.origin_allowed("https://app.example.com"));
/// assert!(options.origin_allowed("http://localhost:5173"));
/// assert!(!options.origin_allowed("https://evil.example"));
/// assert!(!options.origin_allowed("null"));
/// ```
#[derive(Debug, Clone)]
pub struct HttpOptions {
    allowed_origins: Vec<String>,
    max_body_bytes: usize,
}

impl Default for HttpOptions {
    /// Browsers on the same machine only (`localhost`, `127.0.0.1`, `[::1]`, any port),
    /// bodies up to 4 MiB.
    fn default() -> Self {
        Self {
            allowed_origins: [
                "http://localhost:*",
                "https://localhost:*",
                "http://127.0.0.1:*",
                "https://127.0.0.1:*",
                "http://[::1]:*",
                "https://[::1]:*",
            ]
            .map(String::from)
            .to_vec(),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
        }
    }
}

impl HttpOptions {
    /// Also accepts requests from `origin` (`scheme://host[:port]`; `:*` for any port,
    /// `null` for the opaque origin browsers send from sandboxes and files).
    #[must_use]
    pub fn allow_origin(mut self, origin: impl Into<String>) -> Self {
        self.allowed_origins.push(origin.into());
        self
    }

    /// Accepts only these origins (none: every request with an `Origin` header is refused).
    #[must_use]
    pub fn only_origins(mut self, origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// Refuses request bodies over `bytes`.
    #[must_use]
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }

    /// The body limit.
    pub fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }

    /// Whether a request with this `Origin` header is served. Requests without one (not
    /// from a browser) always are.
    pub fn origin_allowed(&self, origin: &str) -> bool {
        let origin = origin.trim().to_ascii_lowercase();
        self.allowed_origins.iter().any(|allowed| {
            let allowed = allowed.to_ascii_lowercase();
            if let Some(prefix) = allowed.strip_suffix(":*") {
                origin == prefix
                    || origin
                        .strip_prefix(prefix)
                        .and_then(|rest| rest.strip_prefix(':'))
                        .is_some_and(|port| {
                            !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                        })
            } else {
                origin == allowed
            }
        })
    }
}

/// The `-32700` reply every transport gives, with status 400.
fn parse_error(bytes: &[u8], error: Option<&serde_json::Error>) -> HttpResponse {
    let reply = crate::transport::parse::parse_error_reply(bytes, error);
    let mut response = Response::new(Full::new(Bytes::from(reply)).boxed());
    *response.status_mut() = StatusCode::BAD_REQUEST;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A JSON-RPC error response (no request id when the request could not be read).
/// The id is written as the client sent it.
fn rpc_error(status: StatusCode, id: &RequestId, code: i32, message: &str) -> HttpResponse {
    let bytes = crate::transport::id::error_reply(id, code, message);
    let mut response = Response::new(Full::new(Bytes::from(bytes)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// The id of a request, as sent (`null` when it is not a string or a number).
fn id_of(raw: Option<&str>) -> RequestId {
    raw.and_then(|raw| RequestId::from_text(raw).ok())
        .unwrap_or_else(RequestId::null)
}

/// The params a method cannot do without: a request missing one is invalid params
/// (`-32602`), not an unknown method, whatever the JSON-RPC layer behind makes of it.
fn missing_param(method: &str, params: Option<&Params>) -> Option<String> {
    let required: &[&str] = match mcp::Method::parse(method)? {
        mcp::Method::CallTool | mcp::Method::GetPrompt => &["name"],
        // Not `resources/subscribe`: 2026-07-28 removed it, and its answer there is -32601.
        mcp::Method::ReadResource => &["uri"],
        mcp::Method::Complete => &["ref", "argument"],
        _ => return None,
    };
    for key in required {
        let (value, wanted) = match *key {
            "name" => (params.and_then(|p| p.name), Kind::String),
            "uri" => (params.and_then(|p| p.uri), Kind::String),
            "ref" => (params.and_then(|p| p.reference), Kind::Object),
            _ => (params.and_then(|p| p.argument), Kind::Object),
        };
        if value != Some(wanted) {
            return Some(format!("{method}: params.{key} is required"));
        }
    }
    None
}

/// The checks on a POST body: the response that refuses it, if any. The body is read once,
/// borrowed (a small call pays for no `Value` tree here): a usual body in one pass that
/// proves the checks would find nothing (`envelope::quick`), any other by the checks.
fn check_body(bytes: &[u8]) -> Option<HttpResponse> {
    let envelope: Facts<'_> = if let Some(facts) = envelope::quick(bytes) {
        facts
    } else {
        // A body that is not JSON, or whose `params` is not an object, is named by its
        // parse error; JSON of another shape (an array: a batch) is left to rmcp.
        let envelope = match serde_json::from_slice::<Envelope<'_>>(bytes) {
            Err(e) if e.is_syntax() || e.is_eof() => {
                return Some(parse_error(bytes, Some(&e)));
            }
            read => read,
        };
        // A key twice in one object (the envelope's own fields included): rmcp's parser
        // would keep one of them.
        if crate::transport::parse::has_duplicate_key(bytes) {
            return Some(parse_error(bytes, None));
        }
        let Ok(envelope) = envelope else {
            return shape_refusal(bytes);
        };
        // The envelope leaves `id`, `params` and unknown members as text: a lone
        // surrogate escape there would reach rmcp's parser, whose reply calls it
        // something else.
        if crate::wire::read::encoding_error(bytes).is_some() {
            return Some(parse_error(bytes, None));
        }
        envelope.into()
    };
    let method = envelope.method.as_deref()?;
    // rmcp's id type would answer a request with another spelling of its id, or not at all.
    if let Some(id) = envelope.id
        && let Ok(id) = RequestId::from_text(id)
        && let Some(why) = rmcp_refusal(&id)
    {
        return Some(rpc_error(StatusCode::BAD_REQUEST, &id, -32600, &why));
    }
    let null_member = envelope
        .params
        .as_ref()
        .and_then(|p| p.null_member.as_deref())
        .filter(|_| envelope.id.is_some() && mcp::Method::parse(method).is_some());
    let problem = match null_member {
        Some(key) => null_member_error(key).message,
        None => missing_param(method, envelope.params.as_ref())?,
    };
    Some(rpc_error(
        StatusCode::OK,
        &id_of(envelope.id),
        -32602,
        &problem,
    ))
}

/// The id of a message, as its text.
#[derive(serde::Deserialize)]
struct IdOnly<'a> {
    #[serde(borrow, default)]
    id: Option<&'a serde_json::value::RawValue>,
}

/// A body that is JSON but not of the envelope's shape (`params` an array, `method` a
/// number): read whole, as before, so the refusal is the same.
fn shape_refusal(bytes: &[u8]) -> Option<HttpResponse> {
    let message: Value = serde_json::from_slice(bytes).ok()?;
    let method = message.get("method")?.as_str()?;
    let params = message.get("params");
    let kind = |key: &str| {
        params.and_then(|p| p.get(key)).map(|v| match v {
            Value::String(_) => Kind::String,
            Value::Object(_) => Kind::Object,
            Value::Null => Kind::Null,
            _ => Kind::Other,
        })
    };
    let params = Params {
        name: kind("name"),
        uri: kind("uri"),
        reference: kind("ref"),
        argument: kind("argument"),
        null_member: None,
    };
    let problem = missing_param(method, Some(&params))?;
    let id = serde_json::from_slice::<IdOnly<'_>>(bytes)
        .ok()
        .and_then(|m| m.id)
        .map(serde_json::value::RawValue::get);
    Some(rpc_error(StatusCode::OK, &id_of(id), -32602, &problem))
}

/// A tower service: the HTTP rules, then `inner` (rmcp's Streamable HTTP service).
///
/// A 2025-era session belongs to the principal whose `initialize` opened it (the
/// `Arc<Principal>` an authorization layer in front put in the request's extensions; none
/// without authorization): a request naming it with another principal (or none, for a
/// session opened with one, or the reverse) is answered as for a session that never was
/// (rmcp's own 404), and reaches nothing of it (its subscriptions, its `GET` stream).
#[derive(Clone)]
pub struct McpHttpService<S> {
    inner: S,
    options: Arc<HttpOptions>,
    owners: Arc<SessionOwners>,
    /// Whether large base64 is written by the front (see `splice`): only in front of the
    /// service `streamable_http_service` builds, whose answers no event store keeps.
    splice: bool,
}

impl<S> fmt::Debug for McpHttpService<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpHttpService")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl<S> McpHttpService<S> {
    /// `inner` behind the rules of `options`.
    pub fn new(inner: S, options: HttpOptions) -> Self {
        Self {
            inner,
            options: Arc::new(options),
            owners: Arc::default(),
            splice: false,
        }
    }

    /// This front, writing the large base64 of stateless answers itself (see `splice`):
    /// for an `inner` that answers a stateless request in its own response and keeps no
    /// event of it.
    pub(super) fn splicing(mut self) -> Self {
        self.splice = true;
        self
    }
}

/// The front as a tower layer, for an rmcp Streamable HTTP service built by hand (the
/// [`streamable_http_service`](super::streamable_http_service) functions put it in front
/// already): `Origin` and body rules, request spans (`mcp.http`, `mcp.request`), sessions
/// bound to their principal. Put an authorization layer (`auth::BearerLayer`) outside it,
/// so the principal is in the request when the front sees it.
///
/// ```
/// use mcp_content::rmcp::{HttpOptions, McpHttpService};
/// use tower_layer::Layer as _;
///
/// # fn wrap<S: Clone>(rmcp_service: S) -> McpHttpService<S> {
/// HttpOptions::default()
///     .allow_origin("https://app.example.com")
///     .layer(rmcp_service)
/// # }
/// ```
impl<S> tower_layer::Layer<S> for HttpOptions {
    type Service = McpHttpService<S>;

    fn layer(&self, inner: S) -> McpHttpService<S> {
        McpHttpService::new(inner, self.clone())
    }
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<B, S> tower_service::Service<Request<B>> for McpHttpService<S>
where
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: std::error::Error + Send + Sync + 'static,
    S: tower_service::Service<Request<Full<Bytes>>, Response = HttpResponse, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = BoxFuture<Result<HttpResponse, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        // The ready clone serves this request; a fresh clone stays for the next (tower's rule).
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let options = Arc::clone(&self.options);
        let owners = Arc::clone(&self.owners);
        let splice = self.splice;
        let span = trace::request_span(request.method(), request.headers());
        trace::record_subject(&span, trace::subject(request.extensions()).as_deref());
        let started = std::time::Instant::now();
        let traced = span.clone();
        let answer = async move {
            if let Some(origin) = request.headers().get(header::ORIGIN) {
                let allowed = origin.to_str().is_ok_and(|o| options.origin_allowed(o));
                if !allowed {
                    trace::refused("Origin not allowed");
                    return Ok(rpc_error(
                        StatusCode::FORBIDDEN,
                        &RequestId::null(),
                        -32600,
                        "Forbidden: this Origin is not allowed",
                    ));
                }
            }
            let is_delete = request.method() == Method::DELETE;
            let is_post = request.method() == Method::POST;
            let (mut parts, body) = request.into_parts();
            let bytes = match Limited::new(body, options.max_body_bytes).collect().await {
                Ok(collected) => collected.to_bytes(),
                Err(e) => {
                    let too_large = e
                        .downcast_ref::<http_body_util::LengthLimitError>()
                        .is_some();
                    let (status, message) = if too_large {
                        (
                            StatusCode::PAYLOAD_TOO_LARGE,
                            format!("request body exceeds {} bytes", options.max_body_bytes),
                        )
                    } else {
                        (
                            StatusCode::BAD_REQUEST,
                            format!("request body unreadable: {e}"),
                        )
                    };
                    trace::refused(&message);
                    return Ok(rpc_error(status, &RequestId::null(), -32600, &message));
                }
            };
            // Each reads the body once more: only for a subscriber that keeps the span.
            if is_post && !traced.is_disabled() {
                trace::record_body(&traced, &bytes);
            }
            if is_post && let Some(refusal) = check_body(&bytes) {
                return Ok(refusal);
            }
            let admission = owners.admit(&mut parts);
            let splices = Splices::for_request(splice, &mut parts);
            let request_span = if is_post
                && tracing::enabled!(target: "mcp_content::request", tracing::Level::INFO)
            {
                trace::rmcp_request_span(&bytes, &parts)
            } else {
                None
            };
            let request = Request::from_parts(parts, Full::new(bytes));
            let call_started = std::time::Instant::now();
            let mut response = match &request_span {
                Some(span) => inner.call(request).instrument(span.clone()).await?,
                None => inner.call(request).await?,
            };
            if let Some(splices) = splices
                && !splices.is_empty()
            {
                response = splices.put_back(response).await;
            }
            let opened = response.headers().get(SESSION_HEADER);
            owners.answered(&admission, is_delete, response.status(), opened);
            if let Some(span) = &request_span {
                // rmcp writes the answer: only a refusal by status is known here.
                let outcome =
                    if response.status().is_client_error() || response.status().is_server_error() {
                        crate::transport::mcp_span::Outcome::Refused
                    } else {
                        crate::transport::mcp_span::Outcome::Answered
                    };
                crate::transport::mcp_span::finish(span, outcome, None, call_started);
            }
            // Clients expect 200 or 204 for a session DELETE (the Python SDK warns on 202).
            if is_delete && response.status() == StatusCode::ACCEPTED {
                *response.status_mut() = StatusCode::NO_CONTENT;
                *response.body_mut() = Full::new(Bytes::new()).boxed();
            }
            Ok(response)
        };
        Box::pin(async move {
            let response = answer.instrument(span.clone()).await;
            if let Ok(response) = &response {
                trace::finish(&span, response.status(), started);
            }
            response
        })
    }
}

#[path = "envelope.rs"]
mod envelope;

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
