#![allow(clippy::cast_precision_loss)] // figures for a table
//! Memory per connection (issue 27): the resident set a server process grows by for each
//! idle 2025 session, each open 2025 `GET` event stream and each open 2026-07-28
//! `subscriptions/listen` stream, mcp-content's own endpoint beside plain rmcp's Streamable
//! HTTP server (rmcp has no `subscriptions/listen`: that row is ours alone). Each server is a
//! separate process (`e2e serve <kind>` from the same harness); the figures are read from
//! `/proc/<pid>/status` (`VmRSS` after the connections are open, minus `VmRSS` after a warm-up
//! of 16 of them, divided by the count; `VmHWM` the peak).
//!
//! ```text
//! cargo build -p mcp-content-benches --release --bin e2e --bin e2e-memory
//! target/release/e2e-memory [--count 1000] [--servers mcp-content,rmcp]
//! ```
//!
//! The client holds one socket per open stream, and the server one per connection: `--count` is
//! bounded (at most 5,000), and the harness raises its own soft `RLIMIT_NOFILE` at start, up to
//! the hard limit, so that a shell's `ulimit -n 1024` is no obstacle. The servers it spawns
//! inherit that limit (it checks each one's `/proc/<pid>/limits`). If the hard limit is below
//! what `--count` needs, it stops at once and names both (raise the hard limit, e.g. in
//! `/etc/security/limits.conf`, or ask for fewer).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use mcp_content_benches::served::Kind;

const TIMEOUT: Duration = Duration::from_secs(10);
const WARMUP: usize = 16;

fn main() {
    let mut count = 1000usize;
    let mut kinds = vec![Kind::McpContent, Kind::Rmcp];
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--count" => count = value.parse().unwrap_or_else(|_| usage()),
            "--servers" => {
                kinds = value
                    .split(',')
                    .map(|s| Kind::parse(s).unwrap_or_else(|| usage()))
                    .collect();
            }
            _ => usage(),
        }
    }
    assert!(
        (WARMUP + 1..=5000).contains(&count),
        "--count between {} and 5000",
        WARMUP + 1
    );
    if let Err(error) = raise_file_limit(files_needed(count)) {
        eprintln!("e2e-memory: {error}");
        std::process::exit(1);
    }
    println!(
        "| server | what is open ({count}) | KiB per connection | RSS before / after (MiB) | peak RSS (MiB) |"
    );
    println!("|---|---|---|---|---|");
    for &kind in &kinds {
        for what in [What::IdleSession, What::SessionStream, What::Listen] {
            if what == What::Listen && kind != Kind::McpContent {
                continue;
            }
            match measure(kind, what, count) {
                Ok(row) => println!(
                    "| {} | {} | {:.1} | {:.1} / {:.1} | {:.1} |",
                    kind.name(),
                    what.name(),
                    row.per_connection,
                    row.before as f64 / 1024.0,
                    row.after as f64 / 1024.0,
                    row.peak as f64 / 1024.0
                ),
                Err(error) => println!(
                    "| {} | {} | failed: {error} | | |",
                    kind.name(),
                    what.name()
                ),
            }
        }
    }
}

fn usage() -> ! {
    eprintln!("usage: e2e-memory [--count N] [--servers mcp-content,rmcp]");
    std::process::exit(2);
}

/// Descriptors beside the connections: a server holds 9 at rest (stdio, the listening socket,
/// the runtime's epoll and eventfd, ...), the harness about 6 and a pipe per server; the rest is
/// slack for a connection the server has not yet closed. Small enough that `--count 1000` fits
/// the usual hard limit of 1,024.
const SPARE_FILES: u64 = 16;

/// The open files one process (the harness, or a server) needs for `count` connections.
fn files_needed(count: usize) -> u64 {
    count as u64 + SPARE_FILES
}

/// Raises this process's soft `RLIMIT_NOFILE` to at least `needed` (to the hard limit, not
/// beyond: the most an unprivileged process may ask); the servers spawned later inherit it.
fn raise_file_limit(needed: u64) -> Result<(), String> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    // `None` is RLIM_INFINITY.
    let soft = limit.current.unwrap_or(u64::MAX);
    let hard = limit.maximum.unwrap_or(u64::MAX);
    if soft >= needed {
        return Ok(());
    }
    if hard < needed {
        return Err(format!(
            "the hard limit on open files (RLIMIT_NOFILE) is {hard}, and --count {} needs {needed} \
             (one socket per connection plus {SPARE_FILES}); raise the hard limit or ask for \
             fewer",
            needed - SPARE_FILES
        ));
    }
    // Linux caps the hard limit at `fs.nr_open`, so it is finite; if not, `needed` will do.
    let target = limit.maximum.unwrap_or(needed);
    let raised = Rlimit {
        current: Some(target),
        maximum: limit.maximum,
    };
    setrlimit(Resource::Nofile, raised)
        .map_err(|e| format!("raising the soft limit on open files from {soft} to {target}: {e}"))
}

/// The soft `Max open files` of process `pid`, from `/proc/<pid>/limits` (`None` if unlimited).
fn open_files_limit(pid: u32) -> Result<Option<u64>, String> {
    let limits =
        std::fs::read_to_string(format!("/proc/{pid}/limits")).map_err(|e| e.to_string())?;
    let soft = limits
        .lines()
        .find_map(|line| line.strip_prefix("Max open files"))
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or("no Max open files in /proc/<pid>/limits")?;
    if soft == "unlimited" {
        return Ok(None);
    }
    soft.parse()
        .map(Some)
        .map_err(|_| format!("Max open files: {soft:?}"))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum What {
    /// `initialize` + `notifications/initialized`, then the connection closed.
    IdleSession,
    /// A session and its `GET` event stream, kept open.
    SessionStream,
    /// A 2026-07-28 `subscriptions/listen` stream, kept open.
    Listen,
}

impl What {
    fn name(self) -> &'static str {
        match self {
            What::IdleSession => "idle 2025 sessions",
            What::SessionStream => "2025 sessions with an open GET stream",
            What::Listen => "open subscriptions/listen streams",
        }
    }
}

/// Resident memory of a server process, in KiB.
struct Row {
    per_connection: f64,
    before: u64,
    after: u64,
    peak: u64,
}

/// A server process (`e2e serve <kind>`); killed on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    /// Starts a server and checks that it inherited room for `count` connections.
    fn start(kind: Kind, count: usize) -> Result<Self, String> {
        let e2e = std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("e2e");
        let mut child = Command::new(&e2e)
            .args(["serve", kind.name(), "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e} (build the e2e binary first)", e2e.display()))?;
        let stderr = child.stderr.take().ok_or("stderr")?;
        let mut lines = BufReader::new(stderr).lines();
        let addr = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(addr) = line.strip_prefix("listening on ") {
                        break addr.to_owned();
                    }
                }
                _ => return Err(format!("{} did not start", kind.name())),
            }
        };
        std::thread::spawn(move || for _ in lines {});
        let server = Self { child, addr };
        let needed = files_needed(count);
        match open_files_limit(server.child.id())? {
            Some(limit) if limit < needed => Err(format!(
                "{}'s limit on open files is {limit}, below the {needed} that {count} connections \
                 need",
                kind.name()
            )),
            _ => Ok(server),
        }
    }

    /// `VmRSS` and `VmHWM` in KiB.
    fn memory(&self) -> Result<(u64, u64), String> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .map_err(|e| e.to_string())?;
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|kib| kib.parse::<u64>().ok())
                .ok_or_else(|| format!("no {name} in /proc/<pid>/status"))
        };
        Ok((field("VmRSS:")?, field("VmHWM:")?))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn measure(kind: Kind, what: What, count: usize) -> Result<Row, String> {
    let server = Server::start(kind, count)?;
    let mut open = Vec::with_capacity(count);
    for _ in 0..WARMUP {
        open.extend(connect(&server.addr, what)?);
    }
    settle();
    let (before, _) = server.memory()?;
    for _ in WARMUP..count {
        open.extend(connect(&server.addr, what)?);
    }
    settle();
    let (after, peak) = server.memory()?;
    let per = (after.saturating_sub(before)) as f64 / (count - WARMUP) as f64;
    drop(open);
    Ok(Row {
        per_connection: per,
        before,
        after,
        peak,
    })
}

/// Lets the server finish what the last requests started.
fn settle() {
    std::thread::sleep(Duration::from_millis(300));
}

/// Opens one of `what`; returns the socket to keep open (none for an idle session).
fn connect(addr: &str, what: What) -> Result<Option<TcpStream>, String> {
    match what {
        What::Listen => {
            let body = r#"{"jsonrpc":"2.0","id":"listen","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"e2e-memory","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}"#;
            let mut stream = post(
                addr,
                body,
                &[
                    "MCP-Protocol-Version: 2026-07-28",
                    "Mcp-Method: subscriptions/listen",
                ],
            )?;
            let head = read_head(&mut stream)?;
            expect_stream(&head)?;
            read_until(&mut stream, b"acknowledged")?;
            Ok(Some(stream))
        }
        What::IdleSession | What::SessionStream => {
            let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e-memory","version":"1.0.0"}}}"#;
            let mut stream = post(addr, body, &[])?;
            let head = read_head(&mut stream)?;
            let session = header(&head, "mcp-session-id")
                .ok_or_else(|| format!("no Mcp-Session-Id in {head:?}"))?
                .to_owned();
            read_until(&mut stream, b"\"result\"")?;
            drop(stream);
            let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
            let session_header = format!("Mcp-Session-Id: {session}");
            let mut stream = post(
                addr,
                initialized,
                &[&session_header, "MCP-Protocol-Version: 2025-11-25"],
            )?;
            let head = read_head(&mut stream)?;
            if !head.starts_with("HTTP/1.1 202") {
                return Err(format!("notifications/initialized: {head:?}"));
            }
            drop(stream);
            if what == What::IdleSession {
                return Ok(None);
            }
            let mut stream = open(addr)?;
            write!(
                stream,
                "GET /mcp HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\
                 {session_header}\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n"
            )
            .map_err(|e| format!("write: {e}"))?;
            let head = read_head(&mut stream)?;
            expect_stream(&head)?;
            Ok(Some(stream))
        }
    }
}

fn open(addr: &str) -> Result<TcpStream, String> {
    let stream = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .and_then(|()| stream.set_write_timeout(Some(TIMEOUT)))
        .map_err(|e| e.to_string())?;
    Ok(stream)
}

fn post(addr: &str, body: &str, headers: &[&str]) -> Result<TcpStream, String> {
    let mut stream = open(addr)?;
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
        body.len()
    );
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("write: {e}"))?;
    Ok(stream)
}

/// The status line and headers (at most 16 KiB).
fn read_head(stream: &mut TcpStream) -> Result<String, String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 16 << 10 {
            return Err("response head too long".into());
        }
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            Ok(_) => return Err("closed before the response head".into()),
            Err(e) => return Err(format!("read: {e}")),
        }
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Reads until `needle` has been seen (at most 1 MiB).
fn read_until(stream: &mut TcpStream, needle: &[u8]) -> Result<(), String> {
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        if seen.windows(needle.len()).any(|w| w == needle) {
            return Ok(());
        }
        if seen.len() > 1 << 20 {
            return Err("no answer in the first MiB".into());
        }
        match stream.read(&mut buffer) {
            Ok(0) => {
                return Err(format!(
                    "closed before {:?}",
                    String::from_utf8_lossy(needle)
                ));
            }
            Ok(n) => seen.extend_from_slice(&buffer[..n]),
            Err(e) => return Err(format!("read: {e}")),
        }
    }
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn expect_stream(head: &str) -> Result<(), String> {
    if head.starts_with("HTTP/1.1 200")
        && header(head, "content-type").is_some_and(|t| t.starts_with("text/event-stream"))
    {
        Ok(())
    } else {
        Err(format!("not an event stream: {head:?}"))
    }
}
