//! [`RedisPayloadStore`]: payload links on Redis, within one bound for every replica.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use ::redis::Script;

use super::Redis;
use crate::server::payload::{
    DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_PAYLOADS, PayloadStore, StoredPayload,
};
use crate::server::store::{StoreError, StoreFuture, StoreKind};

/// A payload's put, one atomic step in Redis: payloads whose time is up leave the bound
/// (`TIME` is the server's clock, one for every replica), then the new payload is judged
/// against it and kept with its link's TTL (`PX`), or refused.
///
/// KEYS: the payload, the index (sorted set: id by expiry in ms), the sizes (hash: id to
/// bytes), the bytes kept (a number). ARGV: the id, the value, its TTL in ms, the most bytes,
/// the most payloads. Answers `{0, bytes kept}`, `{1, payloads kept}` (too many) or
/// `{2, bytes kept}` (does not fit).
static PUT: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local held = tonumber(redis.call('GET', KEYS[4]) or '0')
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  held = held - tonumber(redis.call('HGET', KEYS[3], id) or '0')
  redis.call('HDEL', KEYS[3], id)
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then
  held = held - tonumber(old)
  redis.call('HDEL', KEYS[3], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('DEL', KEYS[1])
end
if held < 0 then held = 0 end
redis.call('SET', KEYS[4], held)
local count = redis.call('ZCARD', KEYS[2])
if count >= tonumber(ARGV[5]) then return {1, count} end
local size = string.len(ARGV[2])
if size > tonumber(ARGV[4]) - held then return {2, held} end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], size)
redis.call('SET', KEYS[4], held + size)
return {0, held + size}
",
    )
});

/// Payloads served through links, in Redis: a link issued by one replica reads from any
/// other until it expires.
///
/// A payload is one key, `<prefix>payload:<id>`, holding the whole [`StoredPayload`] as JSON
/// (its bytes as base64) with the link's TTL as the key's expiry (`PX`), so Redis drops it
/// when the link stops working and a read sets [`StoredPayload::expires`] from the time left.
///
/// The bound is the memory store's, held for every replica sharing the prefix at once: at
/// most [`DEFAULT_MAX_PAYLOAD_BYTES`] bytes (as stored: the JSON) in at most
/// [`DEFAULT_MAX_PAYLOADS`] live payloads unless [`RedisPayloadStore::with_limits`] says.
/// Past it a new payload is refused with the same error as the memory store's (`payload
/// store: full: …`, its tool call fails with `-32603`) and every link already handed out
/// keeps working until its TTL. The put judges and writes in one Lua script, so replicas
/// putting at once cannot overshoot it.
///
/// ```no_run
/// use mcp_content::redis::{Redis, RedisPayloadStore};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let redis = Redis::connect("redis://127.0.0.1:6379/").await?;
/// let payloads = RedisPayloadStore::new(&redis).with_limits(256 << 20, 4096);
/// let router = mcp_content::Router::builder()
///     .payload_store(payloads)
///     .max_inline(64 << 10)
///     .state_keys(mcp_content::input::StateKeys::from_key_file("state-keys")?)
///     .build()?;
/// # let _ = router;
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct RedisPayloadStore {
    redis: Redis,
    max_bytes: usize,
    max_payloads: usize,
}

impl RedisPayloadStore {
    /// Payloads on `redis`, under its prefix, within the default bounds.
    pub fn new(redis: &Redis) -> Self {
        Self {
            redis: redis.clone(),
            max_bytes: DEFAULT_MAX_PAYLOAD_BYTES,
            max_payloads: DEFAULT_MAX_PAYLOADS,
        }
    }

    /// At most `max_bytes` bytes in at most `max_payloads` live payloads, for every replica
    /// sharing the prefix together.
    #[must_use]
    pub fn with_limits(mut self, max_bytes: usize, max_payloads: usize) -> Self {
        self.max_bytes = max_bytes;
        self.max_payloads = max_payloads;
        self
    }

    fn keys(&self, id: &str) -> [String; 4] {
        [
            self.redis.key("payload:", id),
            self.redis.key("payloads", ""),
            self.redis.key("payload-sizes", ""),
            self.redis.key("payload-bytes", ""),
        ]
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl PayloadStore for RedisPayloadStore {
    fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            // A payload whose link has already expired is kept for a millisecond (`PX` needs
            // a positive time).
            let ttl = millis(payload.expires.saturating_duration_since(Instant::now())).max(1);
            let value = serde_json::to_vec(&payload).map_err(StoreError::payloads)?;
            let size = value.len();
            let keys = self.keys(&id);
            let (max_bytes, max_payloads) = (self.max_bytes, self.max_payloads);
            let (verdict, held): (i64, i64) = self
                .redis
                .run(StoreKind::Payloads, |mut connection| async move {
                    let mut put = PUT.prepare_invoke();
                    for key in &keys {
                        put.key(key);
                    }
                    put.arg(&id)
                        .arg(value)
                        .arg(ttl)
                        .arg(max_bytes)
                        .arg(max_payloads)
                        .invoke_async(&mut connection)
                        .await
                })
                .await?;
            match verdict {
                0 => Ok(()),
                1 => Err(StoreError::payloads(format_args!(
                    "full: {held} payloads kept, the most this store keeps \
                     (RedisPayloadStore::with_limits sets it); links free their room when \
                     they expire"
                ))),
                _ => Err(StoreError::payloads(format_args!(
                    "full: a payload of {size} bytes does not fit beside the {held} bytes \
                     kept, within {max_bytes} bytes at most (RedisPayloadStore::with_limits \
                     sets it); links free their room when they expire"
                ))),
            }
        })
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
        Box::pin(async move {
            let [key, ..] = self.keys(id);
            let (value, left_ms): (Option<Vec<u8>>, i64) = self
                .redis
                .run(StoreKind::Payloads, |mut connection| async move {
                    ::redis::pipe()
                        .atomic()
                        .cmd("GET")
                        .arg(&key)
                        .cmd("PTTL")
                        .arg(&key)
                        .query_async(&mut connection)
                        .await
                })
                .await?;
            let Some(value) = value else {
                return Ok(None);
            };
            let mut payload: StoredPayload = serde_json::from_slice(&value).map_err(|e| {
                StoreError::payloads(format_args!(
                    "the stored payload {} is not one this store wrote: {e}",
                    crate::wire::error::cut(id)
                ))
            })?;
            let left = Duration::from_millis(u64::try_from(left_ms).unwrap_or(0));
            payload.expires = Instant::now() + left;
            Ok(Some(payload))
        })
    }

    fn is_shared(&self) -> bool {
        true
    }
}
