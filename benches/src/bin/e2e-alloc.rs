#![allow(clippy::cast_precision_loss)] // figures for a table
//! End-to-end allocations (issue 13): bytes and blocks the *server process* allocates per
//! call, counted by dhat in the server while a client (the parent process) makes the calls
//! over Streamable HTTP on 127.0.0.1. Every byte a server copies a payload into is a byte it
//! allocated first (the base64 text, a `Value`'s string, a serialized message, an SSE frame),
//! so allocated bytes per call bound the payload copies.
//!
//! ```text
//! cargo build -p mcp-content-benches --release --bin e2e-alloc
//! target/release/e2e-alloc [--calls 50] [--servers mcp-content,mcp-content/rmcp,rmcp,rmcp+simd]
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use mcp_content_benches::served::{Connection, Kind, Tool, serve};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        let kind = args.get(1).and_then(|k| Kind::parse(k)).expect("a server");
        child(kind);
        return;
    }
    let mut calls = 50usize;
    let mut servers = Kind::ALL.to_vec();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().expect("a value");
        match flag.as_str() {
            "--calls" => calls = value.parse().expect("a number"),
            "--servers" => {
                servers = value
                    .split(',')
                    .map(|s| Kind::parse(s).expect("a server"))
                    .collect();
            }
            _ => panic!("unknown flag {flag}"),
        }
    }
    assert!((1..=10_000).contains(&calls));
    println!("| server | tool | bytes allocated / call | blocks / call |");
    println!("|---|---|---:|---:|");
    for kind in servers {
        for tool in [Tool::Picture, Tool::Small] {
            let (bytes, blocks) = measure(kind, tool, calls);
            println!(
                "| {} | {} | {bytes:.0} | {blocks:.1} |",
                kind.name(),
                tool.name()
            );
        }
    }
}

/// The server: dhat counts from the start; each line on stdin is answered with the totals
/// so far on stdout.
fn child(kind: Kind) {
    let _profiler = dhat::Profiler::builder().testing().build();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let listener = runtime.block_on(async {
        tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind")
    });
    println!("listening on {}", listener.local_addr().expect("address"));
    runtime.spawn(async move {
        let _ = serve(kind, listener).await;
    });
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        if line.is_err() {
            break;
        }
        let stats = dhat::HeapStats::get();
        println!("{} {}", stats.total_bytes, stats.total_blocks);
    }
}

fn measure(kind: Kind, tool: Tool, calls: usize) -> (f64, f64) {
    let mut child = Command::new(std::env::current_exe().expect("this binary"))
        .args(["serve", kind.name()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("listening line");
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .expect("the address")
        .to_owned();
    let mut connection = Connection::open(&addr, 0).expect("connect");
    // Warm-up: lazy statics, the connection's buffers, the runtime's pools.
    for _ in 0..10 {
        connection.call(tool).expect("a correct answer");
    }
    let mut totals = || {
        writeln!(stdin, "mark").expect("ask");
        let mut line = String::new();
        stdout.read_line(&mut line).expect("totals");
        let mut numbers = line
            .split_whitespace()
            .map(|n| n.parse::<u64>().expect("a number"));
        (
            numbers.next().expect("bytes"),
            numbers.next().expect("blocks"),
        )
    };
    let before = totals();
    for _ in 0..calls {
        connection.call(tool).expect("a correct answer");
    }
    let after = totals();
    let _ = child.kill();
    let _ = child.wait();
    let per = |a: u64, b: u64| (a - b) as f64 / calls as f64;
    (per(after.0, before.0), per(after.1, before.1))
}
