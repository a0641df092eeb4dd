//! CORS: the `Origin` allow-list, preflights and the headers a browser needs to read the
//! answers, for this crate's endpoint and, as a tower layer, for any other service (`rmcp`'s
//! Streamable HTTP service).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::{Either, Full};

use crate::transport::id::RequestId;

/// The methods a preflight allows.
const ALLOW_METHODS: &str = "GET, POST, DELETE, OPTIONS";
/// The request headers a preflight always allows (`Mcp-Param-*` headers are allowed as the
/// browser names them: CORS has no prefix wildcard).
const ALLOW_HEADERS: [&str; 7] = [
    "content-type",
    "authorization",
    "mcp-protocol-version",
    "mcp-session-id",
    "last-event-id",
    "mcp-method",
    "mcp-name",
];
/// The prefix of the headers that carry a tool's `x-mcp-header` arguments.
const PARAM_PREFIX: &str = "mcp-param-";

/// The `Origin` allow-list and CORS answers, as a tower [`Layer`](tower_layer::Layer).
///
/// For a request with an `Origin` header (one from a browser):
///
/// - an origin that is not allowed (or `null`) gets 403 with a JSON-RPC error body, whatever
///   the method;
/// - a preflight (`OPTIONS`) from an allowed origin gets 204 with
///   `Access-Control-Allow-Origin` (that origin), `Access-Control-Allow-Methods` (`GET,
///   POST, DELETE, OPTIONS`), `Access-Control-Allow-Headers` (`Content-Type`,
///   `Authorization`, `Mcp-Protocol-Version`, `Mcp-Session-Id`, `Last-Event-ID`,
///   `Mcp-Method`, `Mcp-Name`, and every `Mcp-Param-*` header the browser asks for),
///   `Access-Control-Max-Age` and `Vary`; the inner service does not see it;
/// - any other request goes to the inner service, and its response gets
///   `Access-Control-Allow-Origin`, `Access-Control-Expose-Headers: Mcp-Session-Id,
///   WWW-Authenticate` (so a script can read the session id, and the challenge of a 401 or
///   403 that points to the authorization server) and `Vary: Origin`.
///
/// A request without `Origin` (not from a browser) is served as it is, its response with
/// `Vary: Origin` only. [`HttpServer`]
/// applies the same rules with its own [`allowed_origins`]; the layer gives another
/// service, such as `rmcp`'s `StreamableHttpService`, the same protection:
///
/// ```
/// # #[cfg(feature = "__rmcp-http")]
/// # fn app(router: mcp_content::Router) -> axum::Router {
/// use mcp_content::http::Cors;
/// use tower_layer::Layer as _;
///
/// let service = mcp_content::rmcp::streamable_http_service(router);
/// let cors = Cors::new(["https://app.example.com"]);
/// axum::Router::new().nest_service("/mcp", cors.layer(service))
/// # }
/// ```
///
/// [`HttpServer`]: super::HttpServer
/// [`allowed_origins`]: super::HttpServer::allowed_origins
#[derive(Debug, Clone)]
pub struct Cors {
    allowed: Arc<Allowed>,
}

#[derive(Debug)]
struct Allowed {
    /// Exact origins (compared without regard to ASCII case).
    origins: Vec<String>,
    /// Any `http` or `https` origin on these hosts (any port) when `origins` is empty.
    hosts: Vec<String>,
}

impl Default for Cors {
    /// Browsers on this machine only: `http` or `https` origins on `localhost`,
    /// `127.0.0.1` or `[::1]`, any port.
    fn default() -> Self {
        Self::same_host(
            ["localhost", "127.0.0.1", "[::1]", "::1"]
                .map(String::from)
                .to_vec(),
        )
    }
}

impl Cors {
    /// Exactly these origins, as browsers send them (`https://app.example.com`,
    /// `http://localhost:5173`); none: every request with an `Origin` is refused.
    /// `null` is never allowed.
    ///
    /// ```
    /// use mcp_content::http::Cors;
    /// let cors = Cors::new(["https://app.example.com"]);
    /// assert!(cors.origin_allowed("https://APP.example.com"));
    /// assert!(!cors.origin_allowed("https://evil.example"));
    /// assert!(!cors.origin_allowed("null"));
    /// ```
    pub fn new(origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self {
            allowed: Arc::new(Allowed {
                origins: origins.into_iter().map(Into::into).collect(),
                hosts: Vec::new(),
            }),
        }
    }

    /// `http` and `https` origins on these hosts, any port (the endpoint's rule when it
    /// has no explicit origins).
    pub(super) fn same_host(hosts: Vec<String>) -> Self {
        Self {
            allowed: Arc::new(Allowed {
                origins: Vec::new(),
                hosts,
            }),
        }
    }

    /// Whether a request with this `Origin` header is served.
    pub fn origin_allowed(&self, origin: &str) -> bool {
        if origin == "null" {
            return false;
        }
        let allowed = &*self.allowed;
        if allowed
            .origins
            .iter()
            .any(|o| o.eq_ignore_ascii_case(origin))
        {
            return true;
        }
        origin.split_once("://").is_some_and(|(scheme, host)| {
            (scheme == "http" || scheme == "https") && host_in(&allowed.hosts, host)
        })
    }

    /// What to do with a request: pass it on (with the origin to answer), answer its
    /// preflight, or refuse it.
    pub(super) fn decide(&self, method: &Method, headers: &HeaderMap) -> Decision {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Decision::Pass(None);
        };
        let text = origin.to_str().unwrap_or("null");
        if !self.origin_allowed(text) {
            return Decision::Refuse(format!("Origin {text:?} is not allowed"));
        }
        if method == Method::OPTIONS {
            return Decision::Preflight(preflight_headers(origin, headers));
        }
        Decision::Pass(Some(origin.clone()))
    }
}

/// The verdict of [`Cors::decide`].
pub(super) enum Decision {
    /// Serve it; a response to a browser gets [`expose`]d to that origin.
    Pass(Option<HeaderValue>),
    /// A preflight from an allowed origin: 204 with these headers.
    Preflight(HeaderMap),
    /// 403, saying why.
    Refuse(String),
}

fn host_in(hosts: &[String], host: &str) -> bool {
    let name = super::access::strip_port(host);
    hosts
        .iter()
        .any(|allowed| allowed.eq_ignore_ascii_case(name))
}

fn preflight_headers(origin: &HeaderValue, request: &HeaderMap) -> HeaderMap {
    let mut allow = ALLOW_HEADERS.join(", ");
    // The `Mcp-Param-*` headers the browser asks for (a tool's own), each a valid name.
    for requested in request.get_all(header::ACCESS_CONTROL_REQUEST_HEADERS) {
        let Ok(requested) = requested.to_str() else {
            continue;
        };
        for name in requested.split(',').map(str::trim) {
            let is_param = name.len() > PARAM_PREFIX.len()
                && name.as_bytes()[..PARAM_PREFIX.len()]
                    .eq_ignore_ascii_case(PARAM_PREFIX.as_bytes());
            if is_param && http::HeaderName::from_bytes(name.as_bytes()).is_ok() {
                allow.push_str(", ");
                allow.push_str(&name.to_ascii_lowercase());
            }
        }
    }
    let mut headers = HeaderMap::new();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static(ALLOW_METHODS),
    );
    if let Ok(allow) = HeaderValue::from_str(&allow) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, allow);
    }
    headers.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("600"),
    );
    headers.insert(
        header::VARY,
        HeaderValue::from_static(
            "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
        ),
    );
    headers
}

/// Lets the browser at `origin` (if the request came from one) read the response and its
/// session id; every response says it varies with `Origin`, so no cache hands one
/// origin's answer to another.
pub(super) fn expose(origin: Option<HeaderValue>, headers: &mut HeaderMap) {
    if let Some(origin) = origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static("Mcp-Session-Id, WWW-Authenticate"),
        );
    }
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
}

/// The 204 answering a preflight.
fn preflight_response(headers: HeaderMap) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::default());
    *response.status_mut() = StatusCode::NO_CONTENT;
    *response.headers_mut() = headers;
    response
}

/// The 403 refusing a foreign origin, with a JSON-RPC error body.
fn forbidden(why: &str) -> Response<Full<Bytes>> {
    let body = crate::transport::id::error_reply(&RequestId::null(), -32600, why);
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = StatusCode::FORBIDDEN;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

impl<S> tower_layer::Layer<S> for Cors {
    type Service = CorsService<S>;

    fn layer(&self, inner: S) -> CorsService<S> {
        CorsService {
            inner,
            cors: self.clone(),
        }
    }
}

/// A service behind [`Cors`]: its responses' body is the inner one, or the layer's own
/// (a refusal or a preflight).
#[derive(Debug, Clone)]
pub struct CorsService<S> {
    inner: S,
    cors: Cors,
}

/// What a [`CorsService`]'s future resolves to.
type CorsFuture<B, E> = Pin<Box<dyn Future<Output = Result<Response<B>, E>> + Send>>;

impl<S, B, ResBody> tower_service::Service<Request<B>> for CorsService<S>
where
    S: tower_service::Service<Request<B>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
    ResBody: Send + 'static,
{
    type Response = Response<Either<ResBody, Full<Bytes>>>;
    type Error = S::Error;
    type Future = CorsFuture<Either<ResBody, Full<Bytes>>, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let origin = match self.cors.decide(request.method(), request.headers()) {
            Decision::Refuse(why) => {
                let response = forbidden(&why).map(Either::Right);
                return Box::pin(async move { Ok(response) });
            }
            Decision::Preflight(headers) => {
                let response = preflight_response(headers).map(Either::Right);
                return Box::pin(async move { Ok(response) });
            }
            Decision::Pass(origin) => origin,
        };
        // The ready clone answers this call; the fresh one waits for the next `poll_ready`.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(async move {
            let mut response = inner.call(request).await?.map(Either::Left);
            expose(origin, response.headers_mut());
            Ok(response)
        })
    }
}
