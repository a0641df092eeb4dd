//! [`RedisTaskStore`]: tasks on Redis, one key per task, every write a compare-and-swap.

use std::sync::LazyLock;
use std::time::Duration;

use ::redis::Script;

use super::Redis;
use crate::server::store::{StoreError, StoreFuture, StoreKind};
use crate::server::tasks::{TaskRecord, TaskStore};

/// How many digits the version header of a stored task has (`u64::MAX` has 20).
const VERSION_DIGITS: usize = 20;

/// The compare-and-swap of [`TaskStore::update`], one atomic step in Redis: the stored value
/// starts with its version in 20 digits, compared without reading the rest (`GETRANGE`); the
/// new value keeps the key's expiry (`KEEPTTL`: a task expires its TTL after its creation).
static UPDATE: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
if redis.call('GETRANGE', KEYS[1], 0, 19) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
",
    )
});

/// Tasks in Redis, shared by every replica connected to it with the same prefix: `tasks/get`,
/// `tasks/update` and `tasks/cancel` answer from any replica.
///
/// A task is one key, `<prefix>task:<id>`, holding its version and the whole
/// [`TaskRecord`] as JSON (a field added to the record is stored without a change here).
/// [`create`](TaskStore::create) is `SET NX` with the task's TTL (`ttl_ms`; the
/// [default TTL](RedisTaskStore::with_default_ttl) for a record without one), so the record
/// and its result expire with the task; [`update`](TaskStore::update) is a Lua script that
/// compares the version and writes in one step, so of two replicas writing one task only one
/// applies and the other reads again (no lost update). The lease fields
/// ([`owner`](TaskRecord::owner), [`lease_until_ms`](TaskRecord::lease_until_ms)) are part of
/// the record and go through the same compare-and-swap, which is all the lease needs: a
/// replica renews its tasks' leases, and a `tasks/get` on any replica ends `failed` the task
/// of a replica that stopped renewing ([`TaskStore`], "The lease"). A `tasks/cancel` served
/// by any replica ends the task `cancelled` at once, and the replica running it stops its
/// handler at its next renewal, when it reads the record: within a third of the lease (10 s
/// with the default 30 s lease; `RouterBuilder::task_lease` shortens it).
///
/// ```no_run
/// use mcp_content::redis::{Redis, RedisTaskStore};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let redis = Redis::connect("redis://127.0.0.1:6379/").await?;
/// let router = mcp_content::Router::builder()
///     .task_store(RedisTaskStore::new(&redis))
///     .state_keys(mcp_content::input::StateKeys::from_key_file("state-keys")?)
///     .build()?;
/// # let _ = router;
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct RedisTaskStore {
    redis: Redis,
    default_ttl: Duration,
}

impl RedisTaskStore {
    /// Tasks on `redis`, under its prefix.
    pub fn new(redis: &Redis) -> Self {
        Self {
            redis: redis.clone(),
            default_ttl: Duration::from_secs(3600),
        }
    }

    /// How long a task whose record names no TTL (`ttl_ms` 0) is kept: one hour by default.
    #[must_use]
    pub fn with_default_ttl(mut self, ttl: Duration) -> Self {
        self.default_ttl = ttl;
        self
    }

    fn key(&self, task_id: &str) -> String {
        self.redis.key("task:", task_id)
    }

    fn ttl_ms(&self, task: &TaskRecord) -> u64 {
        if task.ttl_ms > 0 {
            task.ttl_ms
        } else {
            u64::try_from(self.default_ttl.as_millis())
                .unwrap_or(u64::MAX)
                .max(1)
        }
    }
}

/// The version in its fixed width, as the value starts with it.
fn header(version: u64) -> String {
    format!("{version:0VERSION_DIGITS$}")
}

/// The stored value of `task` at `version`: the header, a newline, the record as JSON.
fn encode(mut task: TaskRecord, version: u64) -> Result<Vec<u8>, StoreError> {
    task.version = version;
    let mut value = header(version).into_bytes();
    value.push(b'\n');
    serde_json::to_writer(&mut value, &task).map_err(StoreError::tasks)?;
    Ok(value)
}

/// The record a stored value holds, with the header's version.
fn decode(task_id: &str, value: &[u8]) -> Result<TaskRecord, StoreError> {
    let bad = |why: &dyn std::fmt::Display| {
        StoreError::tasks(format_args!(
            "the stored task {} is not one this store wrote: {why}",
            crate::wire::error::cut(task_id)
        ))
    };
    let (version, json) = value
        .split_at_checked(VERSION_DIGITS + 1)
        .filter(|(head, _)| head.ends_with(b"\n"))
        .ok_or_else(|| bad(&"no version header"))?;
    let version = std::str::from_utf8(&version[..VERSION_DIGITS])
        .ok()
        .and_then(|digits| digits.parse::<u64>().ok())
        .ok_or_else(|| bad(&"no version header"))?;
    let mut task: TaskRecord = serde_json::from_slice(json).map_err(|e| bad(&e))?;
    task.version = version;
    Ok(task)
}

impl TaskStore for RedisTaskStore {
    fn create(&self, task: TaskRecord) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let key = self.key(&task.task_id);
            let ttl = self.ttl_ms(&task);
            let id = task.task_id.clone();
            let value = encode(task, 1)?;
            let set: Option<String> = self
                .redis
                .run(StoreKind::Tasks, |mut connection| async move {
                    ::redis::cmd("SET")
                        .arg(&key)
                        .arg(value)
                        .arg("NX")
                        .arg("PX")
                        .arg(ttl)
                        .query_async(&mut connection)
                        .await
                })
                .await?;
            match set {
                Some(_) => Ok(()),
                None => Err(StoreError::tasks(format_args!(
                    "task exists: {}",
                    crate::wire::error::cut(&id)
                ))),
            }
        })
    }

    fn get<'a>(&'a self, task_id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        Box::pin(async move {
            let key = self.key(task_id);
            let value: Option<Vec<u8>> = self
                .redis
                .run(StoreKind::Tasks, |mut connection| async move {
                    ::redis::cmd("GET")
                        .arg(&key)
                        .query_async(&mut connection)
                        .await
                })
                .await?;
            value.map(|value| decode(task_id, &value)).transpose()
        })
    }

    fn update(&self, expected: u64, task: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let key = self.key(&task.task_id);
            let Some(next) = expected.checked_add(1) else {
                return Ok(false);
            };
            let value = encode(task, next)?;
            let applied: i64 = self
                .redis
                .run(StoreKind::Tasks, |mut connection| async move {
                    UPDATE
                        .key(&key)
                        .arg(header(expected))
                        .arg(value)
                        .invoke_async(&mut connection)
                        .await
                })
                .await?;
            Ok(applied == 1)
        })
    }

    fn is_shared(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};
    use crate::server::tasks::TaskRecord;

    fn record() -> TaskRecord {
        serde_json::from_value(serde_json::json!({
            "taskId": "task-1", "tool": "slow", "arguments": {}, "protocolVersion": "2026-07-28",
            "clientCapabilities": {}, "status": "working", "createdAt": "2026-01-01T00:00:00Z",
            "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttlMs": 60000, "pollIntervalMs": 250,
        }))
        .unwrap()
    }

    #[test]
    fn a_stored_task_starts_with_its_version_and_reads_back_whole() {
        let value = encode(record(), 7).unwrap();
        assert!(value.starts_with(b"00000000000000000007\n{"));
        let read = decode("task-1", &value).unwrap();
        assert_eq!(read.version, 7);
        assert_eq!(
            read,
            TaskRecord {
                version: 7,
                ..record()
            }
        );
    }

    #[test]
    fn a_value_this_store_did_not_write_is_an_error_naming_the_task() {
        let error = decode("task-1", b"{\"taskId\":1}").unwrap_err();
        assert_eq!(
            error.to_string(),
            "task store: the stored task task-1 is not one this store wrote: no version header"
        );
        assert!(decode("task-1", b"00000000000000000001\nnot json").is_err());
    }
}
