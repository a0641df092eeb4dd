//! The HTTP rules in front of `rmcp`'s Streamable HTTP service: `Origin` checked on every
//! request (DNS rebinding and cross-site requests from browsers), every refusal a JSON-RPC
//! error body a client can show (invalid JSON `-32700`, missing required params `-32602`,
//! an over-size body), and a session `DELETE` answered `204`.

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
use serde_json::{Value, json};

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

fn json_response(status: StatusCode, body: &Value) -> HttpResponse {
    let bytes = serde_json::to_vec(body).unwrap_or_default();
    let mut response = Response::new(Full::new(Bytes::from(bytes)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A JSON-RPC error response (no request id when the request could not be read).
fn rpc_error(status: StatusCode, id: &Value, code: i32, message: &str) -> HttpResponse {
    json_response(
        status,
        &json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }),
    )
}

/// The params a method cannot do without: a request missing one is invalid params
/// (`-32602`), not an unknown method, whatever the JSON-RPC layer behind makes of it.
fn missing_param(message: &Value) -> Option<String> {
    let method = message.get("method")?.as_str()?;
    let required: &[&str] = match method {
        "tools/call" | "prompts/get" => &["name"],
        // Not `resources/subscribe`: 2026-07-28 removed it, and its answer there is -32601.
        "resources/read" => &["uri"],
        "completion/complete" => &["ref", "argument"],
        _ => return None,
    };
    let params = message.get("params");
    for key in required {
        let value = params.and_then(|p| p.get(key));
        let ok = match *key {
            "name" | "uri" => value.is_some_and(Value::is_string),
            _ => value.is_some_and(Value::is_object),
        };
        if !ok {
            return Some(format!("{method}: params.{key} is required"));
        }
    }
    None
}

/// The checks on a POST body: the response that refuses it, if any.
fn check_body(bytes: &[u8]) -> Option<HttpResponse> {
    let message: Value = match serde_json::from_slice(bytes) {
        Ok(message) => message,
        Err(e) => {
            return Some(rpc_error(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                -32700,
                &format!("Parse error: {e}"),
            ));
        }
    };
    let problem = missing_param(&message)?;
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    Some(rpc_error(StatusCode::OK, &id, -32602, &problem))
}

/// A tower service: the HTTP rules, then `inner` (rmcp's Streamable HTTP service).
#[derive(Clone)]
pub struct McpHttpService<S> {
    inner: S,
    options: Arc<HttpOptions>,
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
        }
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
        Box::pin(async move {
            if let Some(origin) = request.headers().get(header::ORIGIN) {
                let allowed = origin.to_str().is_ok_and(|o| options.origin_allowed(o));
                if !allowed {
                    return Ok(rpc_error(
                        StatusCode::FORBIDDEN,
                        &Value::Null,
                        -32600,
                        "Forbidden: this Origin is not allowed",
                    ));
                }
            }
            let is_delete = request.method() == Method::DELETE;
            let is_post = request.method() == Method::POST;
            let (parts, body) = request.into_parts();
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
                    return Ok(rpc_error(status, &Value::Null, -32600, &message));
                }
            };
            if is_post && let Some(refusal) = check_body(&bytes) {
                return Ok(refusal);
            }
            let request = Request::from_parts(parts, Full::new(bytes));
            let mut response = inner.call(request).await?;
            // Clients expect 200 or 204 for a session DELETE (the Python SDK warns on 202).
            if is_delete && response.status() == StatusCode::ACCEPTED {
                *response.status_mut() = StatusCode::NO_CONTENT;
                *response.body_mut() = Full::new(Bytes::new()).boxed();
            }
            Ok(response)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_match_scheme_host_and_port() {
        let options = HttpOptions::default();
        assert!(options.origin_allowed("http://localhost:3000"));
        assert!(options.origin_allowed("http://127.0.0.1:8080"));
        assert!(!options.origin_allowed("http://localhost.evil.example:3000"));
        assert!(!options.origin_allowed("http://localhost:"));
        assert!(!options.origin_allowed("null"));
        assert!(
            HttpOptions::default()
                .allow_origin("null")
                .origin_allowed("null")
        );
        assert!(
            !HttpOptions::default()
                .only_origins(Vec::<String>::new())
                .origin_allowed("http://localhost:1")
        );
    }

    #[test]
    fn required_params_are_named() {
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {}});
        assert_eq!(
            missing_param(&call).as_deref(),
            Some("tools/call: params.name is required")
        );
        let read = json!({"jsonrpc": "2.0", "id": 1, "method": "resources/read"});
        assert_eq!(
            missing_param(&read).as_deref(),
            Some("resources/read: params.uri is required")
        );
        let fine =
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x"}});
        assert_eq!(missing_param(&fine), None);
    }
}
