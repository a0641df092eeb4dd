//! What every Redis test needs: the server to use (or the plain skip), a prefix of its own,
//! shared keys, and bounded waits.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use mcp_content::input::{StateKey, StateKeys};
use mcp_content::redis::{Redis, RedisOptions};

/// `REDIS_URL`, or `None` after saying plainly that the test is skipped.
pub(crate) fn redis_url() -> Option<String> {
    match std::env::var("REDIS_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            skipped("REDIS_URL not set (scripts/with-redis.sh runs a redis-server)");
            None
        }
    }
}

/// Says on stderr, past the test harness's capture (which hides what a passing test
/// prints), that a test was skipped and why.
pub(crate) fn skipped(why: &str) {
    use std::io::Write;
    // The harness names each test's thread after the test; one write, one whole line.
    let test = std::thread::current()
        .name()
        .unwrap_or("a redis test")
        .to_owned();
    let line = format!("\n{test}: skipped: {why}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// A key prefix no other test (or run) uses.
pub(crate) fn prefix(test: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("mcp-test:{test}:{}:{nanos}:{n}:", std::process::id())
}

/// A connection to `url` under `prefix`, each operation bounded by 2 s.
pub(crate) async fn connect(url: &str, prefix: &str) -> Redis {
    Redis::connect_with(
        url,
        RedisOptions::new()
            .prefix(prefix)
            .timeout(Duration::from_secs(2)),
    )
    .await
    .unwrap()
}

/// The keys every replica of a test shares.
pub(crate) fn keys() -> StateKeys {
    StateKeys::new(StateKey::new("shared", (0..32u8).collect::<Vec<_>>()).unwrap())
}

/// `future`, which must finish within `secs` seconds.
pub(crate) async fn within<F: Future>(secs: u64, future: F) -> F::Output {
    tokio::time::timeout(Duration::from_secs(secs), future)
        .await
        .unwrap_or_else(|_| panic!("did not finish within {secs} s"))
}

/// Waits (up to `secs` seconds, polling every 20 ms) until `check` holds.
pub(crate) async fn eventually(secs: u64, mut check: impl FnMut() -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while tokio::time::Instant::now() < deadline {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    check()
}
