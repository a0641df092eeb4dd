//! Redis goes away and comes back: while it is down every operation fails within its
//! timeout with an error naming the URL (no hang), and once it is back the stores and the
//! change bus work again by themselves.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mcp_content::changes::{Change, ChangeBus};
use mcp_content::redis::{Redis, RedisChangeBus, RedisOptions, RedisTaskStore};
use mcp_content::tasks::TaskStore;

use crate::support::{eventually, redis_url, within};

/// A `redis-server` of this test's own on `port` (no persistence), ready to answer.
fn start_redis(port: u16, dir: &std::path::Path) -> Option<Child> {
    let binary = std::env::var("REDIS_SERVER").unwrap_or_else(|_| "redis-server".into());
    let child = Command::new(&binary)
        .args([
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--save",
            "",
        ])
        .args(["--appendonly", "no", "--daemonize", "no"])
        .arg("--dir")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(child) = child else {
        crate::support::skipped(&format!("no {binary} to start (REDIS_SERVER names one)"));
        return None;
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "redis-server did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(child)
}

/// Kills the server (as `kill -9` would) and waits until it is gone.
fn stop(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

fn record(id: &str) -> mcp_content::tasks::TaskRecord {
    serde_json::from_value(serde_json::json!({
        "taskId": id, "tool": "t", "arguments": {}, "protocolVersion": "2026-07-28",
        "clientCapabilities": {}, "status": "working", "createdAt": "2026-01-01T00:00:00Z",
        "lastUpdatedAt": "2026-01-01T00:00:00Z", "ttlMs": 60000, "pollIntervalMs": 250,
    }))
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_redis_is_down_operations_fail_in_time_and_afterwards_everything_reconnects() {
    if redis_url().is_none() {
        return;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = std::env::temp_dir().join(format!("mcp-content-redis-outage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(server) = start_redis(port, &dir) else {
        return;
    };
    let url = format!("redis://127.0.0.1:{port}/");
    let options = || {
        RedisOptions::new()
            .timeout(Duration::from_secs(1))
            .connect_timeout(Duration::from_secs(1))
    };
    let redis = Redis::connect_with(&url, options()).await.unwrap();
    let tasks = RedisTaskStore::new(&redis);
    let bus = RedisChangeBus::new(&redis).await.unwrap();
    let other = RedisChangeBus::new(&Redis::connect_with(&url, options()).await.unwrap())
        .await
        .unwrap();
    let heard = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = std::sync::Arc::clone(&heard);
    let _listening = other.subscribe(Box::new(move |_| {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }));
    tasks.create(record("task-before")).await.unwrap();

    stop(server);
    // Down: a clear error naming the URL, within the timeout (and some slack), never a hang.
    let started = Instant::now();
    let error = within(5, tasks.get("task-before"))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        error.starts_with(&format!("task store: redis at {url}: ")),
        "{error}"
    );
    let error = within(5, bus.publish(Change::ResourceUpdated("x://1".into())))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with(&format!("change bus: redis at {url}: ")),
        "{error}"
    );
    assert!(
        error.ends_with("this process's listeners heard the change, other replicas' did not"),
        "{error}"
    );

    // Back (empty: this server keeps nothing): the handles reconnect by themselves.
    let server = start_redis(port, &dir).expect("it started once");
    let mut created = false;
    for _ in 0..100 {
        if tasks.create(record("task-after")).await.is_ok() {
            created = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(created, "the task store did not come back within 10 s");
    assert!(tasks.get("task-after").await.unwrap().is_some());
    // The other bus subscribed again: a change published now reaches its listener.
    let before = heard.load(std::sync::atomic::Ordering::SeqCst);
    let mut delivered = false;
    for _ in 0..50 {
        let _ = bus.publish(Change::ResourceUpdated("x://2".into())).await;
        if eventually(1, || {
            heard.load(std::sync::atomic::Ordering::SeqCst) > before
        })
        .await
        {
            delivered = true;
            break;
        }
    }
    stop(server);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        delivered,
        "the change bus did not subscribe again after Redis came back"
    );
}
