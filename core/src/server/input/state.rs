//! Sealed `requestState`: what a handler learned in earlier rounds travels to the client
//! and back, integrity-protected with an HMAC-SHA256 under a server key, so any replica
//! holding the key can take the next round and nobody else can forge one.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Domain separation: a tag made for anything else can never verify as a request state.
const LABEL: &[u8] = b"mcp-content/requestState/v1\n";
const PREFIX: &str = "v1";

/// How long a sealed state stays valid by default (the client answers a person's form).
const DEFAULT_TTL_SECS: u64 = 3600;

/// One HMAC key with the id written into every state it seals, so a rotated-out key
/// still opens the states it made while it was current.
#[derive(Clone)]
pub struct StateKey {
    id: String,
    secret: Vec<u8>,
}

impl fmt::Debug for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the secret.
        f.debug_struct("StateKey")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// A key was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateKeyError(String);

impl fmt::Display for StateKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "request state key: {}", self.0)
    }
}

impl std::error::Error for StateKeyError {}

impl StateKey {
    /// A key: `id` is `[A-Za-z0-9_-]{1,32}`, `secret` at least 32 bytes (HMAC-SHA256's
    /// strength needs a key as long as its output).
    pub fn new(id: impl Into<String>, secret: impl Into<Vec<u8>>) -> Result<Self, StateKeyError> {
        let id = id.into();
        let secret = secret.into();
        if id.is_empty()
            || id.len() > 32
            || !id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(StateKeyError(format!(
                "id `{id}` must be 1 to 32 of A-Z a-z 0-9 _ -"
            )));
        }
        if secret.len() < 32 {
            return Err(StateKeyError(format!(
                "secret is {} bytes; at least 32 are needed",
                secret.len()
            )));
        }
        Ok(Self { id, secret })
    }

    fn mac(&self, payload: &str) -> HmacSha256 {
        let mut mac =
            HmacSha256::new_from_slice(&self.secret).expect("HMAC takes keys of any length");
        mac.update(LABEL);
        mac.update(self.id.as_bytes());
        mac.update(b".");
        mac.update(payload.as_bytes());
        mac
    }
}

/// The keys that seal and open `requestState`: the current one seals, it and the
/// previous ones open (rotation without breaking rounds in flight).
///
/// ```
/// use mcp_content::input::{StateKey, StateKeys};
/// let old = StateKey::new("2026-06", [7u8; 32]).unwrap();
/// let new = StateKey::new("2026-07", [9u8; 32]).unwrap();
/// let keys = StateKeys::new(old).rotate(new);
/// assert_eq!(keys.current_id(), "2026-07");
/// ```
#[derive(Clone, Debug)]
pub struct StateKeys {
    current: StateKey,
    previous: Vec<StateKey>,
    ttl_secs: u64,
}

/// Why a `requestState` was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateError {
    /// Not a state this server wrote (malformed, unknown key, or a failed HMAC).
    Tampered,
    /// Sealed too long ago.
    Expired,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Tampered => f.write_str("requestState failed its integrity check"),
            StateError::Expired => f.write_str("requestState has expired"),
        }
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl StateKeys {
    /// Keys with `current` only.
    pub fn new(current: StateKey) -> Self {
        Self {
            current,
            previous: Vec::new(),
            ttl_secs: DEFAULT_TTL_SECS,
        }
    }

    /// A random key for this process only (32 bytes from the OS's CSPRNG): rounds cannot
    /// move to another replica.
    /// Configure a shared key ([`StateKeys::new`]) for more than one process.
    pub fn ephemeral() -> Self {
        Self::new(StateKey {
            id: "ephemeral".into(),
            secret: crate::server::random_id::random_bytes(32),
        })
    }

    /// These keys with `next` sealing from now on; the current key still opens.
    #[must_use]
    pub fn rotate(mut self, next: StateKey) -> Self {
        let old = std::mem::replace(&mut self.current, next);
        self.previous.insert(0, old);
        self
    }

    /// These keys, dropping every previous key (states they sealed no longer open).
    #[must_use]
    pub fn retire_previous(mut self) -> Self {
        self.previous.clear();
        self
    }

    /// How long a sealed state stays valid (default one hour).
    #[must_use]
    pub fn with_ttl_secs(mut self, ttl_secs: u64) -> Self {
        self.ttl_secs = ttl_secs;
        self
    }

    /// The id of the sealing key.
    pub fn current_id(&self) -> &str {
        &self.current.id
    }

    /// Seals `payload` (a JSON value) into a `requestState` string.
    pub(crate) fn seal(&self, payload: &Value) -> String {
        let mut payload = payload.clone();
        if let Some(map) = payload.as_object_mut() {
            map.insert("iat".into(), Value::from(now()));
        }
        let json = serde_json::to_vec(&payload).unwrap_or_default();
        let body = base64_simd::URL_SAFE_NO_PAD.encode_to_string(&json);
        let tag = self.current.mac(&body).finalize().into_bytes();
        let tag = base64_simd::URL_SAFE_NO_PAD.encode_to_string(tag);
        format!("{PREFIX}.{}.{body}.{tag}", self.current.id)
    }

    /// Opens a `requestState`: the payload, if a key of ours sealed it and it is fresh.
    pub(crate) fn open(&self, token: &str) -> Result<Value, StateError> {
        let mut parts = token.split('.');
        let (Some(PREFIX), Some(id), Some(body), Some(tag), None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(StateError::Tampered);
        };
        let key = std::iter::once(&self.current)
            .chain(&self.previous)
            .find(|k| k.id == id)
            .ok_or(StateError::Tampered)?;
        let tag = base64_simd::URL_SAFE_NO_PAD
            .decode_to_vec(tag)
            .map_err(|_| StateError::Tampered)?;
        // `verify_slice` compares in constant time.
        key.mac(body)
            .verify_slice(&tag)
            .map_err(|_| StateError::Tampered)?;
        let json = base64_simd::URL_SAFE_NO_PAD
            .decode_to_vec(body)
            .map_err(|_| StateError::Tampered)?;
        let payload: Value = serde_json::from_slice(&json).map_err(|_| StateError::Tampered)?;
        let issued = payload.get("iat").and_then(Value::as_u64).unwrap_or(0);
        if now().saturating_sub(issued) > self.ttl_secs {
            return Err(StateError::Expired);
        }
        Ok(payload)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(id: &str, byte: u8) -> StateKeys {
        StateKeys::new(StateKey::new(id, vec![byte; 32]).unwrap())
    }

    #[test]
    fn a_sealed_state_opens_with_the_same_key() {
        let k = keys("a", 1);
        let token = k.seal(&serde_json::json!({"x": 1}));
        assert_eq!(k.open(&token).unwrap()["x"], 1);
    }

    #[test]
    fn tampering_anywhere_is_refused() {
        let k = keys("a", 1);
        let token = k.seal(&serde_json::json!({"x": 1}));
        assert_eq!(
            k.open(&format!("{token}-TAMPERED")),
            Err(StateError::Tampered)
        );
        let forged_body = base64_simd::URL_SAFE_NO_PAD.encode_to_string(br#"{"x":2}"#);
        let parts: Vec<&str> = token.split('.').collect();
        let forged = format!("{}.{}.{forged_body}.{}", parts[0], parts[1], parts[3]);
        assert_eq!(k.open(&forged), Err(StateError::Tampered));
        assert_eq!(k.open("garbage"), Err(StateError::Tampered));
    }

    #[test]
    fn another_servers_key_is_refused() {
        let token = keys("a", 1).seal(&serde_json::json!({}));
        assert_eq!(keys("a", 2).open(&token), Err(StateError::Tampered));
    }

    #[test]
    fn rotation_keeps_old_states_open_until_retired() {
        let old = keys("old", 1);
        let token = old.seal(&serde_json::json!({}));
        let rotated = old.rotate(StateKey::new("new", vec![2; 32]).unwrap());
        assert!(rotated.open(&token).is_ok());
        assert!(rotated.seal(&serde_json::json!({})).starts_with("v1.new."));
        assert_eq!(
            rotated.retire_previous().open(&token),
            Err(StateError::Tampered)
        );
    }

    #[test]
    fn short_secrets_and_bad_ids_are_refused() {
        assert!(StateKey::new("a", vec![0; 31]).is_err());
        assert!(StateKey::new("a.b", vec![0; 32]).is_err());
    }
}
