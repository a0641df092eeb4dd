//! Cache hints (2026-07-28): how long a result stays fresh (`ttlMs`) and who may keep it
//! (`cacheScope`).

use std::str::FromStr;
use std::time::Duration;

use crate::model::resource::{CacheScope, ReadResourceResult};
use crate::rules::{self, Violation};

/// A cache hint: a lifetime and a scope, as 2026-07-28 results carry them (`ttlMs`,
/// `cacheScope`). Older peers get neither.
///
/// [`CacheHint::NONE`] (`0` ms, `private`) is what a result says when nobody set a hint:
/// immediately stale, kept only per user.
///
/// ```
/// use mcp_content::model::{CacheHint, CacheScope};
/// let hint = CacheHint::parse("5m", "public").unwrap();
/// assert_eq!(hint, CacheHint::new(300_000, CacheScope::Public));
/// assert_eq!(
///     CacheHint::parse("5 minutes", "public").unwrap_err().to_string(),
///     "duration \"5 minutes\" has an unknown unit at \" minutes\"; write e.g. \"500ms\", \"30s\", \"5m\", \"1h\" or \"1d\" (rule: duration)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheHint {
    /// How long the result stays fresh, in milliseconds.
    pub ttl_ms: u64,
    /// Who may keep it.
    pub scope: CacheScope,
}

impl CacheHint {
    /// No caching: `0` ms, `private`.
    pub const NONE: CacheHint = CacheHint {
        ttl_ms: 0,
        scope: CacheScope::Private,
    };

    /// A hint of `ttl_ms` milliseconds in `scope`.
    pub const fn new(ttl_ms: u64, scope: CacheScope) -> Self {
        Self { ttl_ms, scope }
    }

    /// A hint of `ttl` in `scope` (milliseconds beyond `u64` are capped).
    pub fn from_duration(ttl: Duration, scope: CacheScope) -> Self {
        Self::new(u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX), scope)
    }

    /// A hint from the literals the attributes take: a duration (`"5m"`, `"30s"`, `"1h"`,
    /// `"500ms"`, see [`rules::parse_duration_ms`]) and `"public"` / `"private"`.
    pub fn parse(ttl: &str, scope: &str) -> Result<Self, Violation> {
        Ok(Self::new(rules::parse_duration_ms(ttl)?, scope.parse()?))
    }

    /// The hint a `resources/read` result carries; a field that is absent (an older
    /// peer, or nobody set it) counts as [`CacheHint::NONE`]'s.
    pub fn of_read_result(result: &ReadResourceResult) -> Self {
        Self::new(
            // Past 64 bits: as long as a `u64` counts (half a billion years).
            result
                .ttl_ms
                .as_ref()
                .map_or(0, |ttl| ttl.as_u64().unwrap_or(u64::MAX)),
            result.cache_scope.unwrap_or(CacheScope::Private),
        )
    }

    /// Sets this hint on `result` where it has none (a handler's own hint wins).
    pub fn fill(self, result: &mut ReadResourceResult) {
        result.ttl_ms.get_or_insert(self.ttl_ms.into());
        result.cache_scope.get_or_insert(self.scope);
    }
}

impl Default for CacheHint {
    fn default() -> Self {
        Self::NONE
    }
}

impl FromStr for CacheScope {
    type Err = Violation;

    fn from_str(s: &str) -> Result<Self, Violation> {
        rules::check_cache_scope(s)?;
        Ok(if s == "public" {
            CacheScope::Public
        } else {
            CacheScope::Private
        })
    }
}

impl CacheScope {
    /// The wire spelling: `"public"` or `"private"`.
    pub fn as_str(self) -> &'static str {
        match self {
            CacheScope::Public => "public",
            CacheScope::Private => "private",
        }
    }
}
