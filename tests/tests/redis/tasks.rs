//! Tasks in Redis: concurrent writers lose no update, records expire with their TTL, and
//! prefixes keep servers apart.

use std::sync::Arc;
use std::time::Duration;

use mcp_content::redis::RedisTaskStore;
use mcp_content::tasks::{TaskRecord, TaskStore};
use serde_json::{Value, json};

use crate::support::{connect, prefix, redis_url, within};

fn record(id: &str, ttl_ms: u64) -> TaskRecord {
    serde_json::from_value(json!({
        "taskId": id, "tool": "count", "arguments": { "n": 0 },
        "protocolVersion": "2026-07-28", "clientCapabilities": {}, "status": "working",
        "createdAt": "2026-01-01T00:00:00Z", "lastUpdatedAt": "2026-01-01T00:00:00Z",
        "ttlMs": ttl_ms, "pollIntervalMs": 250,
    }))
    .unwrap()
}

/// Adds one to the task's `n` with a compare-and-swap, reading again until it applies.
async fn increment(store: &RedisTaskStore, id: &str) {
    loop {
        let mut task = store.get(id).await.unwrap().unwrap();
        let expected = task.version;
        let n = task.arguments["n"].as_u64().unwrap();
        task.arguments.insert("n".into(), Value::from(n + 1));
        if store.update(expected, task).await.unwrap() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_writers_on_two_connections_lose_no_update() {
    let Some(url) = redis_url() else { return };
    let prefix = prefix("cas");
    // Two replicas: two connections, two stores.
    let a = Arc::new(RedisTaskStore::new(&connect(&url, &prefix).await));
    let b = Arc::new(RedisTaskStore::new(&connect(&url, &prefix).await));
    a.create(record("task-counted", 60_000)).await.unwrap();
    let mut writers = Vec::new();
    for store in [&a, &b] {
        for _ in 0..8 {
            let store = Arc::clone(store);
            writers.push(tokio::spawn(async move {
                for _ in 0..25 {
                    increment(&store, "task-counted").await;
                }
            }));
        }
    }
    within(60, async {
        for writer in writers {
            writer.await.unwrap();
        }
    })
    .await;
    let task = b.get("task-counted").await.unwrap().unwrap();
    assert_eq!(task.arguments["n"], 400, "an update was lost");
    assert_eq!(task.version, 401);
    // A write over a version that is not the stored one does not apply.
    assert!(!a.update(400, task.clone()).await.unwrap());
    assert!(a.update(401, task).await.unwrap());
}

#[tokio::test]
async fn a_task_id_is_created_once() {
    let Some(url) = redis_url() else { return };
    let store = RedisTaskStore::new(&connect(&url, &prefix("create")).await);
    store.create(record("task-once", 60_000)).await.unwrap();
    let again = store.create(record("task-once", 60_000)).await.unwrap_err();
    assert_eq!(again.to_string(), "task store: task exists: task-once");
    let stored = store.get("task-once").await.unwrap().unwrap();
    assert_eq!(stored.version, 1);
    assert_eq!(store.get("task-never").await.unwrap(), None);
    assert!(!store.update(1, record("task-never", 1000)).await.unwrap());
}

#[tokio::test]
async fn a_task_expires_with_its_ttl_counted_from_its_creation() {
    let Some(url) = redis_url() else { return };
    let store = RedisTaskStore::new(&connect(&url, &prefix("ttl")).await);
    store.create(record("task-brief", 400)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // An update keeps the expiry the task was created with.
    let task = store.get("task-brief").await.unwrap().unwrap();
    assert!(store.update(1, task).await.unwrap());
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(store.get("task-brief").await.unwrap(), None);

    // A record without a TTL takes the store's default.
    let store = store.with_default_ttl(Duration::from_millis(300));
    store.create(record("task-default", 0)).await.unwrap();
    assert!(store.get("task-default").await.unwrap().is_some());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(store.get("task-default").await.unwrap(), None);
}

#[tokio::test]
async fn servers_with_different_prefixes_do_not_see_each_others_tasks() {
    let Some(url) = redis_url() else { return };
    let weather = RedisTaskStore::new(&connect(&url, &prefix("weather")).await);
    let billing = RedisTaskStore::new(&connect(&url, &prefix("billing")).await);
    weather
        .create(record("task-same-id", 60_000))
        .await
        .unwrap();
    assert_eq!(billing.get("task-same-id").await.unwrap(), None);
    billing
        .create(record("task-same-id", 60_000))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_router_on_redis_stores_refuses_to_build_without_shared_keys() {
    use mcp_content::handler::RouterError;
    use mcp_content::redis::{RedisChangeBus, RedisPayloadStore};
    let Some(url) = redis_url() else { return };
    let redis = connect(&url, &prefix("refused")).await;
    let refused = |builder: mcp_content::RouterBuilder| builder.build().map(|_| ()).unwrap_err();
    let store = |name: &str| RouterError::SharedStoreWithoutStateKeys { store: name.into() };
    assert_eq!(
        refused(mcp_content::Router::builder().task_store(RedisTaskStore::new(&redis))),
        store("task store")
    );
    assert_eq!(
        refused(mcp_content::Router::builder().payload_store(RedisPayloadStore::new(&redis))),
        store("payload store")
    );
    let bus = RedisChangeBus::new(&redis).await.unwrap();
    assert_eq!(
        refused(mcp_content::Router::builder().change_bus(bus)),
        store("change bus")
    );
    mcp_content::Router::builder()
        .task_store(RedisTaskStore::new(&redis))
        .state_keys(crate::support::keys())
        .build()
        .unwrap();
}
