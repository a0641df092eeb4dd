//! The settings both built-in verifiers' builders take ([`JwtVerifierBuilder`] and
//! [`IntrospectionVerifierBuilder`]): the audience and issuer a token must name, the clock
//! skew allowed, the largest token read and how many verified tokens are remembered. Held
//! once, in [`Options`], and set through the setters `option_setters!` writes on each
//! builder (with the builder's own docs: the two check some of these differently).
//!
//! [`JwtVerifierBuilder`]: super::JwtVerifierBuilder
//! [`IntrospectionVerifierBuilder`]: super::IntrospectionVerifierBuilder

use std::time::Duration;

use super::cache::DEFAULT_CAPACITY;
use super::fetch::VerifierConfigError;

/// The largest token read, unless set: a longer one is refused before it is parsed or sent.
const DEFAULT_MAX_TOKEN_BYTES: usize = 8 * 1024;

/// The settings every built-in verifier's builder has, at their defaults until set.
#[derive(Debug, Clone)]
pub(super) struct Options {
    /// This server's resource URI (RFC 8707), which a token's `aud` must contain.
    pub(super) audience: Option<String>,
    /// The authorization server a token's `iss` must be.
    pub(super) issuer: Option<String>,
    /// The clock skew allowed on `exp` and `nbf` (30 s).
    pub(super) leeway: Duration,
    /// The largest token accepted, in bytes (8 KiB).
    pub(super) max_token_bytes: usize,
    /// How many verified tokens are remembered (10 000).
    pub(super) cache_capacity: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            audience: None,
            issuer: None,
            leeway: Duration::from_secs(30),
            max_token_bytes: DEFAULT_MAX_TOKEN_BYTES,
            cache_capacity: DEFAULT_CAPACITY,
        }
    }
}

/// A required setting's value, else the error naming it.
pub(super) fn required<T>(
    value: Option<T>,
    setting: &'static str,
) -> Result<T, VerifierConfigError> {
    value.ok_or_else(|| VerifierConfigError::new(setting, "required"))
}

/// Refuses a setting that is zero (`is_zero`): a timeout or a size that cannot work.
pub(super) fn more_than_zero(
    setting: &'static str,
    is_zero: bool,
) -> Result<(), VerifierConfigError> {
    if is_zero {
        return Err(VerifierConfigError::new(setting, "must be more than zero"));
    }
    Ok(())
}

/// The setters of [`Options`] on a builder that holds them in its field `options`: `leeway`
/// with its doc here, `audience`, `issuer`, `max_token_bytes` and `cache_capacity` with the
/// docs the builder gives them, in that order. Invoked inside the builder's `impl`.
macro_rules! option_setters {
    (
        $(#[$audience:meta])* audience;
        $(#[$issuer:meta])* issuer;
        $(#[$max_token_bytes:meta])* max_token_bytes;
        $(#[$cache_capacity:meta])* cache_capacity;
    ) => {
        $(#[$audience])*
        pub fn audience(mut self, resource: impl Into<String>) -> Self {
            self.options.audience = Some(resource.into());
            self
        }

        $(#[$issuer])*
        pub fn issuer(mut self, issuer: impl Into<String>) -> Self {
            self.options.issuer = Some(issuer.into());
            self
        }

        /// The clock skew allowed on `exp` and `nbf` (30 s unless set; whole seconds).
        pub fn leeway(mut self, leeway: std::time::Duration) -> Self {
            self.options.leeway = leeway;
            self
        }

        $(#[$max_token_bytes])*
        pub fn max_token_bytes(mut self, max: usize) -> Self {
            self.options.max_token_bytes = max;
            self
        }

        $(#[$cache_capacity])*
        pub fn cache_capacity(mut self, capacity: usize) -> Self {
            self.options.cache_capacity = capacity;
            self
        }
    };
}

pub(super) use option_setters;
