//! Where tasks live between requests: behind [`TaskStore`], so replicas that share a store
//! share the tasks (any process answers `tasks/get` and resumes a task on `tasks/update`).

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::server::store::{StoreError, StoreFuture};
/// A task as stored: what to run, where it stands, and what it produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskRecord {
    /// The task's id.
    pub task_id: String,
    /// The tool it runs.
    pub tool: String,
    /// The tool's arguments.
    pub arguments: Map<String, Value>,
    /// The protocol version of the request that created it.
    pub protocol_version: String,
    /// What the client declared on that request.
    pub client_capabilities: Value,
    /// `working`, `input_required`, `completed`, `failed` or `cancelled`.
    pub status: String,
    /// When it was created (RFC 3339).
    pub created_at: String,
    /// When its status last changed (RFC 3339).
    pub last_updated_at: String,
    /// How long it is kept.
    pub ttl_ms: u64,
    /// How often a client should poll.
    pub poll_interval_ms: u64,
    /// The questions it waits on (status `input_required`).
    #[serde(default)]
    pub input_requests: Map<String, Value>,
    /// Every answer given so far (the handler runs again with them).
    #[serde(default)]
    pub answers: Map<String, Value>,
    /// The tool's result (status `completed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// The protocol error (status `failed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<Value>,
    /// The record's version: 1 when created, one more on every applied
    /// [`TaskStore::update`] (the store sets it; what a writer puts here is ignored).
    #[serde(default)]
    pub version: u64,
    /// The process running the task (a random id per process) while it is `working`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Until when the [`owner`](TaskRecord::owner)'s lease on a `working` task runs, in
    /// milliseconds since the Unix epoch (wall clock: processes sharing a store compare it).
    /// The owner renews it; past it, the task is the lapsed run of a process that is gone
    /// (see [`TaskStore`], "The lease").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_until_ms: Option<u64>,
    /// Who the task belongs to: the [`owner`](crate::auth::Principal::owner) key of the
    /// principal whose `tools/call` created it, `None` when that request carried no
    /// principal (no authorization configured, stdio). Written once, at `create`; only a
    /// request with the same key (or, for `None`, without a principal) finds the task (see
    /// [`TaskStore`], "Ownership"). Not the lease's [`owner`](TaskRecord::owner), which is
    /// the process running it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub principal: Option<String>,
}

/// Why a task whose lease lapsed ended `failed` (its error's message).
pub const LEASE_LAPSED: &str = "the process running this task stopped renewing its lease \
     (it ended, or lost the task store), so the task cannot finish";

impl TaskRecord {
    /// Whether the task has finished (completed, failed or cancelled).
    pub fn is_terminal(&self) -> bool {
        matches!(self.status.as_str(), "completed" | "failed" | "cancelled")
    }

    /// Whether the task is `working` under a lease that ran out before `now_ms`
    /// (milliseconds since the Unix epoch): nobody is running it any more. A `working`
    /// record without a lease (written before leases existed) is never lapsed.
    ///
    /// ```
    /// use mcp_content::tasks::TaskRecord;
    ///
    /// let mut task: TaskRecord = mcp_content::serde_json::from_value(mcp_content::serde_json::json!({
    ///     "taskId": "task-1", "tool": "slow", "arguments": {}, "protocolVersion": "2026-07-28",
    ///     "clientCapabilities": {}, "status": "working", "createdAt": "2026-01-01T00:00:00Z",
    ///     "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttlMs": 60000, "pollIntervalMs": 250,
    ///     "owner": "a-process", "leaseUntilMs": 1000,
    /// }))
    /// .unwrap();
    /// assert!(!task.lease_lapsed(1_000));
    /// assert!(task.lease_lapsed(1_001));
    /// task.status = "input_required".into(); // waits on the client, not on a process
    /// assert!(!task.lease_lapsed(1_001));
    /// ```
    pub fn lease_lapsed(&self, now_ms: u64) -> bool {
        self.status == "working" && self.lease_until_ms.is_some_and(|until| until < now_ms)
    }
}

/// Storage for tasks. Implementations must make a `create` or an applied `update` visible to
/// every later `get`, from any process that shares the store (the spec's "durably
/// created").
///
/// Writes are compare-and-swap on the record's [`version`](TaskRecord::version): a writer
/// reads a task, changes it, and [`update`](TaskStore::update)s it with the version it read;
/// the update applies only if nobody wrote the task meanwhile, and otherwise the writer reads
/// it again and decides again (a cancellation that landed first stands). A shared store
/// makes the check and the write one atomic step (a transaction, a script).
///
/// # The lease
///
/// A task whose process is gone must not stay `working` forever. The process that runs a
/// task is its [`owner`](TaskRecord::owner) and holds a lease on it until
/// [`lease_until_ms`](TaskRecord::lease_until_ms); every third of the lease (30 s by
/// default, `RouterBuilder::task_lease`) it renews the lease with an `update` over the
/// version it read, and it stops renewing once the task is no longer `working` or no longer
/// its own. A reader (`tasks/get`) that finds a `working` task whose lease has passed
/// ([`TaskRecord::lease_lapsed`]) ends it `failed` with the error [`LEASE_LAPSED`], also
/// with an `update` over the version it read. The two race only through `update`: if the
/// owner renewed first the reader's write does not apply, it reads again and sees a live
/// lease; if the reader wrote first the owner's renewal does not apply and it stops. So a
/// store shared by live processes keeps their tasks, and the tasks of a process that died
/// end within a lease. A renewal that finds the task `cancelled` (by a `tasks/cancel` any
/// process served) stops the handler: that is how a cancellation reaches the process
/// running the task, within a third of the lease.
///
/// What a store implements for it is only what is above: it keeps `owner` and
/// `lease_until_ms` as written, and `update` is one atomic compare-and-swap on the version
/// (a shared store: a transaction, a `WATCH`/`MULTI` or a script). The processes sharing a
/// store compare wall-clock times, so their clocks must agree to well within a lease.
///
/// # Ownership
///
/// A task belongs to the principal that created it: its record carries that principal's
/// owner key in [`principal`](TaskRecord::principal) (`None` for a request without one).
/// The engine reads the record with [`get`](TaskStore::get) and answers a `tasks/get`,
/// `tasks/update` or `tasks/cancel` whose caller has another key (or has one where the task
/// has none, or none where it has one) exactly as it answers an id that was never issued:
/// `-32602` `unknown task: <id>`, nothing of the record in it. What a store implements for it
/// is to keep `principal` as written at `create` (an `update` carries it unchanged); a
/// store may index or partition by it, as long as `get` by id still returns the record.
pub trait TaskStore: Send + Sync + 'static {
    /// Stores a new task, as version 1. Fails if a task with its id exists.
    fn create(&self, task: TaskRecord) -> StoreFuture<'_, ()>;
    /// The task with this id, if any.
    fn get<'a>(&'a self, task_id: &'a str) -> StoreFuture<'a, Option<TaskRecord>>;
    /// Replaces the task with `task` (under `task.task_id`) if the stored one's version is
    /// `expected`, storing it as version `expected + 1`. Resolves to whether it applied:
    /// `false` when the task changed meanwhile or is gone.
    fn update(&self, expected: u64, task: TaskRecord) -> StoreFuture<'_, bool>;
    /// Whether processes other than this one share these tasks (replicas); `false` unless
    /// the store says so. A router with a shared store needs shared `requestState` keys
    /// (`RouterBuilder::build` refuses it otherwise: a task tool's input round sealed by one
    /// replica must open on the next).
    fn is_shared(&self) -> bool {
        false
    }
}

fn exists(task_id: &str) -> StoreError {
    StoreError::tasks(format_args!(
        "task exists: {}",
        crate::wire::error::cut(task_id)
    ))
}

/// Tasks in this process's memory (the default).
#[derive(Default)]
pub struct MemoryTaskStore {
    tasks: Mutex<HashMap<String, TaskRecord>>,
}

impl fmt::Debug for MemoryTaskStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryTaskStore").finish_non_exhaustive()
    }
}

impl MemoryTaskStore {
    fn tasks(&self) -> std::sync::MutexGuard<'_, HashMap<String, TaskRecord>> {
        self.tasks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn insert_new(&self, mut task: TaskRecord) -> Result<(), StoreError> {
        let mut tasks = self.tasks();
        if tasks.contains_key(&task.task_id) {
            return Err(exists(&task.task_id));
        }
        task.version = 1;
        tasks.insert(task.task_id.clone(), task);
        Ok(())
    }

    fn swap(&self, expected: u64, mut task: TaskRecord) -> bool {
        let mut tasks = self.tasks();
        match tasks.get_mut(&task.task_id) {
            Some(stored) if stored.version == expected => {
                task.version = expected + 1;
                *stored = task;
                true
            }
            _ => false,
        }
    }
}

// Never waits: the work is done before the future is returned.
impl TaskStore for MemoryTaskStore {
    fn create(&self, task: TaskRecord) -> StoreFuture<'_, ()> {
        Box::pin(std::future::ready(self.insert_new(task)))
    }

    fn get<'a>(&'a self, task_id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        Box::pin(std::future::ready(Ok(self.tasks().get(task_id).cloned())))
    }

    fn update(&self, expected: u64, task: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(std::future::ready(Ok(self.swap(expected, task))))
    }
}

/// Tasks as JSON files in a directory, one per task: enough for replicas on one machine
/// (or a shared volume) to share tasks. Writes go to a temporary file first and are renamed
/// (a new task: linked) into place, so a reader never sees half a task. The compare and the
/// write of an `update` are one step within this process; across processes they are not
/// (the last writer wins a race there, as before versions existed: a lease renewed by one
/// replica as another ends it can go either way, which the lease tolerates, since a lapse is
/// judged only after a full lease without a renewal).
#[derive(Debug, Clone)]
pub struct FileTaskStore {
    dir: PathBuf,
    // One writer at a time in this process, so an `update`'s compare and write are one step.
    writing: Arc<Mutex<()>>,
}

impl FileTaskStore {
    /// A store in `dir` (created if missing).
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        Ok(Self {
            dir,
            writing: Arc::default(),
        })
    }

    fn path(&self, task_id: &str) -> Option<PathBuf> {
        // Ids are ours, but `tasks/get` carries whatever the client sent: no path tricks.
        let safe = !task_id.is_empty()
            && task_id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        safe.then(|| self.dir.join(format!("{task_id}.json")))
    }

    fn checked_path(&self, task_id: &str) -> Result<PathBuf, StoreError> {
        self.path(task_id)
            .ok_or_else(|| StoreError::tasks("bad task id"))
    }

    /// Writes `task` next to `path`, to a temporary file whose path it returns.
    fn write_temporary(path: &std::path::Path, task: &TaskRecord) -> Result<PathBuf, StoreError> {
        let bytes = serde_json::to_vec(task).map_err(StoreError::tasks)?;
        let tmp = path.with_extension(format!("json.{}.tmp", std::process::id()));
        std::fs::write(&tmp, bytes).map_err(StoreError::tasks)?;
        Ok(tmp)
    }

    fn read(&self, task_id: &str) -> Result<Option<TaskRecord>, StoreError> {
        let Some(path) = self.path(task_id) else {
            return Ok(None);
        };
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(StoreError::tasks),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::tasks(e)),
        }
    }

    fn insert_new(&self, mut task: TaskRecord) -> Result<(), StoreError> {
        let path = self.checked_path(&task.task_id)?;
        task.version = 1;
        let _writing = self.writing.lock().unwrap_or_else(PoisonError::into_inner);
        let tmp = Self::write_temporary(&path, &task)?;
        // A hard link fails if the name is taken: the check and the write are one step.
        let linked = std::fs::hard_link(&tmp, &path);
        let _ = std::fs::remove_file(&tmp);
        match linked {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(exists(&task.task_id)),
            Err(e) => Err(StoreError::tasks(e)),
        }
    }

    fn swap(&self, expected: u64, mut task: TaskRecord) -> Result<bool, StoreError> {
        let path = self.checked_path(&task.task_id)?;
        let _writing = self.writing.lock().unwrap_or_else(PoisonError::into_inner);
        match self.read(&task.task_id)? {
            Some(stored) if stored.version == expected => {}
            _ => return Ok(false),
        }
        task.version = expected + 1;
        let tmp = Self::write_temporary(&path, &task)?;
        std::fs::rename(&tmp, &path).map_err(StoreError::tasks)?;
        Ok(true)
    }
}

// Blocking file operations, small and local: done before the future is returned, as the
// synchronous store did.
impl TaskStore for FileTaskStore {
    fn create(&self, task: TaskRecord) -> StoreFuture<'_, ()> {
        Box::pin(std::future::ready(self.insert_new(task)))
    }

    fn get<'a>(&'a self, task_id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        Box::pin(std::future::ready(self.read(task_id)))
    }

    fn update(&self, expected: u64, task: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(std::future::ready(self.swap(expected, task)))
    }

    /// Replicas on one machine (or a shared volume) share the directory.
    fn is_shared(&self) -> bool {
        true
    }
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
