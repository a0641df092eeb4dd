//! Cache hints (2026-07-28 `ttlMs` / `cacheScope`): router defaults for list results,
//! per-resource hints on read results, and merging for proxies.

use mcp_content::convert::cache_hints::merge_cache_hints;
use mcp_content::handler::BoxFuture;
use mcp_content::handler::{ProtocolError, ResourceDescriptor, ResourceHandler};
use mcp_content::model::{
    CacheHint, CacheScope, Meta, ReadResourceResult, Resource, TextResourceContents, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::{Context, ProtocolVersion, Router};
use serde_json::Value;

struct Memo {
    uri: &'static str,
    hint: Option<CacheHint>,
    own: Option<CacheHint>,
}

impl ResourceHandler for Memo {
    fn descriptor(&self) -> ResourceDescriptor {
        ResourceDescriptor::Fixed(Resource::new(Uri::new(self.uri).unwrap(), "memo"))
    }
    fn read(
        &self,
        uri: &str,
        _: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let mut result = ReadResourceResult::new(vec![
            TextResourceContents::new(Uri::new(uri).unwrap(), "hi").into(),
        ]);
        if let Some(own) = self.own {
            result.ttl_ms = Some(own.ttl_ms.into());
            result.cache_scope = Some(own.scope);
        }
        Box::pin(async move { Ok(result) })
    }
    fn cache_hint(&self) -> Option<CacheHint> {
        self.hint
    }
}

fn handle(router: &Router, version: ProtocolVersion, method: &str, uri: Option<&str>) -> Value {
    let params = uri.map(|uri| {
        let mut params = serde_json::Map::new();
        params.insert("uri".into(), uri.into());
        params
    });
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(router.handle(method, params, Context::new(Meta::new(), version)))
        .unwrap()
}

fn router() -> Router {
    Router::builder()
        .resource(Memo {
            uri: "memo://hinted",
            hint: Some(CacheHint::parse("5m", "public").unwrap()),
            own: None,
        })
        .resource(Memo {
            uri: "memo://plain",
            hint: None,
            own: None,
        })
        .resource(Memo {
            uri: "memo://own",
            hint: Some(CacheHint::parse("1h", "public").unwrap()),
            own: Some(CacheHint::new(1_000, CacheScope::Private)),
        })
        .list_cache(CacheHint::parse("1h", "public").unwrap())
        .read_cache(CacheHint::parse("30s", "private").unwrap())
        .build()
        .unwrap()
}

#[test]
fn list_results_carry_the_router_default() {
    let router = router();
    for method in [
        "tools/list",
        "prompts/list",
        "resources/list",
        "resources/templates/list",
    ] {
        let list = handle(&router, ProtocolVersion::V2026_07_28, method, None);
        assert_eq!(list["ttlMs"], 3_600_000, "{method}");
        assert_eq!(list["cacheScope"], "public", "{method}");
    }
    let list = handle(
        &router,
        ProtocolVersion::V2026_07_28,
        "resources/list",
        None,
    );
    mcp_content_tests::assert_valid("2026-07-28", "ListResourcesResult", &list);
    // Older peers have no cache hints.
    let old = handle(
        &router,
        ProtocolVersion::V2025_11_25,
        "resources/list",
        None,
    );
    assert!(old.get("ttlMs").is_none() && old.get("cacheScope").is_none());
}

#[test]
fn without_defaults_lists_and_reads_say_no_caching() {
    let router = Router::builder()
        .resource(Memo {
            uri: "memo://plain",
            hint: None,
            own: None,
        })
        .build()
        .unwrap();
    let list = handle(&router, ProtocolVersion::V2026_07_28, "tools/list", None);
    assert_eq!(
        (list["ttlMs"].clone(), list["cacheScope"].clone()),
        (0.into(), "private".into())
    );
    let read = handle(
        &router,
        ProtocolVersion::V2026_07_28,
        "resources/read",
        Some("memo://plain"),
    );
    assert_eq!(
        (read["ttlMs"].clone(), read["cacheScope"].clone()),
        (0.into(), "private".into())
    );
}

#[test]
fn read_results_take_the_resource_hint_then_the_router_default() {
    let router = router();
    let read = |uri| {
        handle(
            &router,
            ProtocolVersion::V2026_07_28,
            "resources/read",
            Some(uri),
        )
    };
    let hinted = read("memo://hinted");
    assert_eq!(
        (hinted["ttlMs"].clone(), hinted["cacheScope"].clone()),
        (300_000.into(), "public".into())
    );
    mcp_content_tests::assert_valid("2026-07-28", "ReadResourceResult", &hinted);
    let plain = read("memo://plain");
    assert_eq!(
        (plain["ttlMs"].clone(), plain["cacheScope"].clone()),
        (30_000.into(), "private".into())
    );
    // A hint the handler put on the result itself wins.
    let own = read("memo://own");
    assert_eq!(
        (own["ttlMs"].clone(), own["cacheScope"].clone()),
        (1_000.into(), "private".into())
    );
    let old = handle(
        &router,
        ProtocolVersion::V2025_06_18,
        "resources/read",
        Some("memo://hinted"),
    );
    assert!(old.get("ttlMs").is_none());
}

#[test]
fn merging_for_proxies() {
    let router = router();
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let read = |uri: &str| {
        rt.block_on(
            router.read_resource(uri, Context::new(Meta::new(), ProtocolVersion::V2026_07_28)),
        )
        .unwrap()
    };
    let upstream = [read("memo://hinted"), read("memo://plain")];
    let merged = merge_cache_hints(upstream.iter().map(CacheHint::of_read_result));
    assert_eq!(merged, CacheHint::new(30_000, CacheScope::Private));
    let mut combined =
        ReadResourceResult::new(upstream.iter().flat_map(|r| r.contents.clone()).collect());
    merged.fill(&mut combined);
    assert_eq!(combined.ttl_ms, Some(30_000_u64.into()));
}

#[test]
fn duration_and_scope_literals_are_checked() {
    for (ttl, ms) in [
        ("5m", 300_000),
        ("30s", 30_000),
        ("1h", 3_600_000),
        ("500ms", 500),
    ] {
        assert_eq!(CacheHint::parse(ttl, "public").unwrap().ttl_ms, ms);
    }
    assert_eq!(
        CacheHint::parse("5", "public").unwrap_err().rule,
        Rule::Duration
    );
    assert_eq!(
        CacheHint::parse("5m", "shared").unwrap_err().rule,
        Rule::CacheScope
    );
}
