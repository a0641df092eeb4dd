//! Cache hints for proxies and gateways: one hint for a result built from several upstream
//! results.

use crate::model::cache::CacheHint;
use crate::model::resource::CacheScope;

/// The hint of a result combined from several upstream results: the smallest TTL (the
/// combination is stale as soon as any part is) and `private` if any part is `private`
/// (a part meant for one user makes the whole so). No hints at all give
/// [`CacheHint::NONE`]: a proxy that knows nothing promises nothing.
///
/// ```
/// use mcp_content::model::{CacheHint, CacheScope};
/// use mcp_content::convert::cache_hints::merge_cache_hints;
///
/// let merged = merge_cache_hints([
///     CacheHint::new(300_000, CacheScope::Public),
///     CacheHint::new(30_000, CacheScope::Public),
///     CacheHint::new(3_600_000, CacheScope::Private),
/// ]);
/// assert_eq!(merged, CacheHint::new(30_000, CacheScope::Private));
/// assert_eq!(merge_cache_hints([]), CacheHint::NONE);
/// ```
pub fn merge_cache_hints(hints: impl IntoIterator<Item = CacheHint>) -> CacheHint {
    hints
        .into_iter()
        .reduce(|a, b| {
            CacheHint::new(
                a.ttl_ms.min(b.ttl_ms),
                if a.scope == CacheScope::Private || b.scope == CacheScope::Private {
                    CacheScope::Private
                } else {
                    CacheScope::Public
                },
            )
        })
        .unwrap_or(CacheHint::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::resource::ReadResourceResult;

    #[test]
    fn one_hint_is_itself() {
        let hint = CacheHint::new(5, CacheScope::Public);
        assert_eq!(merge_cache_hints([hint]), hint);
    }

    #[test]
    fn order_does_not_matter() {
        let a = CacheHint::new(10, CacheScope::Private);
        let b = CacheHint::new(20, CacheScope::Public);
        assert_eq!(merge_cache_hints([a, b]), merge_cache_hints([b, a]));
        assert_eq!(
            merge_cache_hints([a, b]),
            CacheHint::new(10, CacheScope::Private)
        );
    }

    #[test]
    fn an_upstream_without_hints_counts_as_none() {
        let old_peer = ReadResourceResult::default();
        let fresh = ReadResourceResult {
            ttl_ms: Some(60_000_u64.into()),
            cache_scope: Some(CacheScope::Public),
            ..ReadResourceResult::default()
        };
        let merged = merge_cache_hints(
            [&old_peer, &fresh]
                .into_iter()
                .map(CacheHint::of_read_result),
        );
        assert_eq!(merged, CacheHint::NONE);
        assert_eq!(
            merge_cache_hints([CacheHint::of_read_result(&fresh)]),
            CacheHint::new(60_000, CacheScope::Public)
        );
    }
}
