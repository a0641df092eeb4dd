//! The round-robin proxy (a test helper for replicas): requests alternate between its
//! upstreams, an event stream passes through as each event is written (not when the
//! upstream's response ends), and an upstream that cannot be reached is a 502 naming it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::{Process, lines};

const TIMEOUT: Duration = Duration::from_secs(10);

/// A tiny HTTP/1.1 upstream on 127.0.0.1 named `name`: `GET /who` answers its name;
/// `GET /events` writes `data: one`, waits until `release` is set (at most 10 s), then writes
/// `data: two` and ends. Every response closes its connection.
fn upstream(name: &'static str, release: Arc<AtomicBool>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind an upstream");
    let addr = listener.local_addr().expect("its address").to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(64) {
            let Ok(stream) = stream else { continue };
            let release = Arc::clone(&release);
            std::thread::spawn(move || answer(name, stream, &release));
        }
    });
    addr
}

fn answer(name: &str, mut stream: TcpStream, release: &AtomicBool) {
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    let mut reader = BufReader::new(stream.try_clone().expect("clone the stream"));
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // The headers, up to the blank line (no body: only GETs are sent).
    for _ in 0..100 {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) if line == "\r\n" => break,
            Ok(_) => {}
        }
    }
    if request_line.starts_with("GET /events ") {
        let _ = stream.write_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: one\n\n",
        );
        let _ = stream.flush();
        let start = Instant::now();
        while !release.load(Ordering::SeqCst) && start.elapsed() < TIMEOUT {
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = stream.write_all(b"data: two\n\n");
    } else {
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{name}",
            name.len()
        );
    }
}

/// `round-robin --listen 127.0.0.1:0 UPSTREAM...`, and where it listens.
fn proxy(upstreams: &[&str]) -> (Process, String, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_round-robin"))
        .args(["--listen", "127.0.0.1:0"])
        .args(upstreams)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("round-robin starts");
    let stderr = lines(child.stderr.take().expect("stderr"));
    let process = Process(child);
    let addr = loop {
        let line = stderr
            .recv_timeout(Duration::from_secs(60))
            .expect("round-robin prints where it listens");
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned();
        }
    };
    (process, addr, stderr)
}

/// Sends `GET path` through the proxy at `addr`; the stream, its request written.
fn get(addr: &str, path: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("connect to the proxy");
    stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    stream
}

/// The whole response to `GET path`, as text.
fn fetch(addr: &str, path: &str) -> String {
    let mut text = String::new();
    get(addr, path).read_to_string(&mut text).unwrap();
    text
}

/// Reads from `stream` into `seen` until it contains `wanted` (at most 10 s).
fn read_until(stream: &mut TcpStream, seen: &mut String, wanted: &str) {
    let start = Instant::now();
    let mut buffer = [0_u8; 4096];
    while !seen.contains(wanted) {
        assert!(
            start.elapsed() < TIMEOUT,
            "{wanted:?} within 10 s; got {seen:?}"
        );
        let n = stream.read(&mut buffer).expect("the response goes on");
        assert!(n > 0, "the response ended before {wanted:?}: {seen:?}");
        seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
    }
}

#[test]
fn requests_alternate_between_the_upstreams() {
    let release = Arc::new(AtomicBool::new(true));
    let a = upstream("A", Arc::clone(&release));
    let b = upstream("B", release);
    let (_proxy, addr, _stderr) = proxy(&[&a, &b]);
    let answers: Vec<String> = (0..4)
        .map(|_| {
            let response = fetch(&addr, "/who");
            assert!(response.starts_with("HTTP/1.1 200"), "{response}");
            response
                .rsplit("\r\n\r\n")
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    assert_eq!(answers, ["A", "B", "A", "B"]);
}

#[test]
fn an_event_stream_passes_through_as_each_event_is_written() {
    let release = Arc::new(AtomicBool::new(false));
    let a = upstream("A", Arc::clone(&release));
    let (_proxy, addr, _stderr) = proxy(&[&a]);
    let mut stream = get(&addr, "/events");
    let mut seen = String::new();
    // The first event arrives while the upstream still holds the second back.
    read_until(&mut stream, &mut seen, "data: one\n\n");
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    assert!(
        seen.to_ascii_lowercase()
            .contains("content-type: text/event-stream"),
        "{seen}"
    );
    assert!(!seen.contains("data: two"), "{seen}");
    release.store(true, Ordering::SeqCst);
    read_until(&mut stream, &mut seen, "data: two\n\n");
}

#[test]
fn an_upstream_that_cannot_be_reached_is_a_502_naming_it() {
    // A port that was free a moment ago: nothing listens on it.
    let dead = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .to_string();
    let (_proxy, addr, _stderr) = proxy(&[&dead]);
    let response = fetch(&addr, "/who");
    assert!(response.starts_with("HTTP/1.1 502"), "{response}");
    assert!(response.contains(&format!("upstream {dead}")), "{response}");
}

#[test]
fn an_address_that_is_not_loopback_is_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_round-robin"))
        .args(["--listen", "0.0.0.0:0", "127.0.0.1:1"])
        .output()
        .expect("round-robin runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("\"0.0.0.0:0\" is not a loopback address"),
        "{stderr}"
    );
}
