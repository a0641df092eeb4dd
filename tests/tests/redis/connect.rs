//! A Redis that cannot be reached is named at connect, within the connect timeout, with
//! its password hidden; a URL that is not Redis's is refused.

use std::time::{Duration, Instant};

use mcp_content::redis::{Redis, RedisOptions};

/// A loopback port nothing listens on (bound, then released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test]
async fn an_unreachable_redis_is_an_error_naming_the_url() {
    let port = free_port();
    let url = format!("redis://:hunter2secret@127.0.0.1:{port}/");
    let started = Instant::now();
    let error = Redis::connect_with(
        &url,
        RedisOptions::new().connect_timeout(Duration::from_secs(2)),
    )
    .await
    .unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    let text = error.to_string();
    assert!(
        text.starts_with(&format!(
            "redis at redis://:***@127.0.0.1:{port}/: cannot connect:"
        )),
        "{text}"
    );
    assert!(!text.contains("hunter2secret"), "{text}");
}

#[tokio::test]
async fn a_url_that_is_not_redis_is_refused() {
    let error = Redis::connect("http://127.0.0.1:1/").await.unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("redis at http://127.0.0.1:1/: not a Redis URL"),
        "{error}"
    );
}
