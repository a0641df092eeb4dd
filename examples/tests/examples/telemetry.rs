//! `telemetry::init`: without an endpoint, text only and nothing exported; with one, the
//! spans reach an OTLP/HTTP collector (here a stand-in on 127.0.0.1 that records what it is
//! sent) as protobuf, at the latest when the guard is dropped.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, Uri};
use mcp_content_examples::telemetry;

/// What the stand-in collector received: the path, the content type, the body's length.
type Received = Arc<Mutex<Vec<(String, String, usize)>>>;

async fn collector() -> (String, Received) {
    let received = Received::default();
    let seen = Arc::clone(&received);
    let app = axum::Router::new().fallback(
        move |uri: Uri, headers: HeaderMap, body: axum::body::Bytes| {
            let seen = Arc::clone(&seen);
            async move {
                let kind = headers
                    .get("content-type")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_owned();
                seen.lock()
                    .unwrap()
                    .push((uri.path().to_owned(), kind, body.len()));
                ""
            }
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}"), received)
}

#[test]
fn init_exports_spans_to_the_collector_and_without_an_endpoint_exports_nothing() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let received = runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(30), async {
            let (endpoint, received) = collector().await;
            let guard = telemetry::init(Some(&endpoint));
            assert!(guard.exporting());
            tracing::info_span!("telemetry-test").in_scope(|| tracing::info!("inside"));
            // Dropping the guard flushes the batch, blocking: off the runtime's threads.
            tokio::task::spawn_blocking(move || drop(guard))
                .await
                .unwrap();
            received
        })
        .await
        .expect("exported within the timeout")
    });
    let received = received.lock().unwrap().clone();
    assert!(
        received.iter().any(|(path, kind, len)| path == "/v1/traces"
            && kind == "application/x-protobuf"
            && *len > 0),
        "{received:?}"
    );
    // Without an endpoint: text only (the subscriber set above stays), nothing exported.
    let guard = telemetry::init(None);
    assert!(!guard.exporting());
    tracing::info!("still fine");
    // A malformed endpoint is reported, not fatal.
    let guard = runtime.block_on(async { telemetry::init(Some("not a url")) });
    assert!(!guard.exporting());
}
