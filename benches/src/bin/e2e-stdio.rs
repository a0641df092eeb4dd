#![allow(clippy::cast_precision_loss)] // figures for a table
//! End-to-end benchmark over stdio (issue 27): the tools of the HTTP harness (`picture`, a
//! derived result with a 1 MiB image; `small`, an echo) served by mcp-content's own stdio
//! transport, by mcp-content's router on rmcp's stdio transport and by plain rmcp
//! `#[tool_router]` on rmcp's, each a child process of this binary driven over its pipes:
//! `initialize`, then K requests in flight for a fixed time after a warm-up, every answer
//! checked by id. Prints calls/s, p50, p99 and the server's CPU seconds per 1,000 calls
//! (utime + stime from `/proc/<pid>/stat`), the ratios to rmcp in the same run, and the cold
//! start: process start to the first `tools/list` answer, the median of N spawns.
//!
//! ```text
//! cargo build -p mcp-content-benches --release --bin e2e-stdio
//! target/release/e2e-stdio run [--secs 2] [--warmup 0.5] [--rounds 2] [--k 1,8,32]
//!                              [--tools picture,small] [--servers mcp-content,mcp-content/rmcp,rmcp]
//!                              [--spawns 20]
//! target/release/e2e-stdio run --rounds 0 --spawns 40   # the cold start only
//! target/release/e2e-stdio serve <server>     # one server on this process's stdin/stdout
//! ```

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use mcp_content_benches::served::{IMAGE_BASE64, Tool};
use mcp_content_benches::stdio::{Kind, Process, cold_start, cpu_of, drive, serve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("serve") => {
            let kind = args
                .get(1)
                .and_then(|k| Kind::parse(k))
                .unwrap_or_else(|| usage());
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("a tokio runtime");
            if let Err(e) = runtime.block_on(serve(kind)) {
                eprintln!("serve: {e}");
                std::process::exit(1);
            }
        }
        Some("run") => run(&Options::parse(&args[1..])),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: e2e-stdio run [--secs S] [--warmup S] [--rounds N (0: the cold start only)] [--k 1,8,32] [--tools picture,small] [--servers mcp-content,mcp-content/rmcp,rmcp] [--spawns N]\n       e2e-stdio serve <mcp-content|mcp-content/rmcp|rmcp>"
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
    spawns: usize,
}

impl Options {
    fn parse(args: &[String]) -> Self {
        let mut options = Self {
            secs: 2.0,
            warmup: 0.5,
            rounds: 2,
            ks: vec![1, 8, 32],
            tools: vec![Tool::Picture, Tool::Small],
            servers: Kind::ALL.to_vec(),
            spawns: 20,
        };
        let mut args = args.iter();
        while let Some(flag) = args.next() {
            let value = args.next().unwrap_or_else(|| usage());
            match flag.as_str() {
                "--secs" => options.secs = value.parse().unwrap_or_else(|_| usage()),
                "--warmup" => options.warmup = value.parse().unwrap_or_else(|_| usage()),
                "--rounds" => options.rounds = value.parse().unwrap_or_else(|_| usage()),
                "--spawns" => options.spawns = value.parse().unwrap_or_else(|_| usage()),
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
        assert!(options.spawns <= 200);
        assert!(options.ks.iter().all(|&k| (1..=64).contains(&k)));
        options
    }
}

/// One measured window.
#[derive(Default)]
struct Sample {
    calls: u64,
    elapsed: Duration,
    cpu: Duration,
    latencies: Vec<Duration>,
}

fn measure(process: &mut Process, tool: Tool, k: usize, options: &Options) -> Sample {
    let start = Instant::now();
    let from = start + Duration::from_secs_f64(options.warmup);
    let until = from + Duration::from_secs_f64(options.secs);
    let pid = process.pid();
    // The CPU window opens when the warm-up ends, read by a thread that sleeps until then.
    let (cpu_from, latencies) = std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            std::thread::sleep(from.saturating_duration_since(Instant::now()));
            cpu_of(pid)
        });
        let latencies = drive(process, tool, k, from, until);
        (reader.join().expect("cpu reader"), latencies)
    });
    let latencies = latencies.unwrap_or_else(|e| panic!("{} K={k}: {e}", tool.name()));
    let cpu_from = cpu_from.expect("the server's CPU time");
    let cpu = cpu_of(pid)
        .expect("the server's CPU time")
        .saturating_sub(cpu_from);
    Sample {
        calls: latencies.len() as u64,
        elapsed: Instant::now().saturating_duration_since(from),
        cpu,
        latencies,
    }
}

fn run(options: &Options) {
    let exe = std::env::current_exe().expect("this binary");
    // Built before any server starts, so the client does not pay for it in a window.
    let _ = IMAGE_BASE64.len();
    let mut samples: BTreeMap<(usize, usize, usize), Sample> = BTreeMap::new();
    for round in 0..options.rounds {
        // Alternate: each round starts with the next server.
        let n = options.servers.len();
        for i in 0..n {
            let s = (round + i) % n;
            let kind = options.servers[s];
            let mut process = Process::start(&exe, kind).expect("the server starts");
            process.initialize().expect("initialize");
            for (t, &tool) in options.tools.iter().enumerate() {
                for (ki, &k) in options.ks.iter().enumerate() {
                    let sample = measure(&mut process, tool, k, options);
                    eprintln!(
                        "round {round} {:<16} {:<8} K={k:<3} {:>7} calls, {:.2} CPU s",
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
    // `--rounds 0`: the cold start only.
    if options.rounds > 0 {
        print_table(options, &mut samples);
    }
    print_cold_starts(options, &exe);
}

fn print_table(options: &Options, samples: &mut BTreeMap<(usize, usize, usize), Sample>) {
    let reference = options.servers.iter().position(|&k| k == Kind::Rmcp);
    print!("| tool | K |");
    for kind in &options.servers {
        print!(" {} calls/s, p50, p99, CPU s/1k |", kind.name());
    }
    if reference.is_some() {
        for kind in options.servers.iter().filter(|&&k| k != Kind::Rmcp) {
            print!(" {} / rmcp: calls/s, CPU/call |", kind.name());
        }
    }
    println!();
    print!("|---|---:|");
    for _ in &options.servers {
        print!("---|");
    }
    if reference.is_some() {
        for _ in 1..options.servers.len() {
            print!("---|");
        }
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
                for (s, _) in options
                    .servers
                    .iter()
                    .enumerate()
                    .filter(|&(_, &k)| k != Kind::Rmcp)
                {
                    print!(
                        " {:.2}x, {:.2}x |",
                        figures[s].0 / figures[r].0,
                        figures[s].1 / figures[r].1
                    );
                }
            }
            println!();
        }
    }
}

/// The median of `--spawns` cold starts per server, the servers alternating.
fn print_cold_starts(options: &Options, exe: &std::path::Path) {
    if options.spawns == 0 {
        return;
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); options.servers.len()];
    for _ in 0..options.spawns {
        for (s, &kind) in options.servers.iter().enumerate() {
            let time = cold_start(exe, kind).unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
            times[s].push(time);
        }
    }
    let reference = options.servers.iter().position(|&k| k == Kind::Rmcp);
    let medians: Vec<Duration> = times
        .iter_mut()
        .map(|t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect();
    println!();
    println!(
        "| cold start, process start to the first tools/list answer (median of {}) | ms | / rmcp |",
        options.spawns
    );
    println!("|---|---:|---:|");
    for (s, kind) in options.servers.iter().enumerate() {
        let ratio = reference.map_or(String::from("-"), |r| {
            format!(
                "{:.2}x",
                medians[s].as_secs_f64() / medians[r].as_secs_f64()
            )
        });
        println!(
            "| {} | {:.2} | {ratio} |",
            kind.name(),
            medians[s].as_secs_f64() * 1e3
        );
    }
}
