//! auth: what the built-in `JwtVerifier` costs a call (issue 25). A first verification of an
//! RS256 token with the issuer's keys already held (signature, `iss`, `aud`, `exp`; the cache
//! neither read nor filled: `verify_uncached`), the same for ES256 and `EdDSA`, and a second
//! call with the same token (the cache: a SHA-256 and a lookup). The keys are the test
//! fixtures (`tests/fixtures/auth/`), given as a JWKS document: nothing is fetched.
//!
//! Two groups of the same paths: `auth` (wall clock) and `auth-cpu` (the bench thread's CPU
//! time, which a loaded machine does not inflate). Target: a first RS256 verification at most
//! 50 µs.
//!
//! Run: `cargo bench -p mcp-content-benches --bench auth`.

#[path = "common/thread_cpu.rs"]
mod thread_cpu;

use std::hint::black_box;
use std::time::{SystemTime, UNIX_EPOCH};

use criterion::measurement::Measurement;
use criterion::{Criterion, criterion_group, criterion_main};
use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use mcp_content::auth::{JwtVerifier, TokenVerifier};
use serde_json::json;
use thread_cpu::ThreadCpu;

const ISSUER: &str = "https://auth.example.com";
const RESOURCE: &str = "https://mcp.example.com/mcp";
const RSA: &str = include_str!("../../tests/fixtures/auth/rsa2048.pem");
const P256: &str = include_str!("../../tests/fixtures/auth/p256.pem");
const ED25519: &str = include_str!("../../tests/fixtures/auth/ed25519.pem");

struct Setup {
    verifier: JwtVerifier,
    rs256: String,
    es256: String,
    eddsa: String,
}

fn setup() -> Setup {
    let keys = [
        (
            "rsa-1",
            Algorithm::RS256,
            EncodingKey::from_rsa_pem(RSA.as_bytes()),
        ),
        (
            "ec-1",
            Algorithm::ES256,
            EncodingKey::from_ec_pem(P256.as_bytes()),
        ),
        (
            "ed-1",
            Algorithm::EdDSA,
            EncodingKey::from_ed_pem(ED25519.as_bytes()),
        ),
    ]
    .map(|(kid, alg, key)| (kid, alg, key.expect("fixture key")));
    let set = JwkSet {
        keys: keys
            .iter()
            .map(|(kid, alg, key)| {
                let mut jwk = Jwk::from_encoding_key(key, *alg).expect("public key");
                jwk.common.key_id = Some((*kid).to_owned());
                jwk
            })
            .collect(),
    };
    let verifier = JwtVerifier::builder()
        .issuer(ISSUER)
        .audience(RESOURCE)
        .jwks_document(serde_json::to_string(&set).expect("serializes"))
        .build()
        .expect("settings");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    let claims = json!({
        "iss": ISSUER, "aud": RESOURCE, "sub": "alice", "azp": "photo-app",
        "scope": "photos:read photos:write", "exp": now + 3600, "iat": now,
    });
    let sign = |(kid, alg, key): &(&str, Algorithm, EncodingKey)| {
        let mut header = Header::new(*alg);
        header.kid = Some((*kid).to_owned());
        jsonwebtoken::encode(&header, &claims, key).expect("signs")
    };
    Setup {
        rs256: sign(&keys[0]),
        es256: sign(&keys[1]),
        eddsa: sign(&keys[2]),
        verifier,
    }
}

fn paths<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    let setup = setup();
    let verifier = &setup.verifier;
    let mut group = c.benchmark_group(name);
    for (label, token) in [
        ("first-verification-rs256", &setup.rs256),
        ("first-verification-es256", &setup.es256),
        ("first-verification-eddsa", &setup.eddsa),
    ] {
        group.bench_function(label, |b| {
            b.iter(|| {
                runtime
                    .block_on(verifier.verify_uncached(black_box(token)))
                    .expect("valid")
            });
        });
    }
    runtime
        .block_on(verifier.verify(&setup.rs256))
        .expect("valid");
    group.bench_function("cache-hit-rs256", |b| {
        b.iter(|| {
            runtime
                .block_on(verifier.verify(black_box(&setup.rs256)))
                .expect("valid")
        });
    });
    group.finish();
}

fn auth_wall(c: &mut Criterion) {
    paths(c, "auth");
}

fn auth_cpu(c: &mut Criterion<ThreadCpu>) {
    paths(c, "auth-cpu");
}

criterion_group!(wall, auth_wall);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu::default());
    targets = auth_cpu
}
criterion_main!(wall, cpu);
