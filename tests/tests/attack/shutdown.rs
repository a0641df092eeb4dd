//! The own endpoint as a tower service nested in axum, and a graceful shutdown that cannot
//! be held open: the call in flight at the signal gets its answer, open event streams end,
//! new connections are refused, and a connection still busy after the grace period is
//! dropped so the server returns in bounded time.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mcp_content::handler::{BoxFuture, ToolHandler};
use mcp_content::http::{HttpServer, Serve};
use mcp_content::model::{Tool, ToolName};
use mcp_content::{CallToolResult, Context, Router};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

use crate::support::{
    Echo, Hang, exchange, now, open_session, post, read_head, read_response, stateless, wait_until,
};

/// A tool that answers `done` after 300 ms, counting the calls that started.
struct Slow(Arc<AtomicUsize>);

impl ToolHandler for Slow {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("slow").unwrap())
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            CallToolResult::text("done")
        })
    }
}

fn call(tool: &str) -> String {
    stateless(
        "7",
        "tools/call",
        json!({ "name": tool, "arguments": { "text": "hi" } }),
        false,
    )
}

/// Reads what is left on `stream` until the server closes it (at most `secs` seconds).
async fn read_to_close(stream: &mut TcpStream, secs: u64) -> Vec<u8> {
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(secs), stream.read_to_end(&mut rest))
        .await
        .unwrap_or_else(|_| panic!("the server closed the connection within {secs} s"))
        .ok();
    rest
}

/// Nested with axum's `nest_service`, the endpoint answers under the prefix whatever its
/// own `path` (axum strips the prefix and routes), and a middleware layer applies to it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nested_in_axum_the_endpoint_answers_a_call_over_tcp_through_a_layer() {
    let router = Router::builder().tool(Echo).build().unwrap();
    // `path` is for `serve`; nested, the mount decides.
    let server = HttpServer::new(router).path("/not-used-when-nested");
    let app =
        axum::Router::new()
            .nest_service("/mcp", server)
            .layer(axum::middleware::map_response(
                |mut response: axum::response::Response| async {
                    response
                        .headers_mut()
                        .insert("x-layered", http::HeaderValue::from_static("yes"));
                    response
                },
            ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(Serve::new().run(listener, app));

    let response = exchange(addr, &call("echo"), &[]).await;
    assert_eq!(response.status, 200, "{}", response.body);
    assert_eq!(response.json()["result"]["content"][0]["text"], "hi");
    assert_eq!(response.header("x-layered").as_deref(), Some("yes"));
    // A 2025-era session opens through the nesting too, and axum answers other paths.
    let session = open_session(addr).await;
    assert_eq!(session.len(), 32);
    let mut other = TcpStream::connect(addr).await.unwrap();
    other
        .write_all(b"GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    assert_eq!(read_response(other).await.status, 404);
}

/// At the signal: the call in flight completes and its client gets the answer, the
/// session's `GET` stream and a `subscriptions/listen` stream end, new connections are
/// refused, and `serve_with_shutdown` returns well within the grace period.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_the_call_in_flight_ends_streams_and_refuses_new_connections() {
    let started = Arc::new(AtomicUsize::new(0));
    let router = Router::builder()
        .tool(Slow(Arc::clone(&started)))
        .build()
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (signal, stop) = oneshot::channel::<()>();
    let served = tokio::spawn(
        HttpServer::new(router).serve_with_shutdown(listener, async {
            let _ = stop.await;
        }),
    );

    let session = open_session(addr).await;
    let mut get = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\
         Mcp-Session-Id: {session}\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n"
    );
    get.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut get).await;
    assert!(head.contains("text/event-stream"), "{head}");
    let listen = stateless(
        "9",
        "subscriptions/listen",
        json!({ "notifications": {} }),
        false,
    );
    let mut listening = post(addr, &listen, &[]).await;
    let head = read_head(&mut listening).await;
    assert!(head.contains("text/event-stream"), "{head}");

    let in_flight = post(addr, &call("slow"), &[]).await;
    wait_until("the call started", 10, || {
        started.load(Ordering::SeqCst) == 1
    })
    .await;
    let at_signal = Instant::now();
    signal.send(()).unwrap();

    let answer = read_response(in_flight).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["result"]["content"][0]["text"], "done");
    // Both streams end (the chunked body's last chunk, then the close).
    let rest = read_to_close(&mut get, 5).await;
    assert!(
        rest.ends_with(b"0\r\n\r\n"),
        "{:?}",
        String::from_utf8_lossy(&rest)
    );
    let rest = read_to_close(&mut listening, 5).await;
    assert!(
        rest.ends_with(b"0\r\n\r\n"),
        "{:?}",
        String::from_utf8_lossy(&rest)
    );

    let ended = tokio::time::timeout(Duration::from_secs(5), served)
        .await
        .expect("the server returns within 5 s of the signal")
        .unwrap();
    assert!(ended.is_ok(), "{ended:?}");
    assert!(at_signal.elapsed() < Duration::from_secs(5));
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "a connection after the signal is refused"
    );
}

/// A request still running when the grace period is over does not hold the server: its
/// connection is dropped and the loop returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_drops_a_connection_still_busy_after_the_grace_period() {
    let hang = Hang::new("hang");
    let running = Arc::clone(&hang.running);
    let router = Router::builder().tool(hang).build().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    let (signal, stop) = oneshot::channel::<()>();
    let serve = Serve::new().shutdown_grace(Duration::from_millis(300));
    let served = tokio::spawn(HttpServer::new(router).serve_with(listener, serve, async {
        let _ = stop.await;
    }));
    let mut stuck = post(addr, &call("hang"), &[]).await;
    wait_until("the call started", 10, || now(&running) == 1).await;
    let at_signal = Instant::now();
    signal.send(()).unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(5), served)
        .await
        .expect("the server returns within 5 s of the signal")
        .unwrap();
    assert!(ended.is_ok(), "{ended:?}");
    let waited = at_signal.elapsed();
    assert!(waited >= Duration::from_millis(250), "{waited:?}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    // The connection is closed without an answer, and the handler is dropped.
    let rest = read_to_close(&mut stuck, 5).await;
    assert!(rest.is_empty(), "{:?}", String::from_utf8_lossy(&rest));
    wait_until("the handler was dropped", 5, || now(&running) == 0).await;
}
