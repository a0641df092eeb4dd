//! [`ResourceServer`]: the server as an OAuth 2.1 resource server: its canonical resource
//! URI (RFC 8707), the authorization servers that issue its tokens, its scopes, the
//! [`TokenVerifier`] that checks a bearer token, and the RFC 9728 metadata that tells a
//! client all that.

use std::fmt;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use http::{HeaderMap, HeaderValue, header};

use super::challenge::{self, Refusal};
use super::document as metadata;
use super::uri::{Parsed, UriError, parse};
use crate::server::auth::{AuthError, AuthErrorKind, Principal, TokenVerifier};
use crate::server::router::Router;

/// The longest bearer token read (16 KiB): a longer one is refused before the verifier
/// sees it (a JWT with many claims is a few KiB).
pub(crate) const MAX_TOKEN_BYTES: usize = 16 << 10;

/// The server as an OAuth 2.1 resource server (MCP authorization, 2025-11-25 and
/// 2026-07-28): what the own endpoint ([`HttpServer::authorization`]) and the tower layer
/// ([`ResourceServer::layer`]) check every request against.
///
/// - its **resource URI**, configured, never guessed from the bind address (a server behind
///   a TLS-terminating proxy is not where it listens): the `resource` of its RFC 9728
///   metadata and the audience its tokens must name (RFC 8707);
/// - the **authorization servers** that issue its tokens (their issuer URLs);
/// - the **scopes** it lists as `scopes_supported` (by default every scope its router's
///   handlers need, and the router's default scopes: [`Router::scopes_supported`]);
/// - the [`TokenVerifier`] that turns a bearer token into a [`Principal`].
///
/// Cheap to clone (clones share everything).
///
/// ```
/// use mcp_content::auth::{AuthError, Principal, ResourceServer, TokenVerifier};
/// use mcp_content::handler::BoxFuture;
///
/// struct Static;
/// impl TokenVerifier for Static {
///     fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
///         Box::pin(async move {
///             match token {
///                 "let-me-in" => Ok(Principal::new("alice").with_scopes(["notes:read"])),
///                 _ => Err(AuthError::invalid("unknown token")),
///             }
///         })
///     }
/// }
///
/// # fn main() -> Result<(), mcp_content::auth::UriError> {
/// let resource = ResourceServer::new("https://mcp.example.com/mcp", Static)?
///     .authorization_server("https://auth.example.com")?
///     .scopes_supported(["notes:read", "notes:write"])
///     .resource_name("Notes");
/// assert_eq!(resource.resource(), "https://mcp.example.com/mcp");
/// assert_eq!(resource.metadata_path(), "/.well-known/oauth-protected-resource/mcp");
/// assert_eq!(
///     resource.metadata_url(),
///     "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
/// );
/// // http only on loopback, and never a fragment:
/// assert!(ResourceServer::new("http://mcp.example.com/mcp", Static).is_err());
/// assert!(ResourceServer::new("http://127.0.0.1:3001/mcp", Static).is_ok());
/// assert!(ResourceServer::new("https://mcp.example.com/mcp#top", Static).is_err());
/// # Ok(()) }
/// ```
///
/// [`HttpServer::authorization`]: crate::http::HttpServer::authorization
#[derive(Clone)]
pub struct ResourceServer {
    inner: Arc<Inner>,
}

#[derive(Clone)]
struct Inner {
    /// The canonical resource URI (scheme and host in lower case).
    resource: String,
    /// `/.well-known/oauth-protected-resource` and the resource URI's path.
    metadata_path: String,
    /// The metadata's absolute URL.
    metadata_url: String,
    authorization_servers: Vec<String>,
    /// Set by [`ResourceServer::scopes_supported`]; else the router's.
    scopes: Option<Vec<String>>,
    /// Shared by the clones made before a router is attached: one
    /// [`HttpServer::authorization`](crate::http::HttpServer::authorization) attaches also
    /// serves the [`metadata_service`](ResourceServer::metadata_service) cloned earlier.
    router: Arc<OnceLock<Arc<Router>>>,
    name: Option<String>,
    documentation: Option<String>,
    verifier: Arc<dyn TokenVerifier>,
    /// `resource_metadata="…"`, quoted once.
    metadata_param: String,
}

impl fmt::Debug for ResourceServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &*self.inner;
        f.debug_struct("ResourceServer")
            .field("resource", &inner.resource)
            .field("authorization_servers", &inner.authorization_servers)
            .field("scopes_supported", &self.scopes())
            .field("metadata_url", &inner.metadata_url)
            .finish_non_exhaustive()
    }
}

impl ResourceServer {
    /// A resource server for the resource URI `resource` (the public URL of the MCP
    /// endpoint, as clients reach it: `https://mcp.example.com/mcp`), whose bearer tokens
    /// `verifier` checks. The URI must be `https` (`http` only on loopback, for tests and
    /// local use), name a host, and have no user info, query or fragment; the scheme and
    /// host are kept in lower case.
    ///
    /// # Errors
    ///
    /// A [`UriError`] naming the URI and the rule it breaks.
    pub fn new(resource: &str, verifier: impl TokenVerifier) -> Result<Self, UriError> {
        let Parsed {
            scheme,
            authority,
            path,
        } = parse(resource, "resource URI")?;
        // RFC 9728 §3.1: the well-known segment goes between the host and the path; a
        // path that is only `/` adds nothing.
        let suffix = if path == "/" { "" } else { path.as_str() };
        let metadata_path = format!("{}{suffix}", metadata::WELL_KNOWN);
        let metadata_url = format!("{scheme}://{authority}{metadata_path}");
        let inner = Inner {
            resource: format!("{scheme}://{authority}{path}"),
            metadata_param: format!("resource_metadata=\"{metadata_url}\""),
            metadata_path,
            metadata_url,
            authorization_servers: Vec::new(),
            scopes: None,
            router: Arc::default(),
            name: None,
            documentation: None,
            verifier: Arc::new(verifier),
        };
        Ok(Self {
            inner: Arc::new(inner),
        })
    }

    fn update(mut self, change: impl FnOnce(&mut Inner)) -> Self {
        let inner = Arc::make_mut(&mut self.inner);
        change(inner);
        self
    }

    /// Adds an authorization server (its issuer URL, as its own metadata names it) to the
    /// metadata's `authorization_servers`; call once per server.
    ///
    /// # Errors
    ///
    /// A [`UriError`] for an issuer that is not `https` (`http` only on loopback) or has a
    /// query or fragment.
    pub fn authorization_server(self, issuer: &str) -> Result<Self, UriError> {
        parse(issuer, "authorization server")?;
        let issuer = issuer.to_owned();
        Ok(self.update(|inner| {
            if !inner.authorization_servers.contains(&issuer) {
                inner.authorization_servers.push(issuer);
            }
        }))
    }

    /// The scopes the metadata lists as `scopes_supported`, instead of the router's
    /// ([`Router::scopes_supported`]: every scope a handler needs, and the default ones).
    #[must_use]
    pub fn scopes_supported<S: Into<String>>(self, scopes: impl IntoIterator<Item = S>) -> Self {
        let scopes: Vec<String> = scopes.into_iter().map(Into::into).collect();
        self.update(|inner| inner.scopes = Some(scopes))
    }

    /// A human-readable name for the metadata (`resource_name`).
    #[must_use]
    pub fn resource_name(self, name: impl Into<String>) -> Self {
        let name = name.into();
        self.update(|inner| inner.name = Some(name))
    }

    /// A page documenting the server, for the metadata (`resource_documentation`).
    #[must_use]
    pub fn resource_documentation(self, url: impl Into<String>) -> Self {
        let url = url.into();
        self.update(|inner| inner.documentation = Some(url))
    }

    /// The router whose handlers' scopes are checked ([`ResourceServer::layer`] reads the
    /// `Mcp-Method` / `Mcp-Name` headers against it) and listed in the metadata (unless
    /// [`scopes_supported`](Self::scopes_supported) says otherwise).
    /// Without one, [`HttpServer::authorization`](crate::http::HttpServer::authorization)
    /// attaches the endpoint's, for this resource server and every clone of it (a
    /// [`metadata_service`](Self::metadata_service) made before lists its scopes too).
    #[must_use]
    pub fn router(self, router: impl Into<Arc<Router>>) -> Self {
        let router = router.into();
        self.update(|inner| inner.router = Arc::new(OnceLock::from(router)))
    }

    /// Attaches `router` unless one is (this server and its clones share it).
    #[cfg(feature = "http")]
    pub(crate) fn attach(&self, router: &Arc<Router>) {
        let _ = self.inner.router.set(Arc::clone(router));
    }

    /// The canonical resource URI (scheme and host in lower case).
    pub fn resource(&self) -> &str {
        &self.inner.resource
    }

    /// The authorization servers (issuer URLs), in the order added.
    pub fn authorization_servers(&self) -> &[String] {
        &self.inner.authorization_servers
    }

    /// The metadata's `scopes_supported`: as set, else the attached router's, else none.
    pub fn scopes(&self) -> Vec<String> {
        scopes_of(&self.inner)
    }

    /// Where the metadata is served: `/.well-known/oauth-protected-resource` followed by
    /// the resource URI's path (RFC 9728 §3.1): `/.well-known/oauth-protected-resource/mcp`
    /// for `https://mcp.example.com/mcp`. Served by the own endpoint at this path, and by
    /// [`metadata_service`](Self::metadata_service) wherever it is routed.
    pub fn metadata_path(&self) -> &str {
        &self.inner.metadata_path
    }

    /// The metadata's absolute URL, as `WWW-Authenticate: Bearer resource_metadata="…"`
    /// names it.
    pub fn metadata_url(&self) -> &str {
        &self.inner.metadata_url
    }

    /// The RFC 9728 metadata document (JSON): `resource`, `authorization_servers`,
    /// `scopes_supported` (when there are any), `bearer_methods_supported: ["header"]`,
    /// and `resource_name` / `resource_documentation` when set.
    ///
    /// ```
    /// # use mcp_content::auth::{AuthError, Principal, ResourceServer, TokenVerifier};
    /// # use mcp_content::handler::BoxFuture;
    /// # struct Refuse;
    /// # impl TokenVerifier for Refuse {
    /// #     fn verify<'a>(&'a self, _: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
    /// #         Box::pin(async { Err(AuthError::invalid("no")) })
    /// #     }
    /// # }
    /// # fn main() -> Result<(), mcp_content::auth::UriError> {
    /// let resource = ResourceServer::new("https://mcp.example.com/mcp", Refuse)?
    ///     .authorization_server("https://auth.example.com")?
    ///     .scopes_supported(["notes:read"]);
    /// let json: serde_json::Value = serde_json::from_slice(&resource.metadata()).unwrap();
    /// assert_eq!(
    ///     json,
    ///     serde_json::json!({
    ///         "resource": "https://mcp.example.com/mcp",
    ///         "authorization_servers": ["https://auth.example.com"],
    ///         "scopes_supported": ["notes:read"],
    ///         "bearer_methods_supported": ["header"],
    ///     })
    /// );
    /// # Ok(()) }
    /// ```
    pub fn metadata(&self) -> Bytes {
        metadata::document(&inner_view(&self.inner))
    }

    /// Verifies the request's bearer token: the verified principal, or the 401 that
    /// refuses the request (no usable `Authorization: Bearer` header, or a token the
    /// verifier refused).
    pub(crate) async fn authenticate(
        &self,
        headers: &HeaderMap,
    ) -> Result<Arc<Principal>, Refusal> {
        let token = match bearer_token(headers) {
            Ok(token) => token,
            Err(why) => {
                tracing::debug!(reason = why, "request without a usable bearer token");
                let scope = self.scope_param(headers);
                return Err(challenge::missing(
                    &self.inner.metadata_param,
                    why,
                    scope.as_deref(),
                ));
            }
        };
        if token.len() > MAX_TOKEN_BYTES {
            let error =
                AuthError::invalid(format!("the token is over {MAX_TOKEN_BYTES} bytes long"));
            return Err(self.refused(&error, token, headers));
        }
        match self.inner.verifier.verify(token).await {
            Ok(principal) => Ok(Arc::new(principal)),
            Err(error) => Err(self.refused(&error, token, headers)),
        }
    }

    /// The `scope` of a 401: the scopes of the handler the request names in its headers,
    /// when there are any.
    fn scope_param(&self, headers: &HeaderMap) -> Option<String> {
        let (scopes, _) = self.scopes_named(headers)?;
        (!scopes.is_empty()).then(|| scopes.join(" "))
    }

    fn refused(&self, error: &AuthError, token: &str, headers: &HeaderMap) -> Refusal {
        // A verifier must not quote the token; should one do it anyway, it is cut out.
        let message = redact(error.message(), token);
        if error.kind() == AuthErrorKind::Unavailable {
            tracing::warn!(reason = %message, "the token could not be verified");
        } else {
            tracing::debug!(reason = %message, "bearer token refused");
        }
        let scope = self.scope_param(headers);
        challenge::invalid_token(&self.inner.metadata_param, &message, scope.as_deref())
    }

    /// The 403 for `principal` when it lacks some of `required` (the scopes of `what`, a
    /// handler such as "tool `x`"); `None` when it has them all.
    pub(crate) fn insufficient(
        &self,
        principal: &Principal,
        required: &[String],
        what: &str,
    ) -> Option<Refusal> {
        let required: Vec<&str> = required.iter().map(String::as_str).collect();
        let missing = principal.missing_scopes(&required);
        if missing.is_empty() {
            return None;
        }
        tracing::debug!(missing = ?missing, handler = what, "insufficient scope");
        Some(challenge::insufficient_scope(
            &self.inner.metadata_param,
            &required,
            &missing,
            what,
        ))
    }

    /// The scopes the request names through its 2026-07-28 `Mcp-Method` / `Mcp-Name`
    /// headers, and what it names, when the attached router has that handler.
    pub(crate) fn scopes_named(&self, headers: &HeaderMap) -> Option<(Vec<String>, String)> {
        let router = self.inner.router.get()?;
        let method = headers.get("mcp-method")?.to_str().ok()?;
        let name = decode_header(headers.get("mcp-name")?)?;
        let scopes = router.scopes_for(method, &name)?;
        Some((
            scopes,
            crate::server::router::scopes::handler_label(method, &name),
        ))
    }
}

/// What [`metadata::document`] reads.
fn inner_view(inner: &Inner) -> metadata::View<'_> {
    metadata::View {
        resource: &inner.resource,
        authorization_servers: &inner.authorization_servers,
        scopes: scopes_of(inner),
        name: inner.name.as_deref(),
        documentation: inner.documentation.as_deref(),
    }
}

fn scopes_of(inner: &Inner) -> Vec<String> {
    match (&inner.scopes, inner.router.get()) {
        (Some(scopes), _) => scopes.clone(),
        (None, Some(router)) => router.scopes_supported(),
        (None, None) => Vec::new(),
    }
}

/// The token of the request's one `Authorization: Bearer <token>` header (RFC 6750 §2.1:
/// the scheme in any case, the token a `b64token`), or why there is none usable. A token
/// in the query or the body is never read (the MCP spec forbids them).
pub(crate) fn bearer_token(headers: &HeaderMap) -> Result<&str, &'static str> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let (Some(value), None) = (values.next(), values.next()) else {
        return Err(if headers.contains_key(header::AUTHORIZATION) {
            "more than one Authorization header"
        } else {
            "no Authorization header"
        });
    };
    let value = value
        .to_str()
        .map_err(|_| "an Authorization header that is not text")?;
    let Some((scheme, token)) = value.split_once(' ') else {
        return Err(if value.eq_ignore_ascii_case("bearer") {
            "a Bearer scheme with no token"
        } else {
            "an Authorization scheme other than Bearer"
        });
    };
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err("an Authorization scheme other than Bearer");
    }
    let token = token.trim_start_matches(' ');
    if token.is_empty() {
        return Err("a Bearer scheme with no token");
    }
    // b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
    let body = token.trim_end_matches('=');
    let well_formed = !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b));
    if !well_formed {
        return Err("a bearer token that is not a b64token (RFC 6750)");
    }
    Ok(token)
}

/// `message` with every occurrence of `token` cut out.
fn redact(message: &str, token: &str) -> String {
    if token.len() < 4 || !message.contains(token) {
        return message.to_owned();
    }
    message.replace(token, "[token]")
}

/// A 2026-07-28 header value: as it is, or `=?base64?…?=` decoded (SEP-2243).
fn decode_header(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    match text
        .strip_prefix("=?base64?")
        .and_then(|rest| rest.strip_suffix("?="))
    {
        Some(encoded) => {
            let bytes = base64_simd::STANDARD.decode_to_vec(encoded).ok()?;
            String::from_utf8(bytes).ok()
        }
        None => Some(text.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(authorization: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in authorization {
            map.append(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn only_one_bearer_header_with_a_b64token_is_read() {
        assert_eq!(
            bearer_token(&headers(&["Bearer abc.DEF-_~+/=="])),
            Ok("abc.DEF-_~+/==")
        );
        assert_eq!(bearer_token(&headers(&["bearer abc"])), Ok("abc"));
        for refused in [
            &[][..],
            &["Bearer"],
            &["Bearer "],
            &["Basic dXNlcjpwYXNz"],
            &["Bearer a b"],
            &["Bearer \"quoted\""],
            &["Bearer ==="],
            &["Bearer abc", "Bearer def"],
        ] {
            assert!(bearer_token(&headers(refused)).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn a_token_quoted_by_a_verifier_is_cut_out() {
        assert_eq!(
            redact("bad token secret-123", "secret-123"),
            "bad token [token]"
        );
        assert_eq!(redact("expired", "secret-123"), "expired");
    }
}
