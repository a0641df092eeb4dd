//! Verified tokens remembered by their SHA-256 (never their text) until they expire, so a
//! client's second call costs a hash and a lookup, not a signature check or a round trip.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use sha2::{Digest, Sha256};

use crate::handler::BoxFuture;
use crate::server::auth::{AuthError, Principal, TokenVerifier};

/// How many verified tokens a cache holds unless told otherwise.
pub(crate) const DEFAULT_CAPACITY: usize = 10_000;

/// The SHA-256 of a token: what the cache keys on.
pub(crate) type TokenHash = [u8; 32];

pub(crate) fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

struct Entry {
    principal: Principal,
    until: Instant,
    seq: u64,
}

#[derive(Default)]
struct State {
    entries: HashMap<TokenHash, Entry>,
    /// Insertion order: the oldest entry is evicted when no expired one can be.
    order: BTreeMap<u64, TokenHash>,
    next_seq: u64,
}

impl State {
    fn remove(&mut self, hash: &TokenHash) {
        if let Some(entry) = self.entries.remove(hash) {
            self.order.remove(&entry.seq);
        }
    }

    fn remove_expired(&mut self, now: Instant) {
        let expired: Vec<TokenHash> = self
            .entries
            .iter()
            .filter(|(_, entry)| entry.until <= now)
            .map(|(hash, _)| *hash)
            .collect();
        for hash in &expired {
            self.remove(hash);
        }
    }
}

/// The bounded map from token hash to principal the verifiers share.
pub(crate) struct TokenCache {
    state: Mutex<State>,
    capacity: usize,
    max_ttl: Option<Duration>,
}

impl TokenCache {
    /// A cache of at most `capacity` tokens (0: nothing is cached), each kept until its
    /// expiry and at most `max_ttl` (a principal with no expiry is kept only with a
    /// `max_ttl`).
    pub(crate) fn new(capacity: usize, max_ttl: Option<Duration>) -> Self {
        Self {
            state: Mutex::new(State::default()),
            capacity,
            max_ttl,
        }
    }

    pub(crate) fn max_ttl(&self) -> Option<Duration> {
        self.max_ttl
    }

    /// The principal this token proved, if it was verified before and has not expired.
    pub(crate) fn get(&self, hash: &TokenHash) -> Option<Principal> {
        if self.capacity == 0 {
            return None;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = state.entries.get(hash)?;
        if entry.until > Instant::now() {
            return Some(entry.principal.clone());
        }
        state.remove(hash);
        None
    }

    /// `token`'s principal as remembered, else the one `check` verifies (then remembered);
    /// `check` is not called on a hit.
    pub(crate) async fn get_or_check<F>(
        &self,
        token: &str,
        check: impl FnOnce() -> F,
    ) -> Result<Principal, AuthError>
    where
        F: Future<Output = Result<Principal, AuthError>>,
    {
        let hash = token_hash(token);
        if let Some(principal) = self.get(&hash) {
            return Ok(principal);
        }
        let principal = check().await?;
        self.insert(hash, &principal);
        Ok(principal)
    }

    /// Remembers a verified token: until its expiry (and at most `max_ttl`). When full, the
    /// expired entries go first, then the oldest.
    pub(crate) fn insert(&self, hash: TokenHash, principal: &Principal) {
        if self.capacity == 0 {
            return;
        }
        let now = Instant::now();
        let left = principal
            .expires_at()
            .map(|exp| exp.duration_since(SystemTime::now()).unwrap_or_default());
        let keep = match (left, self.max_ttl) {
            (Some(left), Some(max)) => left.min(max),
            (Some(left), None) => left,
            (None, Some(max)) => max,
            (None, None) => return,
        };
        if keep.is_zero() {
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.remove(&hash);
        if state.entries.len() >= self.capacity {
            state.remove_expired(now);
        }
        while state.entries.len() >= self.capacity {
            let Some((_, oldest)) = state.order.pop_first() else {
                break;
            };
            state.entries.remove(&oldest);
        }
        let seq = state.next_seq;
        state.next_seq += 1;
        state.order.insert(seq, hash);
        state.entries.insert(
            hash,
            Entry {
                principal: principal.clone(),
                until: now + keep,
                seq,
            },
        );
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entries
            .len()
    }
}

/// Any [`TokenVerifier`], with its verified tokens remembered by their SHA-256 (never the
/// token text) until they expire: a client's second call with the same token costs a hash
/// and a lookup. Refusals are not remembered.
///
/// Bounded: at most [`capacity`](Self::capacity) tokens (10 000 unless set); when full, the
/// expired entries are evicted first, then the oldest. A principal without an expiry is
/// cached only when [`max_ttl`](Self::max_ttl) is set. A revoked token stays accepted until
/// its cache entry ends: with a verifier that can learn of revocation (introspection), set a
/// `max_ttl` (the built-in [`IntrospectionVerifier`](crate::auth::IntrospectionVerifier)
/// caps it at 60 s unless told otherwise). The built-in verifiers cache already; this is for
/// your own.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use mcp_content::auth::{AuthError, CachedVerifier, Principal, TokenVerifier};
/// use mcp_content::handler::BoxFuture;
///
/// struct Lookup;
/// impl TokenVerifier for Lookup {
///     fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
///         Box::pin(async move {
///             match token {
///                 "alice-token" => Ok(Principal::new("alice")
///                     .with_expiry(SystemTime::now() + Duration::from_secs(600))),
///                 _ => Err(AuthError::invalid("unknown token")),
///             }
///         })
///     }
/// }
///
/// let verifier = CachedVerifier::new(Lookup)
///     .capacity(1_000)
///     .max_ttl(Duration::from_secs(60));
/// # let _ = verifier;
/// ```
pub struct CachedVerifier<V> {
    inner: V,
    cache: TokenCache,
}

impl<V: TokenVerifier> CachedVerifier<V> {
    /// `inner`, with a cache of 10 000 tokens kept until their expiry.
    pub fn new(inner: V) -> Self {
        Self {
            inner,
            cache: TokenCache::new(DEFAULT_CAPACITY, None),
        }
    }

    /// At most `capacity` tokens are remembered (0 turns the cache off).
    #[must_use]
    pub fn capacity(self, capacity: usize) -> Self {
        Self {
            cache: TokenCache::new(capacity, self.cache.max_ttl),
            ..self
        }
    }

    /// A token is remembered for at most `max_ttl`, even if it expires later (so a revoked
    /// token is refused again within `max_ttl`); a principal without an expiry is remembered
    /// for `max_ttl`.
    #[must_use]
    pub fn max_ttl(self, max_ttl: Duration) -> Self {
        Self {
            cache: TokenCache::new(self.cache.capacity, Some(max_ttl)),
            ..self
        }
    }

    /// The wrapped verifier.
    pub fn inner(&self) -> &V {
        &self.inner
    }
}

impl<V: TokenVerifier> TokenVerifier for CachedVerifier<V> {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        Box::pin(self.cache.get_or_check(token, || self.inner.verify(token)))
    }
}

impl<V: fmt::Debug> fmt::Debug for CachedVerifier<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CachedVerifier")
            .field("inner", &self.inner)
            .field("capacity", &self.cache.capacity)
            .field("max_ttl", &self.cache.max_ttl)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expiring_in(seconds: u64) -> Principal {
        Principal::new("p").with_expiry(SystemTime::now() + Duration::from_secs(seconds))
    }

    #[test]
    fn an_entry_is_found_by_the_token_hash_until_it_expires() {
        let cache = TokenCache::new(4, None);
        cache.insert(token_hash("a"), &expiring_in(60));
        assert_eq!(cache.get(&token_hash("a")).unwrap().subject(), Some("p"));
        assert!(cache.get(&token_hash("b")).is_none());
        let expired = Principal::new("p").with_expiry(SystemTime::now() - Duration::from_secs(1));
        cache.insert(token_hash("old"), &expired);
        assert!(cache.get(&token_hash("old")).is_none());
    }

    #[test]
    fn a_full_cache_evicts_the_oldest_entry_and_stays_bounded() {
        let cache = TokenCache::new(3, None);
        for token in ["1", "2", "3", "4", "5"] {
            cache.insert(token_hash(token), &expiring_in(60));
        }
        assert_eq!(cache.len(), 3);
        assert!(cache.get(&token_hash("1")).is_none());
        assert!(cache.get(&token_hash("2")).is_none());
        assert!(cache.get(&token_hash("5")).is_some());
    }

    #[test]
    fn a_principal_without_expiry_is_cached_only_with_a_cap() {
        let uncapped = TokenCache::new(3, None);
        uncapped.insert(token_hash("a"), &Principal::new("p"));
        assert!(uncapped.get(&token_hash("a")).is_none());
        let capped = TokenCache::new(3, Some(Duration::from_secs(60)));
        capped.insert(token_hash("a"), &Principal::new("p"));
        assert!(capped.get(&token_hash("a")).is_some());
        let off = TokenCache::new(0, Some(Duration::from_secs(60)));
        off.insert(token_hash("a"), &Principal::new("p"));
        assert!(off.get(&token_hash("a")).is_none());
    }
}
