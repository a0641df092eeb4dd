//! Both embedded task stores: a task is created once, and an update applies only over the
//! version it was read at.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use serde_json::{Map, Value};

use super::{FileTaskStore, MemoryTaskStore, TaskRecord, TaskStore};

/// The embedded stores finish their work before they return the future.
fn now<T>(future: impl Future<Output = T>) -> T {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => value,
        Poll::Pending => panic!("an embedded store waited"),
    }
}

fn task(id: &str) -> TaskRecord {
    TaskRecord {
        task_id: id.into(),
        tool: "slow".into(),
        arguments: Map::new(),
        protocol_version: "2026-07-28".into(),
        client_capabilities: Value::Object(Map::new()),
        status: "working".into(),
        created_at: "2026-01-01T00:00:00Z".into(),
        last_updated_at: "2026-01-01T00:00:00Z".into(),
        ttl_ms: 1000,
        poll_interval_ms: 10,
        input_requests: Map::new(),
        answers: Map::new(),
        result: None,
        error: None,
        version: 0,
        owner: None,
        lease_until_ms: None,
        principal: None,
    }
}

fn compare_and_swap(store: &dyn TaskStore) {
    assert_eq!(now(store.get("task-1")), Ok(None));
    now(store.create(task("task-1"))).unwrap();
    let stored = now(store.get("task-1")).unwrap().unwrap();
    assert_eq!(stored.version, 1);
    assert_eq!(stored.status, "working");

    let again = now(store.create(task("task-1"))).unwrap_err();
    assert_eq!(again.to_string(), "task store: task exists: task-1");

    let mut cancelled = stored.clone();
    cancelled.status = "cancelled".into();
    assert_eq!(now(store.update(1, cancelled)), Ok(true));
    // A writer that read version 1 lost the race: its write does not apply.
    let mut completed = stored;
    completed.status = "completed".into();
    assert_eq!(now(store.update(1, completed)), Ok(false));
    let stored = now(store.get("task-1")).unwrap().unwrap();
    assert_eq!((stored.status.as_str(), stored.version), ("cancelled", 2));

    assert_eq!(now(store.update(0, task("task-2"))), Ok(false));
    assert_eq!(now(store.get("task-2")), Ok(None));
}

#[test]
fn the_memory_store_creates_once_and_updates_over_the_version_read() {
    compare_and_swap(&MemoryTaskStore::default());
}

#[test]
fn the_file_store_creates_once_and_updates_over_the_version_read() {
    let dir = std::env::temp_dir().join(format!(
        "mcp-content-task-store-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let store = FileTaskStore::new(&dir).unwrap();
    compare_and_swap(&store);
    // Another store on the directory (another replica) reads what this one wrote.
    let other = FileTaskStore::new(&dir).unwrap();
    assert_eq!(now(other.get("task-1")).unwrap().unwrap().version, 2);
    // Ids that are not a plain name are no file of the store's.
    assert_eq!(now(store.get("../task-1")), Ok(None));
    let refused = now(store.create(task("../escape"))).unwrap_err();
    assert_eq!(refused.to_string(), "task store: bad task id");
    let _ = std::fs::remove_dir_all(&dir);
}
