//! The lease on a running task: renewed while its process runs it, and a task whose lease
//! lapsed ends `failed` with the reason at the next `tasks/get`; every write is a
//! compare-and-swap, so a renewal and a lapse never both apply.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Map, Value};

use super::task_lease::now_ms;
use super::tasks::{Started, call, get};
use crate::model::meta::Meta;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::rules::ProtocolVersion;
use crate::server::handler::{BoxFuture, Context, ToolHandler};
use crate::server::router::Router;
use crate::server::store::StoreFuture;
use crate::server::tasks::{LEASE_LAPSED, MemoryTaskStore, TaskRecord, TaskStore, TaskSupport};

/// Sleeps `ms` milliseconds (the argument), then answers.
struct Slow;

impl ToolHandler for Slow {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("slow").unwrap())
    }

    fn call(&self, arguments: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let ms = arguments.get("ms").and_then(Value::as_u64).unwrap_or(0);
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            CallToolResult::text(format!("slept {ms} ms"))
        })
    }
}

fn router(store: impl TaskStore, lease: Duration) -> Arc<Router> {
    Arc::new(
        Router::builder()
            .task_tool(Slow, TaskSupport::Required)
            .task_store(store)
            .task_lease(lease)
            .build()
            .unwrap(),
    )
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .unwrap()
}

/// Starts `slow` for `ms` as a task; its id.
async fn start(router: &Arc<Router>, ms: u64) -> String {
    let mut arguments = Map::new();
    arguments.insert("ms".into(), Value::from(ms));
    let context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28);
    let started = call(
        router,
        "slow",
        arguments,
        None,
        None,
        context,
        TaskSupport::Required,
    );
    let Ok(Started::Task(created)) = started.await else {
        panic!("`slow` becomes a task");
    };
    created["taskId"].as_str().unwrap().to_owned()
}

/// A `working` task of a process that is gone: its lease ran out a second ago.
fn orphan(id: &str) -> TaskRecord {
    serde_json::from_value(serde_json::json!({
        "taskId": id, "tool": "slow", "arguments": {}, "protocolVersion": "2026-07-28",
        "clientCapabilities": {}, "status": "working", "createdAt": "2026-01-01T00:00:00Z",
        "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttlMs": 60000, "pollIntervalMs": 250,
        "owner": "a-process-that-died", "leaseUntilMs": now_ms() - 1000,
    }))
    .unwrap()
}

#[test]
fn a_task_whose_lease_lapsed_ends_failed_with_the_reason() {
    runtime().block_on(async {
        let router = router(MemoryTaskStore::default(), Duration::from_secs(30));
        router
            .task_store()
            .create(orphan("task-orphan"))
            .await
            .unwrap();
        let task = get(&router, "task-orphan", None).await.unwrap();
        assert_eq!(task["status"], "failed", "{task}");
        assert_eq!(task["error"]["code"], -32603, "{task}");
        assert_eq!(task["error"]["message"], LEASE_LAPSED, "{task}");
        // Stored so: every later reader, on any replica, sees the same end.
        let stored = router
            .task_store()
            .get("task-orphan")
            .await
            .unwrap()
            .unwrap();
        assert_eq!((stored.status.as_str(), stored.version), ("failed", 2));
        assert_eq!(get(&router, "task-orphan", None).await.unwrap(), task);
    });
}

#[test]
fn a_running_task_keeps_its_lease_renewed_past_many_leases() {
    runtime().block_on(async {
        let router = router(MemoryTaskStore::default(), Duration::from_millis(400));
        let id = start(&router, 2000).await;
        let first = router.task_store().get(&id).await.unwrap().unwrap();
        assert!(
            first.owner.is_some() && first.lease_until_ms.is_some(),
            "{first:?}"
        );
        // Three leases later it is still running, under a lease renewed meanwhile.
        tokio::time::sleep(Duration::from_millis(1200)).await;
        let task = get(&router, &id, None).await.unwrap();
        assert_eq!(task["status"], "working", "{task}");
        let now = router.task_store().get(&id).await.unwrap().unwrap();
        assert!(now.lease_until_ms > first.lease_until_ms, "{now:?}");
        assert_eq!(now.owner, first.owner);
        // It finishes, and nobody holds it any more.
        let mut done = task;
        for _ in 0..100 {
            done = get(&router, &id, None).await.unwrap();
            if done["status"] != "working" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(done["status"], "completed", "{done}");
        let stored = router.task_store().get(&id).await.unwrap().unwrap();
        assert_eq!((stored.owner, stored.lease_until_ms), (None, None));
    });
}

/// A store where the owner's renewal lands between a reader's read and its write, once.
struct RenewedMeanwhile {
    inner: MemoryTaskStore,
    armed: AtomicBool,
}

impl TaskStore for RenewedMeanwhile {
    fn create(&self, task: TaskRecord) -> StoreFuture<'_, ()> {
        self.inner.create(task)
    }

    fn get<'a>(&'a self, task_id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        self.inner.get(task_id)
    }

    fn update(&self, expected: u64, task: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            if self.armed.swap(false, Ordering::SeqCst) {
                let mut renewed = self.inner.get(&task.task_id).await?.unwrap();
                renewed.lease_until_ms = Some(now_ms() + 60_000);
                assert!(self.inner.update(renewed.version, renewed).await?);
            }
            self.inner.update(expected, task).await
        })
    }
}

#[test]
fn a_renewal_that_lands_first_keeps_the_task_working() {
    runtime().block_on(async {
        let store = RenewedMeanwhile {
            inner: MemoryTaskStore::default(),
            armed: AtomicBool::new(true),
        };
        let router = router(store, Duration::from_secs(30));
        router
            .task_store()
            .create(orphan("task-late"))
            .await
            .unwrap();
        // The reader saw a lapsed lease, but its write lost to the renewal: it reads
        // again and finds the task alive.
        let task = get(&router, "task-late", None).await.unwrap();
        assert_eq!(task["status"], "working", "{task}");
        let stored = router.task_store().get("task-late").await.unwrap().unwrap();
        assert_eq!((stored.status.as_str(), stored.version), ("working", 2));
    });
}

#[test]
fn a_lapse_that_lands_first_stands_against_the_late_runner() {
    runtime().block_on(async {
        let router = router(MemoryTaskStore::default(), Duration::from_millis(90));
        let id = start(&router, 300).await;
        // Another replica found the lease lapsed (say this process stalled) and ended it.
        let store = router.task_store();
        let read = loop {
            let mut record = store.get(&id).await.unwrap().unwrap();
            let read = record.version;
            record.status = "failed".into();
            record.lease_until_ms = Some(0);
            // A renewal may land between this read and write: then read again.
            if store.update(read, record).await.unwrap() {
                break read;
            }
        };
        // The runner neither renews it back to life nor writes its late result over it.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let task = get(&router, &id, None).await.unwrap();
        assert_eq!(task["status"], "failed", "{task}");
        assert_eq!(store.get(&id).await.unwrap().unwrap().version, read + 1);
    });
}

/// Runs until it is stopped, and says when its future is dropped.
struct Endless(Arc<AtomicBool>);

/// Sets its flag when dropped.
struct SetOnDrop(Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

impl ToolHandler for Endless {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("endless").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let stopped = SetOnDrop(Arc::clone(&self.0));
        Box::pin(async move {
            let _stopped = stopped;
            std::future::pending::<CallToolResult>().await
        })
    }
}

#[test]
fn a_cancellation_written_by_another_process_stops_the_handler_at_the_next_renewal() {
    runtime().block_on(async {
        let stopped = Arc::new(AtomicBool::new(false));
        let router = Arc::new(
            Router::builder()
                .task_tool(Endless(Arc::clone(&stopped)), TaskSupport::Required)
                .task_lease(Duration::from_millis(300))
                .build()
                .unwrap(),
        );
        let context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28);
        let started = call(
            &router,
            "endless",
            Map::new(),
            None,
            None,
            context,
            TaskSupport::Required,
        );
        let Ok(Started::Task(created)) = started.await else {
            panic!("`endless` becomes a task");
        };
        let id = created["taskId"].as_str().unwrap();
        // Another replica's `tasks/cancel`: the record only, this process's handles untouched.
        let store = router.task_store();
        loop {
            let mut record = store.get(id).await.unwrap().unwrap();
            let read = record.version;
            record.status = "cancelled".into();
            if store.update(read, record).await.unwrap() {
                break;
            }
        }
        assert!(!stopped.load(Ordering::SeqCst));
        // Within a third of the lease (100 ms) and some slack, the handler is dropped.
        for _ in 0..50 {
            if stopped.load(Ordering::SeqCst) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(stopped.load(Ordering::SeqCst), "the handler still runs");
        let task = get(&router, id, None).await.unwrap();
        assert_eq!(task["status"], "cancelled", "{task}");
    });
}
