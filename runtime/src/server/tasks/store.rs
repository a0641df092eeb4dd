//! Where tasks live between requests: behind [`TaskStore`], so replicas that share a store
//! share the tasks (any process answers `tasks/get` and resumes a task on `tasks/update`).

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::server::handler::ProtocolError;

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
}

impl TaskRecord {
    /// Whether the task has finished (completed, failed or cancelled).
    pub fn is_terminal(&self) -> bool {
        matches!(self.status.as_str(), "completed" | "failed" | "cancelled")
    }
}

/// Storage for tasks. Implementations must make a `put` visible to every later `get`, from
/// any process that shares the store (the spec's "durably created").
pub trait TaskStore: Send + Sync + 'static {
    /// Stores `task`, replacing the one with its id.
    fn put(&self, task: &TaskRecord) -> Result<(), ProtocolError>;
    /// The task with this id, if any.
    fn get(&self, task_id: &str) -> Result<Option<TaskRecord>, ProtocolError>;
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

impl TaskStore for MemoryTaskStore {
    fn put(&self, task: &TaskRecord) -> Result<(), ProtocolError> {
        self.tasks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(task.task_id.clone(), task.clone());
        Ok(())
    }

    fn get(&self, task_id: &str) -> Result<Option<TaskRecord>, ProtocolError> {
        Ok(self
            .tasks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(task_id)
            .cloned())
    }
}

/// Tasks as JSON files in a directory, one per task: enough for replicas on one machine
/// (or a shared volume) to share tasks. Writes go to a temporary file first and are renamed
/// into place, so a reader never sees half a task.
#[derive(Debug, Clone)]
pub struct FileTaskStore {
    dir: PathBuf,
}

impl FileTaskStore {
    /// A store in `dir` (created if missing).
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        Ok(Self { dir })
    }

    fn path(&self, task_id: &str) -> Option<PathBuf> {
        // Ids are ours, but `tasks/get` carries whatever the client sent: no path tricks.
        let safe = !task_id.is_empty()
            && task_id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        safe.then(|| self.dir.join(format!("{task_id}.json")))
    }
}

fn io_error(e: &dyn fmt::Display) -> ProtocolError {
    ProtocolError::internal(format!("task store: {e}"))
}

impl TaskStore for FileTaskStore {
    fn put(&self, task: &TaskRecord) -> Result<(), ProtocolError> {
        let path = self
            .path(&task.task_id)
            .ok_or_else(|| ProtocolError::internal("task store: bad task id"))?;
        let bytes = serde_json::to_vec(task).map_err(|e| io_error(&e))?;
        let tmp = path.with_extension(format!("json.{}.tmp", std::process::id()));
        std::fs::write(&tmp, bytes).map_err(|e| io_error(&e))?;
        std::fs::rename(&tmp, &path).map_err(|e| io_error(&e))
    }

    fn get(&self, task_id: &str) -> Result<Option<TaskRecord>, ProtocolError> {
        let Some(path) = self.path(task_id) else {
            return Ok(None);
        };
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| io_error(&e)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(&e)),
        }
    }
}
