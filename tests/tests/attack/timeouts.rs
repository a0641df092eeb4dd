//! Slow and stalled clients: a connection that sends nothing, half a request line, headers
//! one byte at a time, a body that stalls, a chunked body that never ends, or that stays
//! idle after its response, or that stops reading its response, is closed within the loop's timeouts (set short here), on the
//! own endpoint and on `rmcp`'s service alike; a client slow within them is served.

use std::net::SocketAddr;
use std::time::Duration;

use mcp_content::http::Serve;
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;

use crate::raw_http::{
    LIST, LIST_HEADERS, closed_within, empty_server, post, read_response, start, status,
};

const HEADER: Duration = Duration::from_millis(400);
const FRAME: Duration = Duration::from_millis(400);
const BODY: Duration = Duration::from_millis(1200);
const WRITE: Duration = Duration::from_millis(400);
/// How late past its timeout a connection may close (scheduling on a busy machine).
const SLACK: Duration = Duration::from_millis(1500);

fn serve() -> Serve {
    Serve::new()
        .header_read_timeout(HEADER)
        .body_frame_timeout(FRAME)
        .body_timeout(BODY)
        .write_timeout(WRITE)
}

async fn own() -> SocketAddr {
    start(empty_server(), serve()).await
}

/// `rmcp`'s Streamable HTTP service (behind this crate's front) on the same loop.
async fn rmcp() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let service =
        mcp_content::rmcp::streamable_http_service(mcp_content::Router::builder().build().unwrap());
    tokio::spawn(serve().run(listener, service));
    addr
}

/// Writes `bytes` one at a time, every 100 ms, until the server closes the connection.
fn dribble(mut writer: tokio::net::tcp::OwnedWriteHalf, bytes: Vec<u8>) {
    tokio::spawn(async move {
        for byte in bytes.iter().cycle() {
            if writer.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed() {
    for addr in [own().await, rmcp().await] {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let (took, _) = closed_within(&mut stream, HEADER + SLACK).await;
        assert!(took + Duration::from_millis(50) >= HEADER, "{took:?}");
    }
}

#[tokio::test]
async fn half_a_request_line_is_closed() {
    for addr in [own().await, rmcp().await] {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(b"POST /mc").await.unwrap();
        closed_within(&mut stream, HEADER + SLACK).await;
    }
}

#[tokio::test]
async fn headers_dribbled_a_byte_at_a_time_are_closed_though_bytes_keep_coming() {
    for addr in [own().await, rmcp().await] {
        let stream = TcpStream::connect(addr).await.unwrap();
        let (mut reader, writer) = stream.into_split();
        let head = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        dribble(writer, head.to_vec());
        let started = std::time::Instant::now();
        let mut buffer = [0; 1024];
        let closed = tokio::time::timeout(HEADER + SLACK, async {
            loop {
                match tokio::io::AsyncReadExt::read(&mut reader, &mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        })
        .await;
        assert!(closed.is_ok(), "still open after {:?}", started.elapsed());
    }
}

#[tokio::test]
async fn a_body_that_stalls_gets_408_and_the_connection_closes() {
    let addr = own().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = post(
        &[
            "Content-Type: application/json",
            LIST_HEADERS[0],
            LIST_HEADERS[1],
        ],
        LIST,
    );
    // The head and the first 10 bytes of the body, then nothing.
    let cut = request.find("\r\n\r\n").unwrap() + 4 + 10;
    stream.write_all(&request.as_bytes()[..cut]).await.unwrap();
    let (took, seen) = closed_within(&mut stream, FRAME + SLACK).await;
    assert!(took + Duration::from_millis(50) >= FRAME, "{took:?}");
    assert!(seen.starts_with("HTTP/1.1 408"), "{seen}");
    assert!(seen.contains("the request body stalled"), "{seen}");
}

#[tokio::test]
async fn a_stalled_body_on_rmcps_service_is_closed_too() {
    let addr = rmcp().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(
            b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
              Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{\"json",
        )
        .await
        .unwrap();
    let (took, seen) = closed_within(&mut stream, FRAME + SLACK).await;
    // Closed by the stall, not refused before the body was read.
    assert!(
        took + Duration::from_millis(50) >= FRAME,
        "{took:?}: {seen}"
    );
}

#[tokio::test]
async fn a_chunked_body_that_never_ends_gets_408_and_the_connection_closes() {
    for (addr, ours) in [(own().await, true), (rmcp().await, false)] {
        let stream = TcpStream::connect(addr).await.unwrap();
        let (mut reader, mut writer) = stream.into_split();
        writer
            .write_all(
                b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                  Accept: application/json, text/event-stream\r\n\
                  Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n",
            )
            .await
            .unwrap();
        // A one-byte chunk every 100 ms: never a stall, never an end.
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if writer.write_all(b"1\r\n \r\n").await.is_err() {
                    return;
                }
            }
        });
        let started = std::time::Instant::now();
        let mut seen = Vec::new();
        let mut buffer = [0; 4096];
        let closed = tokio::time::timeout(BODY + SLACK, async {
            loop {
                match tokio::io::AsyncReadExt::read(&mut reader, &mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => seen.extend_from_slice(&buffer[..n]),
                }
            }
        })
        .await;
        let seen = String::from_utf8_lossy(&seen);
        assert!(
            closed.is_ok(),
            "still open after {:?}: {seen}",
            started.elapsed()
        );
        assert!(started.elapsed() + Duration::from_millis(100) >= BODY);
        // The own endpoint says 408; rmcp's front answers a failed read its own way (4xx).
        assert!(seen.starts_with("HTTP/1.1 4"), "{seen}");
        if ours {
            assert!(seen.starts_with("HTTP/1.1 408"), "{seen}");
            assert!(seen.contains("not received within"), "{seen}");
        }
    }
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_its_response() {
    let addr = own().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = post(
        &[
            "Content-Type: application/json",
            LIST_HEADERS[0],
            LIST_HEADERS[1],
        ],
        LIST,
    );
    for _ in 0..2 {
        // Kept alive between requests sent in time.
        stream.write_all(request.as_bytes()).await.unwrap();
        let (head, _) = read_response(&mut stream).await;
        assert_eq!(status(&head), 200, "{head}");
        tokio::time::sleep(HEADER / 4).await;
    }
    let (took, seen) = closed_within(&mut stream, HEADER + SLACK).await;
    assert!(seen.is_empty(), "{seen}");
    assert!(took >= HEADER / 2, "{took:?}");
}

#[tokio::test]
async fn a_client_slow_within_the_timeouts_is_served() {
    let addr = own().await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = post(
        &[
            "Content-Type: application/json",
            LIST_HEADERS[0],
            LIST_HEADERS[1],
        ],
        LIST,
    );
    // Four pieces, each well within the frame timeout, the whole within the body's.
    let bytes = request.as_bytes();
    let body_at = request.find("\r\n\r\n").unwrap() + 4;
    stream.write_all(&bytes[..body_at]).await.unwrap();
    for piece in bytes[body_at..].chunks(bytes[body_at..].len().div_ceil(4)) {
        tokio::time::sleep(FRAME / 4).await;
        stream.write_all(piece).await.unwrap();
    }
    let (head, body) = read_response(&mut stream).await;
    assert_eq!(status(&head), 200, "{head}: {body}");
    assert!(body.contains("\"tools\":[]"), "{body}");
}

/// 16 MiB of text: more than the socket buffers on both sides hold.
#[mcp_content::tool]
fn big() -> String {
    "a".repeat(16 << 20)
}

#[tokio::test]
async fn a_client_that_stops_reading_its_response_is_closed() {
    let router = mcp_content::router! { tools: [big] }.build().unwrap();
    let addr = start(mcp_content::http::HttpServer::new(router), serve()).await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let call = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"big","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    let request = post(
        &[
            "Content-Type: application/json",
            "MCP-Protocol-Version: 2026-07-28",
            "Mcp-Method: tools/call",
            "Mcp-Name: big",
        ],
        call,
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    // The first bytes (the server is writing), then nothing for longer than the write
    // timeout, then a drain of what the buffers hold.
    let mut first = [0; 16];
    let mut total = tokio::time::timeout(
        Duration::from_secs(20),
        tokio::io::AsyncReadExt::read(&mut stream, &mut first),
    )
    .await
    .expect("the response starts")
    .unwrap();
    tokio::time::sleep(WRITE + SLACK).await;
    let mut buffer = vec![0; 1 << 16];
    let drained = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match tokio::io::AsyncReadExt::read(&mut stream, &mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => total += n,
            }
        }
    })
    .await;
    assert!(drained.is_ok(), "still open after {total} bytes");
    assert!(total < 16 << 20, "the whole response came: {total} bytes");
}
