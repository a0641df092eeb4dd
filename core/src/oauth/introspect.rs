//! [`IntrospectionVerifier`]: an opaque (or any) access token checked by asking the
//! authorization server (RFC 7662 token introspection).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use http::header::HeaderValue;
use http::{StatusCode, Uri};
use serde_json::{Map, Value};

use super::cache::TokenCache;
use super::fetch::{Client, FetchError, VerifierConfigError, check_url};
use super::jwt::{admissible, now_seconds, principal_from_claims};
use super::options::{Options, more_than_zero, option_setters, required};
use crate::handler::BoxFuture;
use crate::server::auth::{AuthError, AuthErrorKind, Principal, TokenVerifier};

/// The largest introspection answer read.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// Verifies access tokens by asking the authorization server's RFC 7662 introspection
/// endpoint: `POST token=…` with this server's client credentials (HTTP Basic). A
/// [`TokenVerifier`].
///
/// Refused, each naming its rule (never the token): a token over 8 KiB (before any request);
/// `active: false` (revoked, expired or unknown to the server); an `aud` that does not
/// contain the configured audience (when the answer has an `aud`); an `iss` other than the
/// configured issuer (when one is configured); an `exp` in the past or an `nbf` ahead (with
/// the leeway). An endpoint that cannot be reached, answers late
/// ([`timeout`](IntrospectionVerifierBuilder::timeout), 5 s), refuses this server's
/// credentials or answers something else than an introspection answer is
/// [`AuthErrorKind::Unavailable`].
///
/// The [`Principal`] comes from the answer: `sub`, `client_id`, `scope`, `exp`, `iss`, and
/// every member as a claim.
///
/// **Revocation**: an active answer is cached by the token's SHA-256 until the token's `exp`
/// but at most [`cache_ttl`](IntrospectionVerifierBuilder::cache_ttl) (60 s unless set), so a
/// revoked token is refused again at most that long after its revocation. A shorter
/// `cache_ttl` asks the endpoint more often; `cache_capacity(0)` asks on every call.
///
/// ```no_run
/// use mcp_content::auth::{IntrospectionVerifier, TokenVerifier};
///
/// # async fn run(token: &str) -> Result<(), Box<dyn std::error::Error>> {
/// let verifier = IntrospectionVerifier::builder()
///     .endpoint("https://auth.example.com/oauth2/introspect")
///     .client_id("mcp-server")
///     .client_secret(std::env::var("INTROSPECTION_SECRET")?)
///     .audience("https://mcp.example.com/mcp")
///     .build()?;
/// let principal = verifier.verify(token).await?;
/// # let _ = principal;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct IntrospectionVerifier {
    inner: Arc<Inner>,
}

struct Inner {
    endpoint: Uri,
    client_id: String,
    authorization: HeaderValue,
    audience: Option<String>,
    issuer: Option<String>,
    leeway: u64,
    timeout: Duration,
    max_token_bytes: usize,
    cache: TokenCache,
    client: Client,
    requests: AtomicU64,
}

/// Never prints the client secret (nor the `Authorization` header made from it).
impl fmt::Debug for IntrospectionVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IntrospectionVerifier")
            .field("endpoint", &self.inner.endpoint.to_string())
            .field("client_id", &self.inner.client_id)
            .field("client_secret", &"<redacted>")
            .field("audience", &self.inner.audience)
            .field("issuer", &self.inner.issuer)
            .field("cache_ttl", &self.inner.cache.max_ttl())
            .finish_non_exhaustive()
    }
}

/// Settings of an [`IntrospectionVerifier`]: the endpoint, the client id and secret are
/// required.
///
/// ```
/// use std::time::Duration;
/// use mcp_content::auth::IntrospectionVerifier;
///
/// let verifier = IntrospectionVerifier::builder()
///     .endpoint("https://auth.example.com/oauth2/introspect")
///     .client_id("mcp-server")
///     .client_secret("s3cret")
///     .audience("https://mcp.example.com/mcp")
///     .issuer("https://auth.example.com")
///     .timeout(Duration::from_secs(2))
///     .cache_ttl(Duration::from_secs(30))
///     .build()
///     .unwrap();
/// assert!(!format!("{verifier:?}").contains("s3cret"));
/// ```
#[derive(Clone)]
#[must_use]
pub struct IntrospectionVerifierBuilder {
    endpoint: Option<String>,
    client_id: Option<String>,
    client_secret: Option<String>,
    options: Options,
    timeout: Duration,
    cache_ttl: Duration,
}

/// Never prints the client secret.
impl fmt::Debug for IntrospectionVerifierBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IntrospectionVerifierBuilder")
            .field("endpoint", &self.endpoint)
            .field("client_id", &self.client_id)
            .field("audience", &self.options.audience)
            .field("issuer", &self.options.issuer)
            .finish_non_exhaustive()
    }
}

impl IntrospectionVerifier {
    /// Starts the settings.
    pub fn builder() -> IntrospectionVerifierBuilder {
        IntrospectionVerifierBuilder {
            endpoint: None,
            client_id: None,
            client_secret: None,
            options: Options::default(),
            timeout: Duration::from_secs(5),
            cache_ttl: Duration::from_secs(60),
        }
    }

    /// How many introspection requests this verifier sent (for tests and metrics).
    pub fn requests(&self) -> u64 {
        self.inner.requests.load(Ordering::Relaxed)
    }
}

impl IntrospectionVerifierBuilder {
    /// The introspection endpoint (`https:`, or `http:` on a loopback host only).
    pub fn endpoint(mut self, url: impl Into<String>) -> Self {
        self.endpoint = Some(url.into());
        self
    }

    /// This server's client id at the authorization server.
    pub fn client_id(mut self, client_id: impl Into<String>) -> Self {
        self.client_id = Some(client_id.into());
        self
    }

    /// This server's client secret (sent with HTTP Basic; never printed).
    pub fn client_secret(mut self, secret: impl Into<String>) -> Self {
        self.client_secret = Some(secret.into());
        self
    }

    option_setters! {
        /// This server's resource URI (RFC 8707): an answer's `aud`, when present, must
        /// contain it.
        audience;
        /// The issuer an answer's `iss`, when present, must be.
        issuer;
        /// The largest token accepted, in bytes (8 KiB unless set); a longer one is refused
        /// before any request.
        max_token_bytes;
        /// How many verified tokens are remembered (10 000 unless set; 0 asks on every call).
        cache_capacity;
    }

    /// The longest an introspection request may take (5 s unless set).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The longest an active answer is reused (60 s unless set): a revoked token is refused
    /// again at most this long after its revocation.
    pub fn cache_ttl(mut self, ttl: Duration) -> Self {
        self.cache_ttl = ttl;
        self
    }

    /// The verifier, or the setting that cannot work.
    pub fn build(self) -> Result<IntrospectionVerifier, VerifierConfigError> {
        let endpoint = check_url("endpoint", &required(self.endpoint, "endpoint")?)?;
        let client_id = required(self.client_id, "client_id")?;
        let secret = required(self.client_secret, "client_secret")?;
        more_than_zero("timeout", self.timeout.is_zero())?;
        // RFC 6749 section 2.3.1: both form-encoded, then Basic.
        let credentials = format!("{}:{}", form_encode(&client_id), form_encode(&secret));
        let mut authorization = HeaderValue::from_str(&format!(
            "Basic {}",
            base64_simd::STANDARD.encode_to_string(credentials)
        ))
        .map_err(|_| VerifierConfigError::new("client_secret", "not usable in a header"))?;
        authorization.set_sensitive(true);
        Ok(IntrospectionVerifier {
            inner: Arc::new(Inner {
                endpoint,
                client_id,
                authorization,
                audience: self.options.audience,
                issuer: self.options.issuer,
                leeway: self.options.leeway.as_secs(),
                timeout: self.timeout,
                max_token_bytes: self.options.max_token_bytes,
                cache: TokenCache::new(self.options.cache_capacity, Some(self.cache_ttl)),
                client: Client::new(),
                requests: AtomicU64::new(0),
            }),
        })
    }
}

impl TokenVerifier for IntrospectionVerifier {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        Box::pin(async move {
            admissible(token, self.inner.max_token_bytes)?;
            let introspected = || self.inner.introspect(token);
            self.inner.cache.get_or_check(token, introspected).await
        })
    }
}

impl Inner {
    async fn introspect(&self, token: &str) -> Result<Principal, AuthError> {
        let form = format!("token={}&token_type_hint=access_token", form_encode(token));
        self.requests.fetch_add(1, Ordering::Relaxed);
        let unavailable = |cause: String| {
            AuthError::new(
                AuthErrorKind::Unavailable,
                format!("the introspection endpoint {}: {cause}", self.endpoint),
            )
        };
        let answer = self
            .client
            .post_form(
                &self.endpoint,
                Some(&self.authorization),
                form,
                self.timeout,
                MAX_ANSWER_BYTES,
            )
            .await
            .map_err(|e: FetchError| unavailable(e.to_string()))?;
        match answer.status {
            StatusCode::OK => {}
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => {
                return Err(unavailable(format!(
                    "refused this server's client credentials (HTTP {})",
                    answer.status.as_u16()
                )));
            }
            status => return Err(unavailable(format!("HTTP {}", status.as_u16()))),
        }
        // The body is never quoted: a server may echo the token.
        let claims: Map<String, Value> = serde_json::from_slice(&answer.body)
            .map_err(|_| unavailable("the answer is not a JSON object".into()))?;
        self.check(claims)
    }

    fn check(&self, claims: Map<String, Value>) -> Result<Principal, AuthError> {
        if claims.get("active") != Some(&Value::Bool(true)) {
            return Err(AuthError::invalid(
                "token is not active (revoked, expired or unknown to the authorization server)",
            ));
        }
        if let (Some(issuer), Some(iss)) = (&self.issuer, claims.get("iss"))
            && iss.as_str() != Some(issuer)
        {
            return Err(AuthError::invalid(format!("issuer (iss) is not {issuer}")));
        }
        if let (Some(audience), Some(aud)) = (&self.audience, claims.get("aud")) {
            let contains = match aud {
                Value::String(one) => one == audience,
                Value::Array(many) => many.iter().any(|a| a.as_str() == Some(audience)),
                _ => false,
            };
            if !contains {
                return Err(AuthError::invalid(format!(
                    "audience (aud) does not include {audience}"
                )));
            }
        }
        let now = now_seconds();
        if let Some(exp) = claims.get("exp") {
            match exp.as_u64() {
                Some(exp) if exp.saturating_add(self.leeway) < now => {
                    return Err(AuthError::invalid("token expired (exp)"));
                }
                Some(_) => {}
                None => return Err(AuthError::invalid("the token's exp claim is malformed")),
            }
        }
        if let Some(nbf) = claims.get("nbf").and_then(Value::as_u64)
            && nbf > now.saturating_add(self.leeway)
        {
            return Err(AuthError::invalid("token not yet valid (nbf)"));
        }
        Ok(principal_from_claims(claims))
    }
}

/// `application/x-www-form-urlencoded` of one value: every byte but the unreserved ones
/// percent-encoded (a dozen lines: the `form_urlencoded` crate would be one more dependency for
/// one call).
fn form_encode(value: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(value.len());
    for &byte in value.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::form_encode;

    #[test]
    fn form_values_are_percent_encoded() {
        assert_eq!(form_encode("a.b-c_d~e"), "a.b-c_d~e");
        assert_eq!(form_encode("a b+c/=&é"), "a%20b%2Bc%2F%3D%26%C3%A9");
    }
}
