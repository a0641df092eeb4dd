//! Session tables under attack: an idle session stops answering after its timeout though
//! the table has room, and clients that fill the table get 503 without ending anyone's
//! live session; only idle sessions make room.

use std::net::SocketAddr;
use std::time::Duration;

use mcp_content::http::Serve;

use crate::raw_http::{empty_server, header, post, round_trip, start, status};

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
const PING: &str = r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
const ACCEPT: &str = "Accept: application/json, text/event-stream";
const JSON: &str = "Content-Type: application/json";

async fn open(addr: SocketAddr) -> Result<String, (u16, String)> {
    let request = post(&[ACCEPT, JSON, "Connection: close"], INITIALIZE);
    let (head, body) = round_trip(addr, &request).await;
    match header(&head, "mcp-session-id") {
        Some(id) if status(&head) == 200 => Ok(id.to_owned()),
        _ => Err((status(&head), body)),
    }
}

async fn ping(addr: SocketAddr, session: &str) -> u16 {
    let id = format!("Mcp-Session-Id: {session}");
    let request = post(&[ACCEPT, JSON, &id, "Connection: close"], PING);
    status(&round_trip(addr, &request).await.0)
}

#[tokio::test]
async fn an_idle_session_gets_404_though_the_table_has_room() {
    let server = empty_server()
        .max_sessions(1_000)
        .session_idle_timeout(Duration::from_millis(300));
    let addr = start(server.clone(), Serve::new()).await;
    let idle = open(addr).await.unwrap();
    let busy = open(addr).await.unwrap();
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(ping(addr, &busy).await, 200);
    }
    assert_eq!(ping(addr, &idle).await, 404);
    // The sweep frees it even if nobody names it again.
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    while server.open_sessions() > 0 {
        assert!(std::time::Instant::now() < deadline, "idle sessions kept");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_client_at_the_cap_is_refused_and_never_takes_a_live_slot() {
    let server = empty_server()
        .max_sessions(3)
        .session_idle_timeout(Duration::from_secs(60));
    let addr = start(server.clone(), Serve::new()).await;
    let mut live = Vec::new();
    for _ in 0..3 {
        live.push(open(addr).await.unwrap());
    }
    for _ in 0..20 {
        let (code, body) = open(addr).await.unwrap_err();
        assert_eq!(code, 503, "{body}");
        assert!(body.contains("limit of 3 sessions"), "{body}");
    }
    for session in &live {
        assert_eq!(ping(addr, session).await, 200);
    }
}

#[tokio::test]
async fn idle_sessions_make_room_and_live_ones_stay() {
    let server = empty_server()
        .max_sessions(2)
        .session_idle_timeout(Duration::from_millis(400));
    let addr = start(server.clone(), Serve::new()).await;
    let idle = open(addr).await.unwrap();
    let live = open(addr).await.unwrap();
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(ping(addr, &live).await, 200);
    }
    let newcomer = open(addr).await.unwrap();
    assert_eq!(ping(addr, &live).await, 200);
    assert_eq!(ping(addr, &newcomer).await, 200);
    assert_eq!(ping(addr, &idle).await, 404);
}
