//! The store seams on Redis (feature `redis`): [`RedisTaskStore`], [`RedisPayloadStore`] and
//! [`RedisChangeBus`], built from one [`Redis`] handle, so that every replica behind one
//! address shares tasks, payload links and change notifications.
//!
//! ```no_run
//! use mcp_content::Router;
//! use mcp_content::input::StateKeys;
//! use mcp_content::redis::{Redis, RedisChangeBus, RedisPayloadStore, RedisTaskStore};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let redis = Redis::connect("redis://127.0.0.1:6379/").await?;
//! let router = Router::builder()
//!     .task_store(RedisTaskStore::new(&redis))
//!     .payload_store(RedisPayloadStore::new(&redis))
//!     .change_bus(RedisChangeBus::new(&redis).await?)
//!     // Shared stores need keys every replica shares (see `StateKeys::from_key_file`).
//!     .state_keys(StateKeys::from_key_file("/etc/mcp/state-keys")?)
//!     .build()?;
//! # let _ = router;
//! # Ok(())
//! # }
//! ```
//!
//! | What | Keys (under the prefix, `mcp:` by default) | How |
//! |---|---|---|
//! | a task | `task:<id>` | `SET NX PX <ttl>` to create; a Lua script compares the version and writes (`KEEPTTL`) as one step |
//! | a payload | `payload:<id>`, and `payloads`, `payload-sizes`, `payload-bytes` for the bound | `SET PX <link TTL>` inside a Lua script that judges the bound first |
//! | changes | the pub/sub channel `changes` | `PUBLISH`; one subscription per process, re-opened after a reconnect |
//!
//! Several servers (or several deployments) share one Redis by giving each its own prefix
//! ([`RedisOptions::prefix`]); replicas of one server share theirs.
//!
//! # Failures
//!
//! Every operation is bounded by [`RedisOptions::timeout`] (5 s by default): while Redis is
//! down or unreachable an operation fails with a [`StoreError`]
//! naming the URL (`task store: redis at redis://…: …`), the request that needed it gets an
//! internal error (`-32603`), and nothing hangs. The connection comes back by itself when
//! Redis does (the handle checks it every second and reconnects with backoff); the change bus
//! re-subscribes on the new connection. An operation is never retried by the handle: a write
//! whose answer was lost may have applied, and the caller's compare-and-swap decides again.
//! [`Redis::connect`] fails at once, naming the URL, when Redis cannot be reached
//! ([`RedisOptions::connect_timeout`], 5 s by default).
//!
//! # Persistence
//!
//! Run Redis with the append-only file, fsync'd every second (`appendonly yes`,
//! `appendfsync everysec`; `scripts/with-redis.sh` does). A graceful restart
//! (`SHUTDOWN`, `systemctl restart`) then loses nothing: Redis writes the file and reads it
//! back. A `kill -9` of Redis, or a crash of its machine, loses at most the writes of the
//! last second or so before it (those not yet fsync'd): a task created or updated in that
//! second may be gone or back at its previous version, and a payload link issued in it may
//! not resolve. What a client was told stays consistent otherwise: a task that is gone
//! answers `unknown task`, never another task's data. Without persistence (`appendonly no`,
//! no snapshots) a restart loses every task and link. Pub/sub notifications are never
//! persisted: a change published while a replica is disconnected does not reach that
//! replica's listeners (they hear the next one).

mod changes;
mod payload;
mod tasks;

use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use ::redis::aio::{ConnectionManager, ConnectionManagerConfig};
use ::redis::{AsyncConnectionConfig, Client, IntoConnectionInfo, ProtocolVersion};

use crate::server::store::{StoreError, StoreKind};

pub use changes::RedisChangeBus;
pub use payload::RedisPayloadStore;
pub use tasks::RedisTaskStore;

/// How often a connection that is not in use is checked, so it comes back by itself.
const HEALTH_CHECK: Duration = Duration::from_secs(1);

/// How [`Redis::connect_with`] connects, and how the stores built on it name their keys.
///
/// ```
/// use std::time::Duration;
/// use mcp_content::redis::RedisOptions;
///
/// let options = RedisOptions::new()
///     .prefix("weather:")
///     .timeout(Duration::from_secs(2));
/// assert_eq!(options.prefix_str(), "weather:");
/// ```
#[derive(Debug, Clone)]
pub struct RedisOptions {
    prefix: String,
    connect_timeout: Duration,
    timeout: Duration,
}

impl Default for RedisOptions {
    fn default() -> Self {
        Self {
            prefix: "mcp:".into(),
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(5),
        }
    }
}

impl RedisOptions {
    /// The defaults: prefix `mcp:`, 5 s to connect, 5 s per operation.
    pub fn new() -> Self {
        Self::default()
    }

    /// What every key and channel name starts with (`mcp:` by default): servers that share
    /// one Redis but not their tasks take different prefixes.
    #[must_use]
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// How long connecting may take (5 s by default), at start and on every reconnect.
    #[must_use]
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// How long one operation may take (5 s by default) before it fails.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The prefix set.
    pub fn prefix_str(&self) -> &str {
        &self.prefix
    }
}

/// Redis could not be reached, or refused what was asked: names the URL (its password
/// hidden) and says what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedisError {
    url: String,
    message: String,
}

impl RedisError {
    fn new(url: &str, message: impl Into<String>) -> Self {
        Self {
            url: url.to_owned(),
            message: message.into(),
        }
    }

    /// The URL, as given but with any password replaced by `***`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// What went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for RedisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "redis at {}: {}", self.url, self.message)
    }
}

impl std::error::Error for RedisError {}

/// A connection to one Redis, shared by the stores built on it: multiplexed (every request of
/// the process goes over it concurrently), reconnected by itself after a failure. Cheap to
/// clone; clones share the connection.
///
/// ```no_run
/// use mcp_content::redis::{Redis, RedisOptions};
///
/// # async fn run() -> Result<(), mcp_content::redis::RedisError> {
/// let redis = Redis::connect("redis://127.0.0.1:6379/").await?;
/// let other = Redis::connect_with(
///     "redis://:secret@10.0.0.5:6379/2",
///     RedisOptions::new().prefix("billing:"),
/// )
/// .await?;
/// assert_eq!(other.url(), "redis://:***@10.0.0.5:6379/2");
/// # let _ = redis;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct Redis {
    inner: Arc<Inner>,
}

struct Inner {
    client: Client,
    manager: ConnectionManager,
    url: String,
    options: RedisOptions,
    _health: AbortOnDrop,
}

impl fmt::Debug for Redis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Redis")
            .field("url", &self.inner.url)
            .field("prefix", &self.inner.options.prefix)
            .finish_non_exhaustive()
    }
}

impl Redis {
    /// Connects to the Redis at `url` (`redis://[user:password@]host:port[/db]`) with the
    /// default [`RedisOptions`]; an error naming the URL when it cannot be reached within
    /// 5 s or does not answer.
    pub async fn connect(url: &str) -> Result<Self, RedisError> {
        Self::connect_with(url, RedisOptions::default()).await
    }

    /// Connects to the Redis at `url` with `options`. Must be called within a tokio runtime
    /// (the connection's upkeep runs on it).
    pub async fn connect_with(url: &str, options: RedisOptions) -> Result<Self, RedisError> {
        let shown = redact(url);
        let client = client(url).map_err(|e| RedisError::new(&shown, e))?;
        // One plain attempt first, so an unreachable server is named at once with its reason
        // (the manager below would retry with backoff before it gave up).
        let probe = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(options.connect_timeout))
            .set_response_timeout(Some(options.timeout));
        let cannot = |e: &dyn fmt::Display| RedisError::new(&shown, format!("cannot connect: {e}"));
        bounded(
            options.connect_timeout,
            client.get_multiplexed_async_connection_with_config(&probe),
        )
        .await
        .map_err(|e| cannot(&e))?
        .map_err(|e| cannot(&e))?;
        let manager = manager(&client, &options, None)
            .await
            .map_err(|e| cannot(&e))?;
        let health = AbortOnDrop::spawn(keep_alive(manager.clone(), options.timeout));
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                manager,
                url: shown,
                options,
                _health: health,
            }),
        })
    }

    /// The URL connected to, with any password replaced by `***`.
    pub fn url(&self) -> &str {
        &self.inner.url
    }

    /// What every key and channel name starts with.
    pub fn prefix(&self) -> &str {
        &self.inner.options.prefix
    }

    fn key(&self, kind: &str, id: &str) -> String {
        format!("{}{kind}{id}", self.inner.options.prefix)
    }

    /// Runs `operation` on the shared connection within the operation timeout; an error of
    /// `store` naming the URL otherwise.
    async fn run<T, F>(
        &self,
        store: StoreKind,
        operation: impl FnOnce(ConnectionManager) -> F,
    ) -> Result<T, StoreError>
    where
        F: Future<Output = ::redis::RedisResult<T>>,
    {
        let timeout = self.inner.options.timeout;
        match bounded(timeout, operation(self.inner.manager.clone())).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => Err(self.store_error(store, &e)),
            Err(e) => Err(self.store_error(store, &e)),
        }
    }

    fn store_error(&self, store: StoreKind, error: &dyn fmt::Display) -> StoreError {
        StoreError::new(store, format!("redis at {}: {error}", self.inner.url))
    }
}

/// A client for `url`, speaking RESP3 (pub/sub on a multiplexed connection needs it).
fn client(url: &str) -> Result<Client, String> {
    let info = url
        .into_connection_info()
        .map_err(|e| format!("not a Redis URL: {e}"))?;
    let settings = info
        .redis_settings()
        .clone()
        .set_protocol(ProtocolVersion::RESP3);
    Client::open(info.set_redis_settings(settings)).map_err(|e| format!("not a Redis URL: {e}"))
}

/// A connection manager: reconnects with backoff (one retry, then the health check's next
/// tick tries again), each attempt and each answer bounded.
async fn manager(
    client: &Client,
    options: &RedisOptions,
    push: Option<tokio::sync::mpsc::UnboundedSender<::redis::PushInfo>>,
) -> Result<ConnectionManager, String> {
    let mut config = ConnectionManagerConfig::new()
        .set_connection_timeout(Some(options.connect_timeout))
        .set_response_timeout(Some(options.timeout))
        .set_number_of_retries(1)
        .set_max_delay(Duration::from_millis(500));
    if let Some(push) = push {
        config = config.set_push_sender(push).set_automatic_resubscription();
    }
    bounded(
        options.connect_timeout,
        ConnectionManager::new_with_config(client.clone(), config),
    )
    .await
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())
}

/// `future`, or an error once `timeout` has passed.
async fn bounded<F: Future>(timeout: Duration, future: F) -> Result<F::Output, Elapsed> {
    tokio::time::timeout(timeout, future)
        .await
        .map_err(|_| Elapsed(timeout))
}

/// An operation got no answer in time.
struct Elapsed(Duration);

impl fmt::Display for Elapsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no answer within {} ms (is the server up and reachable?)",
            self.0.as_millis()
        )
    }
}

/// Pings over `manager` every [`HEALTH_CHECK`]: a connection that broke while nothing used it
/// (Redis restarted) is noticed and re-opened without waiting for the next request, and a
/// reconnection that gave up is tried again.
async fn keep_alive(manager: ConnectionManager, timeout: Duration) {
    loop {
        tokio::time::sleep(HEALTH_CHECK).await;
        let mut connection = manager.clone();
        let ping = ::redis::cmd("PING");
        // A failure is the manager's to act on (it reconnects); the next tick checks again.
        let _ = bounded(timeout, ping.query_async::<()>(&mut connection)).await;
    }
}

/// A background task stopped when its owner is dropped.
struct AbortOnDrop(tokio::task::AbortHandle);

impl AbortOnDrop {
    fn spawn(future: impl Future<Output = ()> + Send + 'static) -> Self {
        Self(tokio::spawn(future).abort_handle())
    }
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `url` with the password of its user information replaced by `***`, to be shown in errors
/// and logs.
fn redact(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_owned();
    };
    let rest = &url[scheme_end + 3..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let Some(at) = authority.rfind('@') else {
        return url.to_owned();
    };
    let Some((user, _password)) = authority[..at].split_once(':') else {
        return url.to_owned(); // a user name alone
    };
    format!("{}{user}:***{}", &url[..scheme_end + 3], &rest[at..])
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn a_password_in_the_url_is_never_shown() {
        assert_eq!(redact("redis://127.0.0.1:6379/"), "redis://127.0.0.1:6379/");
        assert_eq!(redact("redis://:pw@host:1/2"), "redis://:***@host:1/2");
        assert_eq!(redact("redis://user:pw@host/"), "redis://user:***@host/");
        assert_eq!(redact("redis://user@host/"), "redis://user@host/");
        assert_eq!(redact("redis://u:p@ss@host/"), "redis://u:***@host/");
        assert_eq!(redact("not a url"), "not a url");
    }
}
