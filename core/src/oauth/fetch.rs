//! The verifiers' HTTP client (the issuer's metadata and JWKS, RFC 7662 introspection) and the
//! checks on the URLs they are configured with.
//!
//! hyper-util's client over rustls (`ring`): every request has a deadline, answers are read up
//! to a byte bound, redirects are not followed, and a URL is `https:` unless its host is a
//! loopback address (a local authorization server in tests).

use std::fmt;
use std::net::IpAddr;
use std::time::Duration;

use bytes::Bytes;
use http::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use http::{Method, Request, StatusCode, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

/// A verifier setting that cannot work, named: [`setting`](Self::setting) is the builder
/// method (`issuer`, `audience`, `jwks_uri`, …), the message the rule it breaks.
///
/// ```
/// use mcp_content::auth::JwtVerifier;
///
/// let error = JwtVerifier::builder()
///     .issuer("http://auth.example.com")
///     .audience("https://mcp.example.com/mcp")
///     .build()
///     .unwrap_err();
/// assert_eq!(error.setting(), "issuer");
/// assert!(error.to_string().contains("loopback"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierConfigError {
    setting: &'static str,
    message: String,
}

impl VerifierConfigError {
    pub(crate) fn new(setting: &'static str, message: impl Into<String>) -> Self {
        Self {
            setting,
            message: message.into(),
        }
    }

    /// The builder setting at fault (`issuer`, `audience`, `jwks_uri`, `endpoint`, …).
    pub fn setting(&self) -> &str {
        self.setting
    }

    /// The rule it breaks.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for VerifierConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.setting, self.message)
    }
}

impl std::error::Error for VerifierConfigError {}

/// Whether `host` (as in a URL's authority, IPv6 in brackets) is this machine.
pub(crate) fn is_loopback(host: &str) -> bool {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// `url` as a request target: absolute, `https:` (or `http:` on a loopback host), no user
/// info, no fragment.
pub(crate) fn check_url(setting: &'static str, url: &str) -> Result<Uri, VerifierConfigError> {
    let bad = |rule: &str| VerifierConfigError::new(setting, format!("{rule} (got {url:?})"));
    if url.contains('#') {
        return Err(bad("a URL with a fragment is not accepted"));
    }
    let uri: Uri = url.parse().map_err(|_| bad("not a URL"))?;
    let (Some(scheme), Some(authority)) = (uri.scheme_str(), uri.authority()) else {
        return Err(bad("an absolute https: URL is required"));
    };
    if authority.as_str().contains('@') {
        return Err(bad("a URL with user info is not accepted"));
    }
    match scheme {
        "https" => Ok(uri),
        "http" if is_loopback(authority.host()) => Ok(uri),
        "http" => Err(bad(
            "an http: URL is accepted only on a loopback host (127.0.0.1, [::1], localhost); use https:",
        )),
        _ => Err(bad("an https: URL is required")),
    }
}

/// Why a request to the issuer or the introspection endpoint did not give an answer to read.
/// The message names the endpoint's failure, never a request body (which holds the token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FetchError {
    /// No complete answer within the deadline.
    Timeout(Duration),
    /// Could not connect or send (DNS, refused, TLS).
    Connect(String),
    /// The answer was larger than the bound.
    TooLarge(usize),
    /// The answer's body broke off.
    Body(String),
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Timeout(limit) => write!(f, "no answer within {} ms", limit.as_millis()),
            Self::Connect(cause) => write!(f, "could not connect: {cause}"),
            Self::TooLarge(limit) => write!(f, "the answer is larger than {limit} bytes"),
            Self::Body(cause) => write!(f, "the answer broke off: {cause}"),
        }
    }
}

/// A status and a bounded body.
pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    pub(crate) body: Bytes,
}

/// The client the verifiers share (a pool of connections per host).
#[derive(Clone)]
pub(crate) struct Client {
    inner: HyperClient<HttpsConnector<HttpConnector>, Full<Bytes>>,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Client")
    }
}

impl Client {
    /// The system's root certificates (a private CA the deployer installed is trusted), or
    /// Mozilla's bundled roots where the system has none (a minimal container).
    pub(crate) fn new() -> Self {
        // rustls deprecates its `ring` provider for lacking post-quantum key exchange
        // (X25519MLKEM768); aws-lc-rs has it but compiles a large C library. These requests
        // carry public keys and short-lived tokens; the switch is a feature change here.
        #[allow(deprecated, reason = "ring: see above")]
        let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
        let builder = hyper_rustls::HttpsConnectorBuilder::new();
        let schemes = match builder.with_provider_and_native_roots(provider.clone()) {
            Ok(schemes) => schemes,
            Err(_) => hyper_rustls::HttpsConnectorBuilder::new()
                .with_provider_and_webpki_roots(provider)
                .expect("ring supports rustls' default protocol versions"),
        };
        // `https_or_http`: the URLs were checked when the verifier was built (`http:` only on
        // a loopback host).
        let connector = schemes.https_or_http().enable_http1().build();
        let inner = HyperClient::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(30))
            .pool_max_idle_per_host(4)
            .build(connector);
        Self { inner }
    }

    /// `GET uri` (accepting JSON), the whole exchange within `deadline`, the body read up
    /// to `limit` bytes.
    pub(crate) async fn get(
        &self,
        uri: &Uri,
        deadline: Duration,
        limit: usize,
    ) -> Result<Answer, FetchError> {
        let request = Request::builder()
            .method(Method::GET)
            .uri(uri.clone())
            .header(ACCEPT, "application/json")
            .body(Full::new(Bytes::new()))
            .map_err(|e| FetchError::Connect(e.to_string()))?;
        self.send(request, deadline, limit).await
    }

    /// `POST uri` with a form body (and `authorization`, when given), within `deadline`, the
    /// body read up to `limit` bytes.
    pub(crate) async fn post_form(
        &self,
        uri: &Uri,
        authorization: Option<&HeaderValue>,
        form: String,
        deadline: Duration,
        limit: usize,
    ) -> Result<Answer, FetchError> {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri(uri.clone())
            .header(ACCEPT, "application/json")
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(form)))
            .map_err(|e| FetchError::Connect(e.to_string()))?;
        if let Some(value) = authorization {
            request.headers_mut().insert(AUTHORIZATION, value.clone());
        }
        self.send(request, deadline, limit).await
    }

    async fn send(
        &self,
        request: Request<Full<Bytes>>,
        deadline: Duration,
        limit: usize,
    ) -> Result<Answer, FetchError> {
        let exchange = async {
            let response = self
                .inner
                .request(request)
                .await
                .map_err(|e| FetchError::Connect(error_chain(&e)))?;
            let status = response.status();
            if response
                .headers()
                .get(http::header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok())
                .is_some_and(|n| n > limit as u64)
            {
                return Err(FetchError::TooLarge(limit));
            }
            let body = Limited::new(response.into_body(), limit)
                .collect()
                .await
                .map_err(|e| {
                    if e.is::<http_body_util::LengthLimitError>() {
                        FetchError::TooLarge(limit)
                    } else {
                        FetchError::Body(e.to_string())
                    }
                })?
                .to_bytes();
            Ok(Answer { status, body })
        };
        tokio::time::timeout(deadline, exchange)
            .await
            .unwrap_or(Err(FetchError::Timeout(deadline)))
    }
}

/// An error and its causes on one line (hyper's outer error says only "client error").
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_urls_are_accepted_and_http_only_on_loopback() {
        assert!(check_url("issuer", "https://auth.example.com").is_ok());
        assert!(check_url("issuer", "http://127.0.0.1:8080/realm").is_ok());
        assert!(check_url("issuer", "http://[::1]:8080").is_ok());
        assert!(check_url("issuer", "http://localhost:9000").is_ok());
        let refused = check_url("issuer", "http://auth.example.com").unwrap_err();
        assert_eq!(refused.setting(), "issuer");
        assert!(refused.message().contains("loopback"), "{refused}");
        assert!(check_url("jwks_uri", "ftp://127.0.0.1/keys").is_err());
        assert!(check_url("jwks_uri", "/relative").is_err());
        assert!(check_url("jwks_uri", "https://user:pw@auth.example.com").is_err());
        assert!(check_url("jwks_uri", "https://auth.example.com/#x").is_err());
        assert!(check_url("jwks_uri", "http://127.0.0.1.example.com").is_err());
    }
}
