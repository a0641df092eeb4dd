//! A task whose process died does not stay `working`: two servers share a task store (two
//! replicas), one starts a task and dies; while it lived the other saw the task `working`
//! (its lease renewed), and once its lease lapsed the other ends it `failed` with the reason.

use std::time::Duration;

use mcp_content::input::{StateKey, StateKeys};
use mcp_content::tasks::{FileTaskStore, LEASE_LAPSED};
use mcp_content::{Router, tool};
use serde_json::json;

use crate::stdio::Client;

/// Works for `ms` milliseconds.
#[tool(task = "required")]
async fn slow(ms: u64) -> String {
    tokio::time::sleep(Duration::from_millis(ms)).await;
    format!("slept {ms} ms")
}

fn replica(dir: &std::path::Path) -> Router {
    mcp_content::router! { tools: [slow] }
        .task_store(FileTaskStore::new(dir).unwrap())
        // A shared store needs shared keys (the router refuses to build otherwise).
        .state_keys(StateKeys::new(StateKey::new("shared", [7u8; 32]).unwrap()))
        .task_lease(Duration::from_millis(500))
        .build()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_of_a_replica_that_died_ends_failed_once_its_lease_lapses() {
    let dir = std::env::temp_dir().join(format!("mcp-content-attack-lease-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Replica A on a runtime of its own, to be shut down as a process dies.
    let runtime_a = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut a = Client::start(replica(&dir), runtime_a.handle());
    let mut b = Client::start(replica(&dir), &tokio::runtime::Handle::current());

    let created = a
        .request(
            "tools/call",
            json!({ "name": "slow", "arguments": { "ms": 60_000 } }),
        )
        .await;
    let id = created["result"]["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("{created}"))
        .to_owned();

    // Three leases later, B sees it working: A renews its lease.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let alive = b.request("tasks/get", json!({ "taskId": id })).await;
    assert_eq!(alive["result"]["status"], "working", "{alive}");

    // A dies: its handler and its renewals stop mid-task.
    runtime_a.shutdown_background();
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let ended = b.request("tasks/get", json!({ "taskId": id })).await;
    assert_eq!(ended["result"]["status"], "failed", "{ended}");
    assert_eq!(ended["result"]["error"]["message"], LEASE_LAPSED, "{ended}");
    let _ = std::fs::remove_dir_all(&dir);
}
