//! [`JwtVerifier`]: a JWT access token checked against the issuer's published keys (JWKS):
//! signature (RSA, ECDSA, `EdDSA`; never `none`, never HMAC), `iss`, `aud` (RFC 8707: the
//! server's own resource URI), `exp` / `nbf` with a small leeway. On `jsonwebtoken`.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, AlgorithmFamily, Validation};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::cache::TokenCache;
use super::fetch::{VerifierConfigError, check_url};
use super::jwks::{FetchPolicy, KeySet, KeyStore, Source};
use super::options::{Options, more_than_zero, option_setters, required};
use crate::handler::BoxFuture;
use crate::server::auth::{AuthError, AuthErrorKind, Principal, TokenVerifier};

/// The largest JWKS or metadata document read.
const MAX_DOCUMENT_BYTES: usize = 1024 * 1024;
/// The largest JWT header read (after base64).
const MAX_HEADER_BYTES: usize = 2 * 1024;

/// Every signature algorithm accepted; HMAC (`HS*`) and `none` never are.
const ACCEPTED: [Algorithm; 9] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

/// Verifies JWT access tokens with the issuer's published keys. A [`TokenVerifier`]: give it
/// to the bearer-token layer.
///
/// What it checks, in order, each refusal naming its rule (never the token):
/// - the token is at most 8 KiB ([`max_token_bytes`](JwtVerifierBuilder::max_token_bytes)),
///   else refused before it is parsed;
/// - the header's `alg` is RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384 or `EdDSA`:
///   `none` and HMAC (`HS256`…) are refused, so a token "signed" with the issuer's public key
///   as an HMAC secret never verifies;
/// - the key named by `kid` is in the issuer's JWKS and is of the header's kind (and of its
///   `alg`, when the JWK names one); an unknown `kid` fetches the JWKS again, at most once
///   per [`refresh_interval`](JwtVerifierBuilder::refresh_interval) (30 s), one fetch shared
///   by every caller, never waiting past the
///   [`fetch_timeout`](JwtVerifierBuilder::fetch_timeout) (5 s); the keys held keep working
///   while the JWKS endpoint is down;
/// - the signature;
/// - `iss` is the configured issuer exactly; `aud` (a string or an array) contains the
///   configured audience, this server's resource URI (RFC 8707: a token issued for another
///   resource is refused, never passed through); `exp` is present and not past; `nbf`, when
///   present, is not ahead; both with the [`leeway`](JwtVerifierBuilder::leeway) (30 s).
///
/// The [`Principal`]: `sub`, `client_id` (or `azp`), the scopes of `scope` (a space-separated
/// string) or `scp` (an array), `exp`, `iss`, and every claim.
///
/// A verified token is cached by its SHA-256 until its `exp` (10 000 tokens,
/// [`cache_capacity`](JwtVerifierBuilder::cache_capacity)): a client's second call costs a
/// hash and a lookup. Cheap to clone (shared).
///
/// ```no_run
/// use std::time::Duration;
/// use mcp_content::auth::{JwtVerifier, TokenVerifier};
///
/// # async fn run(token: &str) -> Result<(), Box<dyn std::error::Error>> {
/// let verifier = JwtVerifier::builder()
///     .issuer("https://auth.example.com")
///     .audience("https://mcp.example.com/mcp")
///     .leeway(Duration::from_secs(30))
///     .build()?;
/// let principal = verifier.verify(token).await?;
/// println!("{:?} may use {:?}", principal.subject(), principal.scopes());
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct JwtVerifier {
    inner: Arc<Inner>,
}

struct Inner {
    issuer: String,
    audience: String,
    /// One per algorithm family (`jsonwebtoken` wants the algorithms of one family):
    /// RSA, EC, Ed25519.
    validations: [Validation; 3],
    max_token_bytes: usize,
    keys: KeyStore,
    cache: TokenCache,
}

impl fmt::Debug for JwtVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys = match self.inner.keys.source() {
            Source::Fixed => "given".to_owned(),
            Source::Url(uri) => uri.to_string(),
            Source::Discover { .. } => "from the issuer's metadata".to_owned(),
        };
        f.debug_struct("JwtVerifier")
            .field("issuer", &self.inner.issuer)
            .field("audience", &self.inner.audience)
            .field("keys", &keys)
            .field("leeway_seconds", &self.inner.validations[0].leeway)
            .finish_non_exhaustive()
    }
}

/// Settings of a [`JwtVerifier`]: the issuer and the audience are required.
///
/// ```
/// use std::time::Duration;
/// use mcp_content::auth::JwtVerifier;
///
/// let verifier = JwtVerifier::builder()
///     .issuer("https://auth.example.com")
///     .audience("https://mcp.example.com/mcp")
///     .jwks_uri("https://auth.example.com/.well-known/jwks.json")
///     .leeway(Duration::from_secs(30))
///     .fetch_timeout(Duration::from_secs(3))
///     .refresh_interval(Duration::from_secs(60))
///     .build()
///     .unwrap();
/// # let _ = verifier;
/// ```
#[derive(Debug, Clone)]
#[must_use]
pub struct JwtVerifierBuilder {
    options: Options,
    jwks_uri: Option<String>,
    jwks_document: Option<String>,
    fetch_timeout: Duration,
    refresh_interval: Duration,
}

impl JwtVerifier {
    /// Starts the settings.
    pub fn builder() -> JwtVerifierBuilder {
        JwtVerifierBuilder {
            options: Options::default(),
            jwks_uri: None,
            jwks_document: None,
            fetch_timeout: Duration::from_secs(5),
            refresh_interval: Duration::from_secs(30),
        }
    }

    /// How many times this verifier requested the issuer's JWKS or metadata (for tests and
    /// metrics).
    pub fn key_fetches(&self) -> u64 {
        self.inner.keys.fetches()
    }

    /// Verifies `token` without the cache (neither read nor filled): what a first call
    /// costs.
    pub async fn verify_uncached(&self, token: &str) -> Result<Principal, AuthError> {
        self.inner.check(token).await
    }
}

impl JwtVerifierBuilder {
    option_setters! {
        /// This server's resource URI (RFC 8707; the same as in its protected-resource
        /// metadata): a token's `aud` must contain it.
        audience;
        /// The authorization server that issues the tokens (`iss`, compared exactly).
        /// `https:`, or `http:` on a loopback host only. Unless [`jwks_uri`](Self::jwks_uri)
        /// is set, its keys are found through its RFC 8414 metadata
        /// (`/.well-known/oauth-authorization-server`), then its OIDC configuration.
        issuer;
        /// The largest token accepted, in bytes (8 KiB unless set); a longer one is refused
        /// before it is parsed.
        max_token_bytes;
        /// How many verified tokens are remembered (10 000 unless set; 0 turns the cache off).
        cache_capacity;
    }

    /// The issuer's JWKS URL, instead of finding it in the issuer's metadata.
    pub fn jwks_uri(mut self, url: impl Into<String>) -> Self {
        self.jwks_uri = Some(url.into());
        self
    }

    /// The issuer's keys as a JWKS document, instead of fetching them (keys rotate only
    /// when the verifier is built again).
    pub fn jwks_document(mut self, document: impl Into<String>) -> Self {
        self.jwks_document = Some(document.into());
        self
    }

    /// The longest a fetch of the issuer's metadata and keys may take, waiting for a fetch
    /// another call started included (5 s unless set).
    pub fn fetch_timeout(mut self, timeout: Duration) -> Self {
        self.fetch_timeout = timeout;
        self
    }

    /// The shortest time between two fetches of the JWKS (30 s unless set): tokens with
    /// unknown key ids cannot make the verifier hammer the issuer.
    pub fn refresh_interval(mut self, interval: Duration) -> Self {
        self.refresh_interval = interval;
        self
    }

    /// The verifier, or the setting that cannot work.
    pub fn build(self) -> Result<JwtVerifier, VerifierConfigError> {
        let issuer = required(self.options.issuer, "issuer")?;
        check_url("issuer", &issuer)?;
        let audience = self.options.audience.ok_or_else(|| {
            VerifierConfigError::new("audience", "required (this server's resource URI)")
        })?;
        if audience.is_empty() {
            return Err(VerifierConfigError::new("audience", "must not be empty"));
        }
        more_than_zero("fetch_timeout", self.fetch_timeout.is_zero())?;
        more_than_zero("max_token_bytes", self.options.max_token_bytes == 0)?;
        let (source, fixed) = match (self.jwks_document, self.jwks_uri) {
            (Some(_), Some(_)) => {
                return Err(VerifierConfigError::new(
                    "jwks_document",
                    "set either jwks_document or jwks_uri, not both",
                ));
            }
            (Some(document), None) => {
                let set = KeySet::parse(document.as_bytes())
                    .map_err(|e| VerifierConfigError::new("jwks_document", e))?;
                (Source::Fixed, Some(set))
            }
            (None, Some(url)) => (Source::Url(check_url("jwks_uri", &url)?), None),
            (None, None) => (
                Source::Discover {
                    issuer: issuer.clone(),
                },
                None,
            ),
        };
        let validation = |family: AlgorithmFamily| {
            let mut validation = Validation::new(Algorithm::RS256);
            validation.algorithms = ACCEPTED
                .iter()
                .copied()
                .filter(|alg| alg.family() == family)
                .collect();
            validation.leeway = self.options.leeway.as_secs();
            validation.validate_exp = true;
            validation.validate_nbf = true;
            validation.validate_aud = true;
            validation.set_required_spec_claims(&["exp", "iss", "aud"]);
            validation.set_issuer(&[issuer.as_str()]);
            validation.set_audience(&[audience.as_str()]);
            validation
        };
        let validations = [
            validation(AlgorithmFamily::Rsa),
            validation(AlgorithmFamily::Ec),
            validation(AlgorithmFamily::Ed),
        ];
        let policy = FetchPolicy {
            timeout: self.fetch_timeout,
            refresh_interval: self.refresh_interval,
            max_bytes: MAX_DOCUMENT_BYTES,
        };
        Ok(JwtVerifier {
            inner: Arc::new(Inner {
                keys: KeyStore::new(source, fixed, policy),
                issuer,
                audience,
                validations,
                max_token_bytes: self.options.max_token_bytes,
                cache: TokenCache::new(self.options.cache_capacity, None),
            }),
        })
    }
}

impl TokenVerifier for JwtVerifier {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        Box::pin(async move {
            admissible(token, self.inner.max_token_bytes)?;
            let checked = || self.inner.check(token);
            self.inner.cache.get_or_check(token, checked).await
        })
    }
}

fn too_large(max: usize) -> AuthError {
    AuthError::invalid(format!("token is larger than {max} bytes"))
}

/// Refuses, before any work, a token longer than `max` bytes or an empty one: what both
/// built-in verifiers check first.
pub(super) fn admissible(token: &str, max: usize) -> Result<(), AuthError> {
    if token.len() > max {
        return Err(too_large(max));
    }
    if token.is_empty() {
        return Err(AuthError::new(AuthErrorKind::Missing, "no bearer token"));
    }
    Ok(())
}

/// The part of the header read before the key is chosen.
#[derive(Deserialize)]
struct Header {
    alg: String,
    kid: Option<String>,
}

impl Inner {
    async fn check(&self, token: &str) -> Result<Principal, AuthError> {
        if token.len() > self.max_token_bytes {
            return Err(too_large(self.max_token_bytes));
        }
        let header = read_header(token)?;
        let alg = accepted_algorithm(&header.alg)?;
        let set = self.keys.key_set_for(header.kid.as_deref(), alg).await?;
        let Some(key) = set.find(header.kid.as_deref(), alg)? else {
            return Err(AuthError::invalid(
                "the token's key is not in the issuer's JWKS",
            ));
        };
        let validation = match alg.family() {
            AlgorithmFamily::Ec => &self.validations[1],
            AlgorithmFamily::Ed => &self.validations[2],
            _ => &self.validations[0],
        };
        let data = jsonwebtoken::decode::<Map<String, Value>>(token, &key.decoding, validation)
            .map_err(|e| self.refusal(e.kind()))?;
        Ok(principal_from_claims(data.claims))
    }

    fn refusal(&self, kind: &ErrorKind) -> AuthError {
        AuthError::invalid(match kind {
            ErrorKind::InvalidSignature => {
                "signature does not verify with the issuer's key".to_owned()
            }
            ErrorKind::ExpiredSignature => "token expired (exp)".to_owned(),
            ErrorKind::ImmatureSignature => "token not yet valid (nbf)".to_owned(),
            ErrorKind::InvalidIssuer => format!("issuer (iss) is not {}", self.issuer),
            ErrorKind::InvalidAudience => {
                format!("audience (aud) does not include {}", self.audience)
            }
            ErrorKind::MissingRequiredClaim(claim) => format!("token has no {claim} claim"),
            ErrorKind::InvalidClaimFormat(claim) => {
                format!("the token's {claim} claim is malformed")
            }
            ErrorKind::InvalidAlgorithm => "the token's algorithm does not fit its key".to_owned(),
            ErrorKind::Base64(_)
            | ErrorKind::Json(_)
            | ErrorKind::Utf8(_)
            | ErrorKind::InvalidToken => {
                "token is not a JWT (three base64url parts: header, claims, signature)".to_owned()
            }
            _ => "token is not valid".to_owned(),
        })
    }
}

/// The header's `alg` and `kid`, read without trusting anything else.
fn read_header(token: &str) -> Result<Header, AuthError> {
    let malformed = || {
        AuthError::invalid("token is not a JWT (three base64url parts: header, claims, signature)")
    };
    let mut parts = token.split('.');
    let (Some(header), Some(_), Some(_), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(malformed());
    };
    if header.len() > MAX_HEADER_BYTES * 4 / 3 + 4 {
        return Err(AuthError::invalid("the token's header is too large"));
    }
    let bytes = base64_simd::URL_SAFE_NO_PAD
        .decode_to_vec(header)
        .map_err(|_| malformed())?;
    serde_json::from_slice::<Header>(&bytes).map_err(|_| {
        AuthError::invalid("the token's header is not a JSON object with a string alg")
    })
}

/// The header's algorithm, if it is one this verifier accepts.
fn accepted_algorithm(alg: &str) -> Result<Algorithm, AuthError> {
    let accepted = match alg {
        "RS256" => Some(Algorithm::RS256),
        "RS384" => Some(Algorithm::RS384),
        "RS512" => Some(Algorithm::RS512),
        "PS256" => Some(Algorithm::PS256),
        "PS384" => Some(Algorithm::PS384),
        "PS512" => Some(Algorithm::PS512),
        "ES256" => Some(Algorithm::ES256),
        "ES384" => Some(Algorithm::ES384),
        "EdDSA" => Some(Algorithm::EdDSA),
        _ => None,
    };
    if let Some(accepted) = accepted {
        return Ok(accepted);
    }
    Err(AuthError::invalid(match alg {
        "none" | "None" | "NONE" => "algorithm none is not accepted (the token is unsigned)".to_owned(),
        "HS256" | "HS384" | "HS512" => format!(
            "algorithm {alg} is not accepted (HMAC: a published key is never a shared secret)"
        ),
        _ => "the token's algorithm is not accepted (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, EdDSA are)".to_owned(),
    }))
}

/// A principal from a JWT's claims or an introspection answer: `sub`, `client_id` (or
/// `azp`), `scope` (space-separated) or `scp` (an array, or a string), `exp`, `iss`.
pub(crate) fn principal_from_claims(claims: Map<String, Value>) -> Principal {
    let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::to_owned);
    let mut principal = match text("sub") {
        Some(subject) => Principal::new(subject),
        None => Principal::anonymous(),
    };
    if let Some(issuer) = text("iss") {
        principal = principal.with_issuer(issuer);
    }
    if let Some(client) = text("client_id").or_else(|| text("azp")) {
        principal = principal.with_client_id(client);
    }
    let scopes: Vec<String> = match (claims.get("scope"), claims.get("scp")) {
        (Some(Value::String(scope)), _) | (None, Some(Value::String(scope))) => {
            scope.split_whitespace().map(str::to_owned).collect()
        }
        (None, Some(Value::Array(scp))) => scp
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    };
    principal = principal.with_scopes(scopes);
    if let Some(exp) = claims.get("exp").and_then(Value::as_u64) {
        principal = principal.with_expiry(UNIX_EPOCH + Duration::from_secs(exp));
    }
    principal.with_claims(claims)
}

/// Seconds since the epoch, now.
pub(crate) fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
