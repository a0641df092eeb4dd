//! A flood of connections: at the loop's limit the server stops accepting (clients wait in
//! the backlog, none is accepted and dropped), the connections it holds keep working, and
//! the waiting clients are served as others close, never more at once than the limit.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use mcp_content::http::{HttpServer, Serve};
use mcp_content::{router, tool};
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;

use crate::raw_http::{
    LIST, LIST_HEADERS, empty_server, post, read_response, round_trip, start, status,
};

static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// Waits 150 ms, counting the calls running at once.
#[tool]
async fn slow() -> String {
    let now = IN_FLIGHT.fetch_add(1, Ordering::SeqCst) + 1;
    PEAK.fetch_max(now, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(150)).await;
    IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    "done".into()
}

const CALL_SLOW: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;

fn list_request(close: bool) -> String {
    let mut headers = vec![
        "Content-Type: application/json",
        LIST_HEADERS[0],
        LIST_HEADERS[1],
    ];
    if close {
        headers.push("Connection: close");
    }
    post(&headers, LIST)
}

#[tokio::test]
async fn at_the_limit_a_new_client_waits_until_a_connection_closes() {
    let serve = Serve::new()
        .max_connections(2)
        .header_read_timeout(Duration::from_secs(20));
    let addr = start(empty_server(), serve).await;
    // Two clients take both slots (one has been served, one sent nothing yet).
    let mut first = TcpStream::connect(addr).await.unwrap();
    first
        .write_all(list_request(false).as_bytes())
        .await
        .unwrap();
    assert_eq!(status(&read_response(&mut first).await.0), 200);
    let mut second = TcpStream::connect(addr).await.unwrap();
    // The third connects (the kernel's backlog) but is not served while both are open.
    let mut third = TcpStream::connect(addr).await.unwrap();
    third
        .write_all(list_request(true).as_bytes())
        .await
        .unwrap();
    let mut byte = [0; 1];
    let waited = tokio::time::timeout(
        Duration::from_millis(600),
        tokio::io::AsyncReadExt::read(&mut third, &mut byte),
    )
    .await;
    assert!(waited.is_err(), "served past the limit: {waited:?}");
    // The held connections were not dropped to make room: both still serve.
    second
        .write_all(list_request(false).as_bytes())
        .await
        .unwrap();
    assert_eq!(status(&read_response(&mut second).await.0), 200);
    first
        .write_all(list_request(false).as_bytes())
        .await
        .unwrap();
    assert_eq!(status(&read_response(&mut first).await.0), 200);
    // One closes: the third is served.
    drop(first);
    let (head, body) = read_response(&mut third).await;
    assert_eq!(status(&head), 200, "{head}: {body}");
    drop(second);
}

#[tokio::test]
async fn clients_past_the_limit_are_served_in_turn_never_more_at_once() {
    let router = router! { tools: [slow] }.build().unwrap();
    let serve = Serve::new().max_connections(2);
    let addr = start(HttpServer::new(router), serve).await;
    let request = post(
        &[
            "Content-Type: application/json",
            "MCP-Protocol-Version: 2026-07-28",
            "Mcp-Method: tools/call",
            "Mcp-Name: slow",
            "Connection: close",
        ],
        CALL_SLOW,
    );
    let clients: Vec<_> = (0..6)
        .map(|_| {
            let request = request.clone();
            tokio::spawn(async move { round_trip(addr, &request).await })
        })
        .collect();
    for client in clients {
        let (head, body) = client.await.unwrap();
        assert_eq!(status(&head), 200, "{head}: {body}");
        assert!(body.contains("done"), "{body}");
    }
    let peak = PEAK.load(Ordering::SeqCst);
    assert!((1..=2).contains(&peak), "{peak} calls at once");
}
