//! Routers sharing one Redis, as replicas do: the lease of a running task is renewed by its
//! replica and lapses when that replica dies, and `tasks/cancel` on one replica stops the
//! work on the replica running it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use mcp_content::redis::{Redis, RedisTaskStore};
use mcp_content::tasks::LEASE_LAPSED;
use mcp_content::{Router, tool};
use serde_json::json;

use crate::stdio::Client;
use crate::support::{connect, eventually, keys, prefix, redis_url};

/// Works for `ms` milliseconds.
#[tool(task = "required")]
async fn slow(ms: u64) -> String {
    tokio::time::sleep(Duration::from_millis(ms)).await;
    format!("slept {ms} ms")
}

/// Set when the `endless` handler's future is dropped (it was stopped).
static STOPPED: AtomicBool = AtomicBool::new(false);

struct SetOnDrop;

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        STOPPED.store(true, Ordering::SeqCst);
    }
}

/// Runs until it is stopped.
#[tool(task = "required")]
async fn endless() -> String {
    let _stopped = SetOnDrop;
    std::future::pending::<()>().await;
    "never".into()
}

fn replica(redis: &Redis, lease: Duration) -> Router {
    mcp_content::router! { tools: [slow, endless] }
        .task_store(RedisTaskStore::new(redis))
        .state_keys(keys())
        .task_lease(lease)
        .build()
        .unwrap()
}

fn task_id(created: &serde_json::Value) -> String {
    created["result"]["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("{created}"))
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_renews_its_lease_and_a_dead_replicas_task_ends_failed() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("lease");
    // Replica A on a runtime of its own (its connection too), to be shut down as a process dies.
    let runtime_a = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let redis_a = {
        let (url, prefix) = (url.clone(), prefix.clone());
        runtime_a
            .spawn(async move { connect(&url, &prefix).await })
            .await
            .unwrap()
    };
    let lease = Duration::from_millis(500);
    let mut a = Client::start(replica(&redis_a, lease), runtime_a.handle());
    let redis_b = connect(&url, &prefix).await;
    let mut b = Client::start(replica(&redis_b, lease), &tokio::runtime::Handle::current());

    let created = a
        .request(
            "tools/call",
            json!({ "name": "slow", "arguments": { "ms": 60_000 } }),
        )
        .await;
    let id = task_id(&created);
    // Three leases later B sees it working: A renews its lease in Redis.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let alive = b.request("tasks/get", json!({ "taskId": id })).await;
    assert_eq!(alive["result"]["status"], "working", "{alive}");

    // A dies: its handler and its renewals stop mid-task.
    drop(redis_a);
    runtime_a.shutdown_background();
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let ended = b.request("tasks/get", json!({ "taskId": id })).await;
    assert_eq!(ended["result"]["status"], "failed", "{ended}");
    assert_eq!(ended["result"]["error"]["message"], LEASE_LAPSED, "{ended}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_on_one_replica_stops_the_work_on_the_replica_running_it() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("cancel");
    let lease = Duration::from_millis(600);
    let runtime = tokio::runtime::Handle::current();
    let mut one = Client::start(replica(&connect(&url, &prefix).await, lease), &runtime);
    let mut three = Client::start(replica(&connect(&url, &prefix).await, lease), &runtime);

    let created = one
        .request("tools/call", json!({ "name": "endless", "arguments": {} }))
        .await;
    let id = task_id(&created);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!STOPPED.load(Ordering::SeqCst));

    let cancelled = three.request("tasks/cancel", json!({ "taskId": id })).await;
    assert!(cancelled.get("error").is_none(), "{cancelled}");
    // Replica one stops the handler at its next renewal: within a third of the lease.
    assert!(
        eventually(3, || STOPPED.load(Ordering::SeqCst)).await,
        "the handler still runs on the replica that started it"
    );
    for client in [&mut one, &mut three] {
        let task = client.request("tasks/get", json!({ "taskId": id })).await;
        assert_eq!(task["result"]["status"], "cancelled", "{task}");
    }
}
