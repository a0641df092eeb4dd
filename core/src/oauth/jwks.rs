//! The issuer's signing keys: read from its JWKS (found through its RFC 8414 / OIDC
//! metadata unless configured), kept, and fetched again when a token names a key id the set
//! does not have — at most once per refresh interval, one fetch shared by every caller that
//! missed, never past the fetch timeout. While the JWKS endpoint is down the keys already
//! held keep working.
//!
//! Only signature keys the verifier can use are kept: RSA (2048 bits or more), EC P-256 and
//! P-384, Ed25519. Symmetric (`oct`) keys are dropped when the set is read: an HMAC key is
//! never taken from a published key set.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use http::{StatusCode, Uri};
use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde::Deserialize;
use serde_json::Value;

use super::fetch::{Client, FetchError, check_url};
use crate::server::auth::{AuthError, AuthErrorKind};

/// The most keys read from one JWKS (a real issuer publishes a handful).
const MAX_KEYS: usize = 100;
/// The smallest RSA modulus accepted, in bytes (2048 bits).
const MIN_RSA_MODULUS: usize = 256;

/// What kind of key a JWK is, as far as signature algorithms go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Rsa,
    P256,
    P384,
    Ed25519,
}

impl Kind {
    fn fits(self, alg: Algorithm) -> bool {
        matches!(
            (self, alg),
            (
                Kind::Rsa,
                Algorithm::RS256
                    | Algorithm::RS384
                    | Algorithm::RS512
                    | Algorithm::PS256
                    | Algorithm::PS384
                    | Algorithm::PS512
            ) | (Kind::P256, Algorithm::ES256)
                | (Kind::P384, Algorithm::ES384)
                | (Kind::Ed25519, Algorithm::EdDSA)
        )
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Rsa => "an RSA",
            Kind::P256 => "a P-256",
            Kind::P384 => "a P-384",
            Kind::Ed25519 => "an Ed25519",
        }
    }
}

/// One usable key.
pub(crate) struct Key {
    kid: Option<String>,
    /// The JWK's own `alg`, when it names one: the token's must then be the same.
    alg: Option<Algorithm>,
    kind: Kind,
    pub(crate) decoding: DecodingKey,
}

/// The keys held now, and which fetch produced them.
#[derive(Default)]
pub(crate) struct KeySet {
    keys: Vec<Key>,
    generation: u64,
}

impl KeySet {
    /// The usable signature keys of a JWKS document (the others are skipped); an error when
    /// the document is not a JWKS or holds no usable key.
    pub(crate) fn parse(document: &[u8]) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct Document {
            keys: Vec<Value>,
        }
        let document: Document =
            serde_json::from_slice(document).map_err(|e| format!("not a JWKS document ({e})"))?;
        let keys: Vec<Key> = document
            .keys
            .into_iter()
            .filter_map(|value| serde_json::from_value::<Jwk>(value).ok())
            .filter_map(|jwk| usable(&jwk))
            .take(MAX_KEYS)
            .collect();
        if keys.is_empty() {
            return Err(
                "the JWKS holds no usable signature key (RSA of 2048 bits or more, \
                        EC P-256 or P-384, Ed25519)"
                    .into(),
            );
        }
        Ok(Self {
            keys,
            generation: 0,
        })
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The key for a token with this `kid` and `alg`: `Ok(None)` when the set has no key of
    /// that id (a refresh may bring it), an error when the key named cannot verify `alg`.
    pub(crate) fn find(
        &self,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<Option<&Key>, AuthError> {
        let Some(kid) = kid else {
            // No `kid`: only an issuer with a single key for this algorithm is unambiguous.
            let mut fitting = self
                .keys
                .iter()
                .filter(|key| key.kind.fits(alg) && key.alg.is_none_or(|a| a == alg));
            return match (fitting.next(), fitting.next()) {
                (Some(key), None) => Ok(Some(key)),
                (None, _) => Ok(None),
                (Some(_), Some(_)) => Err(AuthError::invalid(
                    "the token names no key id (kid) and the issuer has several keys",
                )),
            };
        };
        let Some(key) = self.keys.iter().find(|key| key.kid.as_deref() == Some(kid)) else {
            return Ok(None);
        };
        if !key.kind.fits(alg) {
            return Err(AuthError::invalid(format!(
                "the token's key is {} key, which cannot verify algorithm {alg:?}",
                key.kind.name()
            )));
        }
        if let Some(own) = key.alg.filter(|own| *own != alg) {
            return Err(AuthError::invalid(format!(
                "the token's key is for algorithm {own:?}, not {alg:?}"
            )));
        }
        Ok(Some(key))
    }
}

/// `jwk` as a key, if it is a signature key this verifier can use.
fn usable(jwk: &Jwk) -> Option<Key> {
    if matches!(
        jwk.common.public_key_use,
        Some(ref use_) if *use_ != PublicKeyUse::Signature
    ) {
        return None;
    }
    let kind = match &jwk.algorithm {
        AlgorithmParameters::RSA(rsa) => {
            let modulus = base64_simd::URL_SAFE_NO_PAD
                .decode_to_vec(rsa.n.trim_end_matches('='))
                .ok()?;
            let significant = modulus.iter().skip_while(|b| **b == 0).count();
            if significant < MIN_RSA_MODULUS {
                return None;
            }
            Kind::Rsa
        }
        AlgorithmParameters::EllipticCurve(ec) => match ec.curve {
            EllipticCurve::P256 => Kind::P256,
            EllipticCurve::P384 => Kind::P384,
            _ => return None,
        },
        AlgorithmParameters::OctetKeyPair(okp) if okp.curve == EllipticCurve::Ed25519 => {
            Kind::Ed25519
        }
        // `oct` (an HMAC secret) and anything else: never a verification key here.
        _ => return None,
    };
    let alg = match jwk.common.key_algorithm {
        None => None,
        Some(KeyAlgorithm::UNKNOWN_ALGORITHM) => return None,
        Some(alg) => {
            let alg = Algorithm::try_from(alg).ok()?;
            if !kind.fits(alg) {
                return None;
            }
            Some(alg)
        }
    };
    let decoding = DecodingKey::from_jwk(jwk).ok()?;
    Some(Key {
        kid: jwk.common.key_id.clone(),
        alg,
        kind,
        decoding,
    })
}

/// Where the keys come from.
#[derive(Debug, Clone)]
pub(crate) enum Source {
    /// Given once, never fetched.
    Fixed,
    /// This JWKS URL.
    Url(Uri),
    /// The issuer's metadata names the JWKS URL.
    Discover { issuer: String },
}

struct RefreshState {
    last_attempt: Option<Instant>,
    last_error: Option<String>,
    /// The JWKS URL, once configured or discovered.
    jwks_uri: Option<Uri>,
}

/// How the key store fetches.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FetchPolicy {
    pub(crate) timeout: Duration,
    pub(crate) refresh_interval: Duration,
    pub(crate) max_bytes: usize,
}

/// The keys of one issuer, fetched and refreshed.
pub(crate) struct KeyStore {
    source: Source,
    policy: FetchPolicy,
    client: Option<Client>,
    current: RwLock<Arc<KeySet>>,
    generations: AtomicU64,
    refresh: tokio::sync::Mutex<RefreshState>,
    fetches: AtomicU64,
}

impl KeyStore {
    pub(crate) fn new(source: Source, fixed: Option<KeySet>, policy: FetchPolicy) -> Self {
        let jwks_uri = match &source {
            Source::Url(uri) => Some(uri.clone()),
            _ => None,
        };
        let client = (!matches!(source, Source::Fixed)).then(Client::new);
        Self {
            source,
            policy,
            client,
            current: RwLock::new(Arc::new(fixed.unwrap_or_default())),
            generations: AtomicU64::new(0),
            refresh: tokio::sync::Mutex::new(RefreshState {
                last_attempt: None,
                last_error: None,
                jwks_uri,
            }),
            fetches: AtomicU64::new(0),
        }
    }

    pub(crate) fn source(&self) -> &Source {
        &self.source
    }

    /// How many times the JWKS (or the metadata) was requested.
    pub(crate) fn fetches(&self) -> u64 {
        self.fetches.load(Ordering::Relaxed)
    }

    pub(crate) fn current(&self) -> Arc<KeySet> {
        Arc::clone(&self.current.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// The key set that holds the token's key, fetching the issuer's keys again when the
    /// set held now does not have it (rate-limited, shared, bounded by the fetch timeout).
    /// The key is then `set.find(kid, alg)`.
    pub(crate) async fn key_set_for(
        &self,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<Arc<KeySet>, AuthError> {
        let held = self.current();
        if held.find(kid, alg)?.is_some() {
            return Ok(held);
        }
        if matches!(self.source, Source::Fixed) {
            return Err(no_key(kid));
        }
        let deadline = self.policy.timeout;
        match tokio::time::timeout(deadline, self.refresh(held.generation)).await {
            Err(_) => {
                return Err(AuthError::new(
                    AuthErrorKind::Unavailable,
                    format!(
                        "the issuer's keys could not be fetched: no answer within {} ms",
                        deadline.as_millis()
                    ),
                ));
            }
            Ok(Err(error)) => return Err(error),
            Ok(Ok(())) => {}
        }
        let fresh = self.current();
        if fresh.find(kid, alg)?.is_some() {
            Ok(fresh)
        } else {
            Err(no_key(kid))
        }
    }

    /// Fetches the keys again unless another caller did since `seen` or the last attempt is
    /// more recent than the refresh interval.
    async fn refresh(&self, seen: u64) -> Result<(), AuthError> {
        let mut state = self.refresh.lock().await;
        if self.current().generation != seen {
            return Ok(());
        }
        if let Some(last) = state.last_attempt
            && last.elapsed() < self.policy.refresh_interval
        {
            return match &state.last_error {
                Some(error) if self.current().is_empty() => Err(unavailable(error)),
                _ => Ok(()),
            };
        }
        state.last_attempt = Some(Instant::now());
        match self.fetch(&mut state).await {
            Ok(mut set) => {
                set.generation = self.generations.fetch_add(1, Ordering::Relaxed) + 1;
                *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(set);
                state.last_error = None;
                Ok(())
            }
            Err(error) => {
                state.last_error = Some(error.clone());
                Err(unavailable(&error))
            }
        }
    }

    async fn fetch(&self, state: &mut RefreshState) -> Result<KeySet, String> {
        let Some(client) = &self.client else {
            return Err("no JWKS URL".into());
        };
        let jwks_uri = if let Some(uri) = &state.jwks_uri {
            uri.clone()
        } else {
            let Source::Discover { issuer } = &self.source else {
                return Err("no JWKS URL".into());
            };
            let uri = self.discover(client, issuer).await?;
            state.jwks_uri = Some(uri.clone());
            uri
        };
        self.fetches.fetch_add(1, Ordering::Relaxed);
        let answer = client
            .get(&jwks_uri, self.policy.timeout, self.policy.max_bytes)
            .await
            .map_err(|e| format!("JWKS {jwks_uri}: {e}"))?;
        if answer.status != StatusCode::OK {
            return Err(format!("JWKS {jwks_uri}: HTTP {}", answer.status.as_u16()));
        }
        KeySet::parse(&answer.body).map_err(|e| format!("JWKS {jwks_uri}: {e}"))
    }

    /// The JWKS URL from the issuer's RFC 8414 metadata, or its OIDC configuration; the
    /// metadata must name this issuer (RFC 8414 §3.3).
    async fn discover(&self, client: &Client, issuer: &str) -> Result<Uri, String> {
        #[derive(Deserialize)]
        struct Metadata {
            issuer: Option<String>,
            jwks_uri: Option<String>,
        }
        let mut tried = Vec::new();
        for url in metadata_urls(issuer) {
            let Ok(uri) = url.parse::<Uri>() else {
                continue;
            };
            self.fetches.fetch_add(1, Ordering::Relaxed);
            let answer = match client
                .get(&uri, self.policy.timeout, self.policy.max_bytes)
                .await
            {
                Ok(answer) if answer.status == StatusCode::OK => answer,
                Ok(answer) => {
                    tried.push(format!("{url}: HTTP {}", answer.status.as_u16()));
                    continue;
                }
                Err(FetchError::Timeout(limit)) => {
                    return Err(format!("{url}: no answer within {} ms", limit.as_millis()));
                }
                Err(e) => {
                    tried.push(format!("{url}: {e}"));
                    continue;
                }
            };
            let metadata: Metadata = serde_json::from_slice(&answer.body)
                .map_err(|e| format!("{url}: not authorization-server metadata ({e})"))?;
            if metadata.issuer.as_deref() != Some(issuer) {
                return Err(format!(
                    "{url}: the metadata's issuer is not {issuer} (RFC 8414 section 3.3)"
                ));
            }
            let jwks_uri = metadata
                .jwks_uri
                .ok_or_else(|| format!("{url}: the metadata names no jwks_uri"))?;
            return check_url("jwks_uri", &jwks_uri).map_err(|e| format!("{url}: {e}"));
        }
        Err(format!(
            "no authorization-server metadata found ({})",
            tried.join("; ")
        ))
    }
}

/// Where an issuer's metadata may be: RFC 8414's `oauth-authorization-server` and OIDC's
/// `openid-configuration`, inserted before the issuer's path, then OIDC's appended to it
/// (the order of the MCP authorization spec).
pub(crate) fn metadata_urls(issuer: &str) -> Vec<String> {
    let trimmed = issuer.trim_end_matches('/');
    let (origin, path) = match trimmed.find("://").map(|i| i + 3) {
        Some(start) => match trimmed[start..].find('/') {
            Some(slash) => trimmed.split_at(start + slash),
            None => (trimmed, ""),
        },
        None => (trimmed, ""),
    };
    let mut urls = vec![
        format!("{origin}/.well-known/oauth-authorization-server{path}"),
        format!("{origin}/.well-known/openid-configuration{path}"),
    ];
    if !path.is_empty() {
        urls.push(format!("{trimmed}/.well-known/openid-configuration"));
    }
    urls
}

fn no_key(kid: Option<&str>) -> AuthError {
    AuthError::invalid(if kid.is_some() {
        "the token's key id (kid) is not in the issuer's JWKS"
    } else {
        "no key in the issuer's JWKS fits the token's algorithm"
    })
}

fn unavailable(cause: &str) -> AuthError {
    AuthError::new(
        AuthErrorKind::Unavailable,
        format!("the issuer's keys could not be fetched: {cause}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_is_looked_up_where_rfc_8414_and_openid_put_it() {
        assert_eq!(
            metadata_urls("https://auth.example.com"),
            [
                "https://auth.example.com/.well-known/oauth-authorization-server",
                "https://auth.example.com/.well-known/openid-configuration",
            ]
        );
        assert_eq!(
            metadata_urls("https://auth.example.com/realms/mcp"),
            [
                "https://auth.example.com/.well-known/oauth-authorization-server/realms/mcp",
                "https://auth.example.com/.well-known/openid-configuration/realms/mcp",
                "https://auth.example.com/realms/mcp/.well-known/openid-configuration",
            ]
        );
    }

    #[test]
    fn symmetric_and_encryption_keys_are_never_kept() {
        let document = br#"{"keys":[
            {"kty":"oct","k":"c2VjcmV0","kid":"hmac"},
            {"kty":"EC","crv":"P-256","use":"enc","kid":"enc",
             "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        ]}"#;
        let error = KeySet::parse(document).map(|_| ()).unwrap_err();
        assert!(error.contains("no usable signature key"), "{error}");
        let document = br#"{"keys":[
            {"kty":"EC","crv":"P-256","kid":"ec",
             "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        ]}"#;
        let set = KeySet::parse(document).unwrap();
        assert!(set.find(Some("ec"), Algorithm::ES256).unwrap().is_some());
        let wrong = set
            .find(Some("ec"), Algorithm::RS256)
            .map(|_| ())
            .unwrap_err();
        assert!(wrong.message().contains("P-256"), "{wrong}");
        assert!(set.find(Some("other"), Algorithm::ES256).unwrap().is_none());
    }
}
