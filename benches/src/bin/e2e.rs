#![allow(clippy::cast_precision_loss)] // figures for a table
//! End-to-end benchmark (issue 13): the same two tools served by mcp-content and by plain
//! rmcp (base64 crate; base64-simd), each server a separate process, driven over Streamable
//! HTTP on 127.0.0.1 by K keep-alive clients for a fixed time after a warm-up. Every response
//! is checked. Prints calls/s, p50, p99 and the server's CPU seconds per 1,000 calls (from
//! `/proc/<pid>/stat`), side by side, the servers alternating over several rounds, and each
//! server's calls/s and CPU per call as a ratio to `rmcp`'s in the same run.
//! `mcp-content+auth` is the own endpoint with authorization on (every call carries a bearer
//! token its verifier knows already, as a cache would answer); the table shows its CPU per
//! call against `mcp-content`'s ("auth on / off").
//!
//! ```text
//! cargo build -p mcp-content-benches --release --bin e2e
//! target/release/e2e run [--secs 2] [--warmup 0.5] [--rounds 3] [--k 1,8,32] [--tools picture,small]
//!                        [--servers mcp-content,mcp-content+auth,rmcp,rmcp+simd]
//! target/release/e2e serve <server> [127.0.0.1:0]     # one server, prints where it listens
//! ```

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mcp_content_benches::served::{Connection, IMAGE_BASE64, Kind, Tool, serve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("serve") => {
            let kind = args
                .get(1)
                .and_then(|k| Kind::parse(k))
                .unwrap_or_else(|| usage());
            let addr = args.get(2).map_or("127.0.0.1:0", String::as_str);
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("a tokio runtime");
            runtime.block_on(async {
                let listener = tokio::net::TcpListener::bind(addr)
                    .await
                    .expect("bind 127.0.0.1");
                eprintln!("listening on {}", listener.local_addr().expect("address"));
                serve(kind, listener).await.expect("serve");
            });
        }
        Some("run") => run(&Options::parse(&args[1..])),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: e2e run [--secs S] [--warmup S] [--rounds N] [--k 1,8,32] [--tools picture,small] [--servers mcp-content,mcp-content+auth,rmcp,rmcp+simd]\n       e2e serve <mcp-content|mcp-content+auth|mcp-content/rmcp|rmcp|rmcp+simd> [ADDR]"
    );
    std::process::exit(2);
}

struct Options {
    secs: f64,
    warmup: f64,
    rounds: usize,
    ks: Vec<usize>,
    tools: Vec<Tool>,
    servers: Vec<Kind>,
}

impl Options {
    fn parse(args: &[String]) -> Self {
        let mut options = Self {
            secs: 2.0,
            warmup: 0.5,
            rounds: 3,
            ks: vec![1, 8, 32],
            tools: vec![Tool::Picture, Tool::Small],
            servers: Kind::ALL.to_vec(),
        };
        let mut args = args.iter();
        while let Some(flag) = args.next() {
            let value = args.next().unwrap_or_else(|| usage());
            match flag.as_str() {
                "--secs" => options.secs = value.parse().unwrap_or_else(|_| usage()),
                "--warmup" => options.warmup = value.parse().unwrap_or_else(|_| usage()),
                "--rounds" => options.rounds = value.parse().unwrap_or_else(|_| usage()),
                "--k" => {
                    options.ks = value
                        .split(',')
                        .map(|k| k.parse().unwrap_or_else(|_| usage()))
                        .collect();
                }
                "--tools" => {
                    options.tools = value
                        .split(',')
                        .map(|t| match t {
                            "picture" => Tool::Picture,
                            "small" => Tool::Small,
                            _ => usage(),
                        })
                        .collect();
                }
                "--servers" => {
                    options.servers = value
                        .split(',')
                        .map(|s| Kind::parse(s).unwrap_or_else(|| usage()))
                        .collect();
                }
                _ => usage(),
            }
        }
        // Bounded: a load test runs no longer than it must.
        assert!(options.secs <= 30.0 && options.warmup <= 10.0 && options.rounds <= 10);
        assert!(options.ks.iter().all(|&k| (1..=64).contains(&k)));
        options
    }
}

/// A server process; killed on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(kind: Kind) -> Self {
        let mut child = Command::new(std::env::current_exe().expect("this binary"))
            .args(["serve", kind.name(), "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        let addr = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(addr) = line.strip_prefix("listening on ") {
                        break addr.to_owned();
                    }
                }
                _ => panic!("{} did not start", kind.name()),
            }
        };
        // Keep draining stderr so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Self { child, addr }
    }

    /// The process's user + system CPU time so far.
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("/proc/<pid>/stat");
        // Fields after the `(comm)`: state is the 3rd field of the line, utime the 14th.
        let rest = &stat[stat.rfind(')').expect("comm") + 2..];
        let fields: Vec<&str> = rest.split(' ').collect();
        let ticks: u64 =
            fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
        Duration::from_secs_f64(ticks as f64 / clock_ticks())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// One measured window.
#[derive(Default)]
struct Sample {
    calls: u64,
    elapsed: Duration,
    cpu: Duration,
    latencies: Vec<Duration>,
}

/// K clients calling `tool` until `until`; the latencies of the calls started after `from`.
fn drive(addr: &str, tool: Tool, k: usize, from: Instant, until: Instant) -> Vec<Duration> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..k)
            .map(|client| {
                scope.spawn(move || {
                    let mut connection = Connection::open(addr, client)?;
                    let mut latencies = Vec::new();
                    loop {
                        let started = Instant::now();
                        if started >= until {
                            return Ok::<_, String>(latencies);
                        }
                        connection
                            .call(tool)
                            .map_err(|e| format!("client {client} {}: {e}", tool.name()))?;
                        if started >= from {
                            latencies.push(started.elapsed());
                        }
                    }
                })
            })
            .collect();
        let mut all = Vec::new();
        for handle in handles {
            match handle.join().expect("a client thread") {
                Ok(latencies) => all.extend(latencies),
                Err(e) => panic!("{e}"),
            }
        }
        all
    })
}

fn measure(server: &Server, tool: Tool, k: usize, options: &Options) -> Sample {
    let start = Instant::now();
    let from = start + Duration::from_secs_f64(options.warmup);
    let until = from + Duration::from_secs_f64(options.secs);
    // The CPU window is read when the warm-up ends, by a thread that sleeps until then.
    let cpu_at_from = std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            std::thread::sleep(from.saturating_duration_since(Instant::now()));
            server.cpu()
        });
        let latencies = drive(&server.addr, tool, k, from, until);
        (reader.join().expect("cpu reader"), latencies)
    });
    let (cpu_from, latencies) = cpu_at_from;
    let cpu = server.cpu().saturating_sub(cpu_from);
    Sample {
        calls: latencies.len() as u64,
        elapsed: Instant::now().saturating_duration_since(from),
        cpu,
        latencies,
    }
}

fn run(options: &Options) {
    // Built before any server starts, so the clients do not pay for it in a window.
    let _ = IMAGE_BASE64.len();
    let mut samples: BTreeMap<(usize, usize, usize), Sample> = BTreeMap::new();
    for round in 0..options.rounds {
        // Alternate: each round starts with the next server.
        let n = options.servers.len();
        for i in 0..n {
            let s = (round + i) % n;
            let kind = options.servers[s];
            let server = Server::start(kind);
            for (t, &tool) in options.tools.iter().enumerate() {
                for (ki, &k) in options.ks.iter().enumerate() {
                    let sample = measure(&server, tool, k, options);
                    eprintln!(
                        "round {round} {:<12} {:<8} K={k:<3} {:>7} calls, {:.2} CPU s",
                        kind.name(),
                        tool.name(),
                        sample.calls,
                        sample.cpu.as_secs_f64()
                    );
                    let total = samples.entry((t, ki, s)).or_default();
                    total.calls += sample.calls;
                    total.elapsed += sample.elapsed;
                    total.cpu += sample.cpu;
                    total.latencies.extend(sample.latencies);
                }
            }
        }
    }
    print_table(options, &mut samples);
}

fn print_table(options: &Options, samples: &mut BTreeMap<(usize, usize, usize), Sample>) {
    let reference = options.servers.iter().position(|&k| k == Kind::Rmcp);
    print!("| tool | K |");
    for kind in &options.servers {
        print!(" {} calls/s, p50, p99, CPU s/1k |", kind.name());
    }
    let compared: Vec<usize> = match reference {
        Some(_) => (0..options.servers.len())
            .filter(|&s| options.servers[s] != Kind::Rmcp)
            .collect(),
        None => Vec::new(),
    };
    for &s in &compared {
        print!(" {} / rmcp: calls/s, CPU/call |", options.servers[s].name());
    }
    let auth = options
        .servers
        .iter()
        .position(|&k| k == Kind::McpContentAuth)
        .zip(options.servers.iter().position(|&k| k == Kind::McpContent));
    if auth.is_some() {
        print!(" auth on / off: CPU/call |");
    }
    println!();
    print!("|---|---:|");
    for _ in &options.servers {
        print!("---|");
    }
    for _ in &compared {
        print!("---|");
    }
    if auth.is_some() {
        print!("---:|");
    }
    println!();
    for (t, tool) in options.tools.iter().enumerate() {
        for (ki, k) in options.ks.iter().enumerate() {
            print!("| {} | {k} |", tool.name());
            let mut figures = Vec::new();
            for s in 0..options.servers.len() {
                let sample = samples.get_mut(&(t, ki, s)).expect("measured");
                if sample.latencies.is_empty() {
                    print!(" no call finished in the window |");
                    figures.push((0.0, f64::NAN));
                    continue;
                }
                sample.latencies.sort();
                let rate = sample.calls as f64 / sample.elapsed.as_secs_f64();
                let cpu_per_1k = sample.cpu.as_secs_f64() / sample.calls as f64 * 1000.0;
                let p = |q: usize| {
                    let l = &sample.latencies;
                    l[(l.len() * q / 100).min(l.len() - 1)]
                };
                print!(
                    " {rate:.0}, {:.2} ms, {:.2} ms, {cpu_per_1k:.3} |",
                    p(50).as_secs_f64() * 1e3,
                    p(99).as_secs_f64() * 1e3
                );
                figures.push((rate, cpu_per_1k));
            }
            if let Some(r) = reference {
                for &s in &compared {
                    print!(
                        " {:.2}x, {:.2}x |",
                        figures[s].0 / figures[r].0,
                        figures[s].1 / figures[r].1
                    );
                }
            }
            if let Some((on, off)) = auth {
                print!(" {:.2}x |", figures[on].1 / figures[off].1);
            }
            println!();
        }
    }
}
