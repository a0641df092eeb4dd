//! Who is calling: the verified [`Principal`] a transport puts in a handler's
//! [`Context`](crate::Context), the [`TokenVerifier`] seam that turns a bearer token into one,
//! and [`AuthError`], what a verifier answers for a token it does not accept.
//!
//! Transport-free: the HTTP front (401 / 403 with `WWW-Authenticate`, the RFC 9728 metadata
//! route) is in `http/`, the built-in verifiers (JWT with JWKS, RFC 7662 introspection) behind
//! the feature `auth`.

use std::fmt;
use std::time::SystemTime;

use serde_json::{Map, Value};

use crate::server::handler::BoxFuture;

/// The caller a bearer token proved: who (`sub`), through which client (`client_id` /
/// `azp`), with which scopes, until when, and every claim of the token.
///
/// Tasks, payload links, subscriptions, 2025 sessions and sealed `requestState` belong to the
/// principal that created them ([`Principal::owner`]): another principal gets "not found".
#[derive(Clone, PartialEq)]
pub struct Principal {
    issuer: Option<String>,
    subject: Option<String>,
    client_id: Option<String>,
    scopes: Vec<String>,
    expires_at: Option<SystemTime>,
    claims: Map<String, Value>,
}

impl Principal {
    /// A principal with this subject and nothing else (add the rest with the `with_*`
    /// methods).
    ///
    /// ```
    /// use mcp_content::auth::Principal;
    /// let alice = Principal::new("alice").with_scopes(["photos:read"]);
    /// assert!(alice.has_scopes(&["photos:read"]));
    /// assert_eq!(alice.missing_scopes(&["photos:read", "photos:write"]), ["photos:write"]);
    /// ```
    pub fn new(subject: impl Into<String>) -> Self {
        Self {
            issuer: None,
            subject: Some(subject.into()),
            client_id: None,
            scopes: Vec::new(),
            expires_at: None,
            claims: Map::new(),
        }
    }

    /// A principal with no subject (a client-credentials token may name only the client).
    pub fn anonymous() -> Self {
        Self {
            issuer: None,
            subject: None,
            client_id: None,
            scopes: Vec::new(),
            expires_at: None,
            claims: Map::new(),
        }
    }

    /// This principal, issued by `issuer` (the token's `iss`).
    #[must_use]
    pub fn with_issuer(mut self, issuer: impl Into<String>) -> Self {
        self.issuer = Some(issuer.into());
        self
    }

    /// This principal, acting through `client_id`.
    #[must_use]
    pub fn with_client_id(mut self, client_id: impl Into<String>) -> Self {
        self.client_id = Some(client_id.into());
        self
    }

    /// This principal with these scopes (the token's `scope`, split on spaces).
    #[must_use]
    pub fn with_scopes<S: Into<String>>(mut self, scopes: impl IntoIterator<Item = S>) -> Self {
        self.scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// This principal, valid until `expires_at` (the token's `exp`).
    #[must_use]
    pub fn with_expiry(mut self, expires_at: SystemTime) -> Self {
        self.expires_at = Some(expires_at);
        self
    }

    /// This principal with the token's claims.
    #[must_use]
    pub fn with_claims(mut self, claims: Map<String, Value>) -> Self {
        self.claims = claims;
        self
    }

    /// The issuer (`iss`).
    pub fn issuer(&self) -> Option<&str> {
        self.issuer.as_deref()
    }

    /// The subject (`sub`).
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }

    /// The client (`client_id`, or `azp`).
    pub fn client_id(&self) -> Option<&str> {
        self.client_id.as_deref()
    }

    /// The granted scopes.
    pub fn scopes(&self) -> &[String] {
        &self.scopes
    }

    /// When the token expires.
    pub fn expires_at(&self) -> Option<SystemTime> {
        self.expires_at
    }

    /// Every claim of the token (or of the introspection answer).
    pub fn claims(&self) -> &Map<String, Value> {
        &self.claims
    }

    /// Whether every scope in `required` was granted.
    pub fn has_scopes(&self, required: &[&str]) -> bool {
        required
            .iter()
            .all(|scope| self.scopes.iter().any(|have| have == scope))
    }

    /// The scopes of `required` that were not granted, in `required`'s order.
    pub fn missing_scopes<'a>(&self, required: &[&'a str]) -> Vec<&'a str> {
        required
            .iter()
            .copied()
            .filter(|scope| !self.scopes.iter().any(|have| have == scope))
            .collect()
    }

    /// The key what this principal creates is stored under (tasks, payload links,
    /// subscriptions, sessions, sealed state): the issuer and the subject, or the client when
    /// the token names no subject. Two tokens of one user share it; two users never do.
    pub fn owner(&self) -> String {
        let issuer = self.issuer.as_deref().unwrap_or("");
        match (&self.subject, &self.client_id) {
            (Some(subject), _) => format!("sub:{}:{issuer}:{subject}", issuer.len()),
            (None, Some(client)) => format!("client:{}:{issuer}:{client}", issuer.len()),
            (None, None) => format!("anonymous:{}:{issuer}", issuer.len()),
        }
    }
}

/// Never prints the claims (they may hold personal data); the subject and scopes only.
impl fmt::Debug for Principal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Principal")
            .field("issuer", &self.issuer)
            .field("subject", &self.subject)
            .field("client_id", &self.client_id)
            .field("scopes", &self.scopes)
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

/// Why a token was not accepted. The message names the rule, never the token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthError {
    kind: AuthErrorKind,
    message: String,
}

/// What kind of refusal an [`AuthError`] is; the HTTP front maps it to a status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AuthErrorKind {
    /// No usable bearer token: none, empty, another scheme, malformed (401, no error code).
    Missing,
    /// A token that is not valid here: bad signature, expired, not yet valid, wrong issuer or
    /// audience, revoked (401 `invalid_token`).
    InvalidToken,
    /// The verifier could not decide: the issuer's keys or introspection endpoint could not
    /// be reached (401 `invalid_token`; the server logs the cause).
    Unavailable,
}

impl AuthError {
    /// A refusal of this kind with a message naming the rule (never the token).
    pub fn new(kind: AuthErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    /// A token that is not valid here.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(AuthErrorKind::InvalidToken, message)
    }

    /// What kind of refusal this is.
    pub fn kind(&self) -> AuthErrorKind {
        self.kind
    }

    /// The message (names the rule, never the token).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for AuthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for AuthError {}

/// Turns a bearer token into a [`Principal`], or refuses it. Implemented by the built-in
/// verifiers (feature `auth`) and by anyone with their own token format.
///
/// ```
/// use mcp_content::auth::{AuthError, Principal, TokenVerifier};
/// use mcp_content::handler::BoxFuture;
///
/// /// One static token, for a test.
/// struct Static;
/// impl TokenVerifier for Static {
///     fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
///         Box::pin(async move {
///             if token == "let-me-in" {
///                 Ok(Principal::new("tester").with_scopes(["notes:read"]))
///             } else {
///                 Err(AuthError::invalid("unknown token"))
///             }
///         })
///     }
/// }
/// ```
pub trait TokenVerifier: Send + Sync + 'static {
    /// Verifies `token` (the text after `Bearer `). The error's message must not contain the
    /// token.
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>>;
}

impl<T: TokenVerifier + ?Sized> TokenVerifier for std::sync::Arc<T> {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        (**self).verify(token)
    }
}
