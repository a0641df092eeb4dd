//! Hostile bearer tokens against the built-in verifiers: `JwtVerifier` with an issuer served
//! on 127.0.0.1 by the test (RFC 8414 metadata, a JWKS it can take down or make hang, a
//! request count), and `IntrospectionVerifier` against an in-test RFC 7662 endpoint. Every
//! refusal names its rule and never contains the token.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use mcp_content::auth::{
    AuthError, AuthErrorKind, CachedVerifier, IntrospectionVerifier, JwtVerifier, Principal,
    TokenVerifier,
};
use mcp_content::handler::BoxFuture;
use serde_json::{Value, json};

const RESOURCE: &str = "https://mcp.example.com/mcp";
const RSA: &str = include_str!("../../fixtures/auth/rsa2048.pem");
const RSA_ROTATED: &str = include_str!("../../fixtures/auth/rsa2048-rotated.pem");
const RSA_PUBLIC: &str = include_str!("../../fixtures/auth/rsa2048.pub.pem");
const P256: &str = include_str!("../../fixtures/auth/p256.pem");
const ED25519: &str = include_str!("../../fixtures/auth/ed25519.pem");
const SECRET: &str = "introspection-secret";

/// A signing key of the test issuer, with its key id.
struct Signer {
    kid: &'static str,
    alg: Algorithm,
    key: EncodingKey,
}

impl Signer {
    fn rsa() -> Self {
        let key = EncodingKey::from_rsa_pem(RSA.as_bytes()).unwrap();
        Self {
            kid: "rsa-1",
            alg: Algorithm::RS256,
            key,
        }
    }
    fn rsa_rotated() -> Self {
        let key = EncodingKey::from_rsa_pem(RSA_ROTATED.as_bytes()).unwrap();
        Self {
            kid: "rsa-2",
            alg: Algorithm::RS256,
            key,
        }
    }
    fn p256() -> Self {
        let key = EncodingKey::from_ec_pem(P256.as_bytes()).unwrap();
        Self {
            kid: "ec-1",
            alg: Algorithm::ES256,
            key,
        }
    }
    fn ed25519() -> Self {
        let key = EncodingKey::from_ed_pem(ED25519.as_bytes()).unwrap();
        Self {
            kid: "ed-1",
            alg: Algorithm::EdDSA,
            key,
        }
    }

    fn jwk(&self) -> Jwk {
        let mut jwk = Jwk::from_encoding_key(&self.key, self.alg).unwrap();
        jwk.common.key_id = Some(self.kid.to_owned());
        jwk
    }

    fn sign(&self, claims: &Value) -> String {
        self.sign_as(self.kid, claims)
    }

    fn sign_as(&self, kid: &str, claims: &Value) -> String {
        let mut header = Header::new(self.alg);
        header.kid = Some(kid.to_owned());
        jsonwebtoken::encode(&header, claims, &self.key).unwrap()
    }
}

fn jwks(signers: &[&Signer]) -> String {
    let set = JwkSet {
        keys: signers.iter().map(|s| s.jwk()).collect(),
    };
    serde_json::to_string(&set).unwrap()
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// What the test issuer serves and counts.
#[derive(Default)]
struct IssuerState {
    base: Mutex<String>,
    jwks: Mutex<String>,
    /// While set, the JWKS endpoint never answers.
    hang: AtomicBool,
    jwks_requests: AtomicUsize,
    introspections: AtomicUsize,
    /// Introspection answers by token.
    answers: Mutex<HashMap<String, Value>>,
}

/// An authorization server on 127.0.0.1: metadata, JWKS, introspection.
struct Issuer {
    state: Arc<IssuerState>,
    url: String,
}

impl Issuer {
    async fn start(jwks: String) -> Self {
        let state = Arc::new(IssuerState::default());
        *state.jwks.lock().unwrap() = jwks;
        let app = axum::Router::new()
            .route("/.well-known/oauth-authorization-server", get(metadata))
            .route("/jwks", get(keys))
            .route("/introspect", post(introspect))
            .with_state(Arc::clone(&state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let url = format!("http://{addr}");
        state.base.lock().unwrap().clone_from(&url);
        Self { state, url }
    }

    fn verifier(&self) -> mcp_content::auth::JwtVerifierBuilder {
        JwtVerifier::builder()
            .issuer(&self.url)
            .audience(RESOURCE)
            .fetch_timeout(Duration::from_millis(500))
    }

    fn claims(&self) -> Value {
        json!({
            "iss": self.url, "aud": RESOURCE, "sub": "alice", "azp": "photo-app",
            "scope": "photos:read photos:write", "exp": now() + 600, "iat": now(),
            "tenant": "t-1",
        })
    }

    fn jwks_requests(&self) -> usize {
        self.state.jwks_requests.load(Ordering::SeqCst)
    }
}

async fn metadata(State(state): State<Arc<IssuerState>>) -> String {
    let base = state.base.lock().unwrap().clone();
    json!({
        "issuer": base, "jwks_uri": format!("{base}/jwks"),
        "introspection_endpoint": format!("{base}/introspect"),
    })
    .to_string()
}

async fn keys(State(state): State<Arc<IssuerState>>) -> String {
    state.jwks_requests.fetch_add(1, Ordering::SeqCst);
    if state.hang.load(Ordering::SeqCst) {
        tokio::time::sleep(Duration::from_secs(30)).await;
    }
    state.jwks.lock().unwrap().clone()
}

async fn introspect(
    State(state): State<Arc<IssuerState>>,
    headers: HeaderMap,
    body: String,
) -> (StatusCode, String) {
    state.introspections.fetch_add(1, Ordering::SeqCst);
    let expected = format!(
        "Basic {}",
        base64_simd::STANDARD.encode_to_string(format!("mcp-server:{SECRET}"))
    );
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(expected.as_str()) {
        return (
            StatusCode::UNAUTHORIZED,
            "{\"error\":\"invalid_client\"}".into(),
        );
    }
    let token = body
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .unwrap_or_default()
        .to_owned();
    let answer = state.answers.lock().unwrap().get(&token).cloned();
    let answer = answer.unwrap_or_else(|| json!({ "active": false }));
    (StatusCode::OK, answer.to_string())
}

/// `verifier` refuses `token`: the error, checked not to contain the token (nor its
/// signature, when it has one).
async fn refused(verifier: &impl TokenVerifier, token: &str) -> AuthError {
    let error = verifier
        .verify(token)
        .await
        .expect_err("the token must be refused");
    let shown = format!("{error} {error:?}");
    if token.len() >= 8 {
        assert!(!shown.contains(token), "the error shows the token: {shown}");
        if let Some(signature) = token.rsplit('.').next().filter(|s| s.len() >= 8) {
            assert!(
                !shown.contains(signature),
                "the error shows the signature: {shown}"
            );
        }
    }
    error
}

fn assert_rule(error: &AuthError, kind: AuthErrorKind, rule: &str) {
    assert_eq!(error.kind(), kind, "{error}");
    assert!(
        error.message().contains(rule),
        "expected {rule:?} in {error:?}"
    );
}

#[tokio::test]
async fn rs256_es256_and_eddsa_tokens_are_accepted_with_their_principal() {
    let (rsa, ec, ed) = (Signer::rsa(), Signer::p256(), Signer::ed25519());
    let issuer = Issuer::start(jwks(&[&rsa, &ec, &ed])).await;
    // No jwks_uri: found through the issuer's RFC 8414 metadata.
    let verifier = issuer.verifier().build().unwrap();

    let principal = verifier.verify(&rsa.sign(&issuer.claims())).await.unwrap();
    assert_eq!(principal.subject(), Some("alice"));
    assert_eq!(principal.client_id(), Some("photo-app"));
    assert_eq!(principal.issuer(), Some(issuer.url.as_str()));
    assert_eq!(principal.scopes(), ["photos:read", "photos:write"]);
    assert!(principal.expires_at().unwrap() > SystemTime::now());
    assert_eq!(principal.claims()["tenant"], "t-1");

    let mut claims = issuer.claims();
    claims["scope"] = Value::Null;
    claims.as_object_mut().unwrap().remove("scope");
    claims["scp"] = json!(["notes:read"]);
    claims["client_id"] = json!("notes-app");
    let principal = verifier.verify(&ec.sign(&claims)).await.unwrap();
    assert_eq!(principal.scopes(), ["notes:read"]);
    assert_eq!(principal.client_id(), Some("notes-app"));

    let mut claims = issuer.claims();
    claims["aud"] = json!(["https://other.example.com", RESOURCE]);
    let principal = verifier.verify(&ed.sign(&claims)).await.unwrap();
    assert_eq!(principal.subject(), Some("alice"));
    // One metadata request, one JWKS request for all three.
    assert_eq!(verifier.key_fetches(), 2);
    assert_eq!(issuer.jwks_requests(), 1);
}

#[tokio::test]
async fn malformed_and_oversized_tokens_are_refused_before_any_key_is_fetched() {
    let issuer = Issuer::start(jwks(&[&Signer::rsa()])).await;
    let verifier = issuer.verifier().build().unwrap();
    assert_rule(
        &refused(&verifier, "").await,
        AuthErrorKind::Missing,
        "no bearer token",
    );
    for token in [
        "not-a-jwt-at-all",
        "only.two",
        "four.parts.are.many",
        "!!!!.????.****",
        "eyJub3QiOiJqc29uIn0x.e30.c2ln",
    ] {
        let error = refused(&verifier, token).await;
        assert_eq!(
            error.kind(),
            AuthErrorKind::InvalidToken,
            "{token}: {error}"
        );
        assert!(
            error.message().contains("not a JWT") || error.message().contains("header"),
            "{error}"
        );
    }
    let huge = format!(
        "{}.{}.{}",
        "e".repeat(50 * 1024),
        "e".repeat(50 * 1024),
        "s".repeat(400)
    );
    let started = Instant::now();
    let error = refused(&verifier, &huge).await;
    assert!(
        started.elapsed() < Duration::from_millis(50),
        "{:?}",
        started.elapsed()
    );
    assert_rule(
        &error,
        AuthErrorKind::InvalidToken,
        "larger than 8192 bytes",
    );
    assert_eq!(
        verifier.key_fetches(),
        0,
        "nothing was fetched for a malformed token"
    );
}

#[tokio::test]
async fn expired_premature_foreign_issuer_and_foreign_audience_tokens_are_refused() {
    let rsa = Signer::rsa();
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = issuer
        .verifier()
        .leeway(Duration::from_secs(30))
        .build()
        .unwrap();
    let with = |key: &str, value: Value| {
        let mut claims = issuer.claims();
        claims[key] = value;
        rsa.sign(&claims)
    };
    let cases = [
        (with("exp", json!(now() - 120)), "token expired"),
        (with("nbf", json!(now() + 600)), "not yet valid"),
        (
            with("iss", json!("https://evil.example.com")),
            "issuer (iss) is not",
        ),
        (
            with("aud", json!("https://other.example.com/mcp")),
            "audience (aud) does not include https://mcp.example.com/mcp",
        ),
        (
            with("aud", json!(["https://other.example.com/mcp"])),
            "audience (aud) does not include",
        ),
    ];
    for (token, rule) in &cases {
        assert_rule(
            &refused(&verifier, token).await,
            AuthErrorKind::InvalidToken,
            rule,
        );
    }
    // Within the leeway: accepted.
    assert!(
        verifier
            .verify(&with("exp", json!(now() - 5)))
            .await
            .is_ok()
    );
    // `exp` is required.
    let mut claims = issuer.claims();
    claims.as_object_mut().unwrap().remove("exp");
    assert_rule(
        &refused(&verifier, &rsa.sign(&claims)).await,
        AuthErrorKind::InvalidToken,
        "no exp claim",
    );
    // A valid token with its signature changed.
    let token = rsa.sign(&issuer.claims());
    let (message, signature) = token.rsplit_once('.').unwrap();
    let flipped = if signature.starts_with('A') { "B" } else { "A" };
    let forged = format!("{message}.{flipped}{}", &signature[1..]);
    assert_rule(
        &refused(&verifier, &forged).await,
        AuthErrorKind::InvalidToken,
        "signature does not verify",
    );
}

#[tokio::test]
async fn unsigned_and_hmac_tokens_are_refused_whatever_key_they_use() {
    let rsa = Signer::rsa();
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = issuer.verifier().build().unwrap();
    let b64 = |v: &Value| base64_simd::URL_SAFE_NO_PAD.encode_to_string(v.to_string());
    let unsigned = format!(
        "{}.{}.",
        b64(&json!({ "alg": "none", "kid": "rsa-1" })),
        b64(&issuer.claims())
    );
    assert_rule(
        &refused(&verifier, &unsigned).await,
        AuthErrorKind::InvalidToken,
        "algorithm none is not accepted",
    );
    // The classic confusion: HS256 with the issuer's public key (PEM) as the secret.
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some("rsa-1".into());
    let secret = EncodingKey::from_secret(RSA_PUBLIC.as_bytes()).unwrap();
    let confused = jsonwebtoken::encode(&header, &issuer.claims(), &secret).unwrap();
    assert_rule(
        &refused(&verifier, &confused).await,
        AuthErrorKind::InvalidToken,
        "algorithm HS256 is not accepted",
    );
    // An RS256 header naming an EC key, or an ES256 token naming the RSA key.
    let ec = Signer::p256();
    let mixed = ec.sign_as("rsa-1", &issuer.claims());
    assert_rule(
        &refused(&verifier, &mixed).await,
        AuthErrorKind::InvalidToken,
        "cannot verify algorithm ES256",
    );
}

#[tokio::test]
async fn an_unknown_kid_fails_within_the_timeout_while_known_keys_still_verify() {
    let rsa = Signer::rsa();
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = issuer
        .verifier()
        .jwks_uri(format!("{}/jwks", issuer.url))
        .refresh_interval(Duration::ZERO)
        .cache_capacity(0)
        .build()
        .unwrap();
    verifier.verify(&rsa.sign(&issuer.claims())).await.unwrap();
    issuer.state.hang.store(true, Ordering::SeqCst);

    let started = Instant::now();
    let stranger = Signer::rsa_rotated().sign(&issuer.claims());
    let error = refused(&verifier, &stranger).await;
    let elapsed = started.elapsed();
    assert_rule(&error, AuthErrorKind::Unavailable, "within 500 ms");
    assert!(elapsed < Duration::from_secs(2), "waited {elapsed:?}");

    // The key held still verifies (the cache is off: a real signature check).
    let started = Instant::now();
    let principal = verifier.verify(&rsa.sign(&issuer.claims())).await.unwrap();
    assert_eq!(principal.subject(), Some("alice"));
    assert!(started.elapsed() < Duration::from_millis(500));
}

#[tokio::test]
async fn unknown_kids_share_one_jwks_fetch_and_refetch_at_most_once_per_interval() {
    let (rsa, rotated) = (Signer::rsa(), Signer::rsa_rotated());
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = Arc::new(
        issuer
            .verifier()
            .jwks_uri(format!("{}/jwks", issuer.url))
            .refresh_interval(Duration::from_secs(30))
            .build()
            .unwrap(),
    );
    // Twenty tokens with unknown key ids at once, before any key is held: one fetch.
    let mut tasks = Vec::new();
    for i in 0..20 {
        let token = rotated.sign_as(&format!("unknown-{i}"), &issuer.claims());
        let verifier = Arc::clone(&verifier);
        tasks.push(tokio::spawn(async move {
            verifier.verify(&token).await.map(|_| ())
        }));
    }
    for task in tasks {
        let error = task.await.unwrap().unwrap_err();
        assert_rule(
            &error,
            AuthErrorKind::InvalidToken,
            "key id (kid) is not in the issuer's JWKS",
        );
    }
    assert_eq!(issuer.jwks_requests(), 1);
    // Within the interval another unknown kid fetches nothing; a known key verifies.
    let stranger = rotated.sign_as("unknown-again", &issuer.claims());
    assert_rule(
        &refused(&*verifier, &stranger).await,
        AuthErrorKind::InvalidToken,
        "key id (kid)",
    );
    verifier.verify(&rsa.sign(&issuer.claims())).await.unwrap();
    assert_eq!(issuer.jwks_requests(), 1);
    assert_eq!(verifier.key_fetches(), 1);
}

#[tokio::test]
async fn a_rotated_key_is_fetched_when_a_token_names_it() {
    let (rsa, rotated) = (Signer::rsa(), Signer::rsa_rotated());
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = issuer
        .verifier()
        .refresh_interval(Duration::ZERO)
        .build()
        .unwrap();
    verifier.verify(&rsa.sign(&issuer.claims())).await.unwrap();
    *issuer.state.jwks.lock().unwrap() = jwks(&[&rsa, &rotated]);
    let principal = verifier
        .verify(&rotated.sign(&issuer.claims()))
        .await
        .unwrap();
    assert_eq!(principal.subject(), Some("alice"));
    assert_eq!(issuer.jwks_requests(), 2);
}

#[tokio::test]
async fn a_second_verification_of_a_token_is_a_cache_hit() {
    /// Counts its calls.
    struct Counting(Arc<AtomicUsize>);
    impl TokenVerifier for Counting {
        fn verify<'a>(&'a self, _: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Box::pin(async {
                Ok(Principal::new("bob").with_expiry(SystemTime::now() + Duration::from_secs(60)))
            })
        }
    }
    let calls = Arc::new(AtomicUsize::new(0));
    let cached = CachedVerifier::new(Counting(Arc::clone(&calls)));
    for _ in 0..3 {
        assert_eq!(cached.verify("tok-a").await.unwrap().subject(), Some("bob"));
    }
    cached.verify("tok-b").await.unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 2);

    // The JWT verifier: once the issuer dropped the key, the token verified before is still
    // answered from the cache (by its hash), while a real check refuses it.
    let rsa = Signer::rsa();
    let issuer = Issuer::start(jwks(&[&rsa])).await;
    let verifier = issuer
        .verifier()
        .refresh_interval(Duration::ZERO)
        .build()
        .unwrap();
    let token = rsa.sign(&issuer.claims());
    let first = verifier.verify(&token).await.unwrap();
    *issuer.state.jwks.lock().unwrap() = jwks(&[&Signer::p256()]);
    let stranger = Signer::p256().sign(&issuer.claims());
    verifier.verify(&stranger).await.unwrap();
    let fetched = verifier.key_fetches();
    assert!(verifier.verify_uncached(&token).await.is_err());
    assert_eq!(verifier.verify(&token).await.unwrap(), first);
    assert_eq!(
        verifier.key_fetches(),
        fetched + 1,
        "only the uncached check fetched"
    );
}

fn introspection(issuer: &Issuer) -> mcp_content::auth::IntrospectionVerifierBuilder {
    IntrospectionVerifier::builder()
        .endpoint(format!("{}/introspect", issuer.url))
        .client_id("mcp-server")
        .client_secret(SECRET)
        .audience(RESOURCE)
        .issuer(&issuer.url)
        .timeout(Duration::from_millis(500))
}

#[tokio::test]
async fn introspection_accepts_active_tokens_and_refuses_revoked_and_foreign_ones() {
    let issuer = Issuer::start(jwks(&[&Signer::rsa()])).await;
    let answer = |extra: Value| {
        let mut answer = json!({
            "active": true, "sub": "carol", "client_id": "cli", "scope": "notes:read",
            "exp": now() + 600, "iss": issuer.url, "aud": RESOURCE,
        });
        answer
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        answer
    };
    {
        let mut answers = issuer.state.answers.lock().unwrap();
        answers.insert("opaque-good-token".into(), answer(json!({})));
        answers.insert("opaque-revoked-token".into(), json!({ "active": false }));
        answers.insert(
            "opaque-foreign-token".into(),
            answer(json!({ "aud": "https://other.example.com" })),
        );
        answers.insert(
            "opaque-expired-token".into(),
            answer(json!({ "exp": now() - 600 })),
        );
        answers.insert(
            "opaque-other-issuer".into(),
            answer(json!({ "iss": "https://evil.example.com" })),
        );
    }
    let verifier = introspection(&issuer).build().unwrap();
    let principal = verifier.verify("opaque-good-token").await.unwrap();
    assert_eq!(principal.subject(), Some("carol"));
    assert_eq!(principal.client_id(), Some("cli"));
    assert_eq!(principal.scopes(), ["notes:read"]);
    assert_eq!(principal.claims()["active"], true);
    for (token, rule) in [
        ("opaque-revoked-token", "not active"),
        ("opaque-unknown-token", "not active"),
        (
            "opaque-foreign-token",
            "audience (aud) does not include https://mcp.example.com/mcp",
        ),
        ("opaque-expired-token", "token expired"),
        ("opaque-other-issuer", "issuer (iss) is not"),
    ] {
        assert_rule(
            &refused(&verifier, token).await,
            AuthErrorKind::InvalidToken,
            rule,
        );
    }
    // The cache: the good token again costs no request.
    let before = issuer.state.introspections.load(Ordering::SeqCst);
    verifier.verify("opaque-good-token").await.unwrap();
    assert_eq!(issuer.state.introspections.load(Ordering::SeqCst), before);
    assert_eq!(verifier.requests(), before as u64);
    // Revoked: with the cache off, the next call asks again and is refused.
    let uncached = introspection(&issuer).cache_capacity(0).build().unwrap();
    uncached.verify("opaque-good-token").await.unwrap();
    issuer
        .state
        .answers
        .lock()
        .unwrap()
        .insert("opaque-good-token".into(), json!({ "active": false }));
    assert_rule(
        &refused(&uncached, "opaque-good-token").await,
        AuthErrorKind::InvalidToken,
        "not active",
    );
    let huge = "t".repeat(100 * 1024);
    assert_rule(
        &refused(&uncached, &huge).await,
        AuthErrorKind::InvalidToken,
        "larger than",
    );
}

#[tokio::test]
async fn introspection_that_cannot_be_reached_or_refuses_our_credentials_is_unavailable() {
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let verifier = IntrospectionVerifier::builder()
        .endpoint(format!("http://{closed}/introspect"))
        .client_id("mcp-server")
        .client_secret(SECRET)
        .timeout(Duration::from_millis(500))
        .build()
        .unwrap();
    let started = Instant::now();
    let error = refused(&verifier, "opaque-token-123").await;
    assert_eq!(error.kind(), AuthErrorKind::Unavailable, "{error}");
    assert!(
        error.message().contains("introspection endpoint"),
        "{error}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );

    let issuer = Issuer::start(jwks(&[&Signer::rsa()])).await;
    let wrong = introspection(&issuer)
        .client_secret("wrong-secret")
        .build()
        .unwrap();
    let error = refused(&wrong, "opaque-token-123").await;
    assert_rule(
        &error,
        AuthErrorKind::Unavailable,
        "refused this server's client credentials",
    );
    let shown = format!("{error} {wrong:?} {:?}", introspection(&issuer));
    assert!(
        !shown.contains("wrong-secret") && !shown.contains(SECRET),
        "{shown}"
    );
}

#[test]
fn settings_that_cannot_work_are_refused_naming_the_setting() {
    let error = JwtVerifier::builder()
        .issuer("http://auth.example.com")
        .audience(RESOURCE)
        .build()
        .unwrap_err();
    assert_eq!(error.setting(), "issuer");
    let error = JwtVerifier::builder()
        .issuer("https://auth.example.com")
        .audience(RESOURCE)
        .jwks_uri("http://keys.example.com/jwks")
        .build()
        .unwrap_err();
    assert_eq!(error.setting(), "jwks_uri");
    let error = JwtVerifier::builder()
        .issuer("https://auth.example.com")
        .build()
        .unwrap_err();
    assert_eq!(error.setting(), "audience");
    let error = JwtVerifier::builder()
        .issuer("https://auth.example.com")
        .audience(RESOURCE)
        .jwks_document(r#"{"keys":[{"kty":"oct","k":"c2VjcmV0","kid":"hmac"}]}"#)
        .build()
        .unwrap_err();
    assert_eq!(error.setting(), "jwks_document");
    assert!(
        error.message().contains("no usable signature key"),
        "{error}"
    );
    let error = IntrospectionVerifier::builder()
        .endpoint("http://auth.example.com/introspect")
        .client_id("a")
        .client_secret("b")
        .build()
        .unwrap_err();
    assert_eq!(error.setting(), "endpoint");
}
