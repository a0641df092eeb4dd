//! A raw HTTP/1.1 client on TCP (a hostile client writes what it likes, when it likes) and
//! the own endpoint served on 127.0.0.1 by the accept loop.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use mcp_content::Router;
use mcp_content::http::{HttpServer, Serve};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// Serves `server` on a port of its own with the loop `serve` configures.
pub(crate) async fn start(server: HttpServer, serve: Serve) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve_with(listener, serve, std::future::pending()));
    addr
}

/// An endpoint with no tools.
pub(crate) fn empty_server() -> HttpServer {
    HttpServer::new(Router::builder().build().unwrap())
}

/// A `POST /mcp` with `headers` (each `Name: value`), `Content-Length` set to the body's.
pub(crate) fn post(headers: &[&str], body: &str) -> String {
    let mut request = String::from("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    let _ = write!(request, "Content-Length: {}\r\n\r\n{body}", body.len());
    request
}

/// A stateless (2026-07-28) `tools/list`, as JSON.
pub(crate) const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;

/// The headers a 2026-07-28 client sends with [`LIST`] (no `Content-Type`).
pub(crate) const LIST_HEADERS: [&str; 2] =
    ["MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list"];

/// One response read off `stream`: its head and its body (by `Content-Length`), within 5 s.
pub(crate) async fn read_response(stream: &mut TcpStream) -> (String, String) {
    tokio::time::timeout(Duration::from_secs(5), async {
        let mut bytes = Vec::new();
        let mut buffer = [0; 4096];
        loop {
            if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
                let length = header(&head, "content-length").map_or(0, |v| v.parse().unwrap());
                let body_start = end + 4;
                if bytes.len() >= body_start + length {
                    let body = &bytes[body_start..body_start + length];
                    return (head, String::from_utf8_lossy(body).into_owned());
                }
            }
            let n = stream.read(&mut buffer).await.unwrap();
            assert!(
                n > 0,
                "closed mid-response: {:?}",
                String::from_utf8_lossy(&bytes)
            );
            bytes.extend_from_slice(&buffer[..n]);
        }
    })
    .await
    .expect("a response within 5 s")
}

/// Sends `request` on a connection of its own and reads the response.
pub(crate) async fn round_trip(addr: SocketAddr, request: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    read_response(&mut stream).await
}

/// The value of the header `name` in a response head.
pub(crate) fn header<'h>(head: &'h str, name: &str) -> Option<&'h str> {
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// The status code of a response head.
pub(crate) fn status(head: &str) -> u16 {
    head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap()
}

/// Reads `stream` until the server closes it (end of stream or reset), failing after
/// `limit`; returns the time it took and what the server sent.
pub(crate) async fn closed_within(stream: &mut TcpStream, limit: Duration) -> (Duration, String) {
    let started = Instant::now();
    let mut seen = Vec::new();
    let mut buffer = [0; 4096];
    let read_all = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buffer[..n]),
            }
        }
    };
    let closed = tokio::time::timeout(limit, read_all).await;
    let seen = String::from_utf8_lossy(&seen).into_owned();
    assert!(
        closed.is_ok(),
        "the connection is still open after {limit:?}; the server sent {seen:?}"
    );
    (started.elapsed(), seen)
}
