//! payload-budget: a tool returning a 16 MiB image, served inline vs through a payload
//! budget (issue 14), with rmcp and hand-written `serde_json` (both inline: neither has a
//! budget) in the same run. Memory (dhat: total bytes allocated, peak live bytes) and time
//! (median of 15 runs, `Instant`) of producing the `tools/call` message a server sends; for
//! the budget also the `resources/read` message a client gets when it follows the link.
//!
//! Run: `cargo bench -p mcp-content-benches --bench payload_budget` (prints a table).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use mcp_content::handler::BoxFuture;
use mcp_content::handler::ToolHandler;
use mcp_content::model::{ImageContent, Meta, MimeType, Tool, ToolName};
use mcp_content::payload::MemoryPayloadStore;
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router, SerializeFor};
use mcp_content_benches::{by_hand, theirs};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

const IMAGE_LEN: usize = 16 << 20;
const BUDGET: u64 = 256 << 10;
const RUNS: usize = 15;

/// `RUNS` under `cargo bench` (which passes `--bench`); one run under `cargo test --benches`,
/// where the point is that every path works, not its timing (a debug build is slow).
fn runs() -> usize {
    if std::env::args().any(|a| a == "--bench") {
        RUNS
    } else {
        1
    }
}

fn image() -> Vec<u8> {
    (0..IMAGE_LEN)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect()
}

struct Server {
    router: Router,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// Hands the image to the tool for the next call (made outside the measurement).
    #[expect(clippy::unused_self, reason = "reads as the server being loaded")]
    fn load(&self, image: Vec<u8>) {
        HANDOFF.lock().unwrap().replace(image);
    }

    fn context() -> Context {
        Context::new(Meta::new(), ProtocolVersion::LATEST)
    }

    /// The `tools/call` result as bytes on the wire.
    fn call(&self) -> Vec<u8> {
        let result = self
            .runtime
            .block_on(self.router.call_tool("photo", None, Self::context()));
        result.unwrap().to_json_for(ProtocolVersion::LATEST)
    }

    /// The `resources/read` result of the link in `call`'s output, as bytes.
    fn read(&self, uri: &str) -> Vec<u8> {
        let result = self
            .runtime
            .block_on(self.router.read_resource(uri, Self::context()));
        result.unwrap().to_json_for(ProtocolVersion::LATEST)
    }
}

static HANDOFF: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// The tool the servers run: takes the image handed off just before the call.
struct Handoff;

impl ToolHandler for Handoff {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("photo").unwrap())
    }
    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let bytes = HANDOFF.lock().unwrap().take().expect("handed off");
        let image = ImageContent::new(bytes, MimeType::new("image/png").unwrap()).unwrap();
        Box::pin(
            async move { CallToolResult::new(vec![ContentBlock::text("A photo"), image.into()]) },
        )
    }
}

fn server(budget: Option<u64>) -> Server {
    // Every run's link stays until its TTL, so the default store (64 MiB) would refuse the
    // fifth 16 MiB offload: room for all of them (raw or as base64 text), as a server
    // expecting that load would configure.
    let store = MemoryPayloadStore::with_limits((RUNS + 2) * IMAGE_LEN * 2, 1024);
    let builder = Router::builder().tool(Handoff).payload_store(store);
    let builder = match budget {
        Some(bytes) => builder.max_inline(bytes),
        None => builder,
    };
    Server {
        router: builder.build().unwrap(),
        runtime: tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap(),
    }
}

struct Row {
    path: &'static str,
    output: usize,
    total: u64,
    peak: usize,
    median: Duration,
}

/// Memory of one run under dhat, then the median time of `RUNS` runs; `prepare` makes the
/// input outside both.
fn measure<I>(path: &'static str, prepare: impl Fn() -> I, op: impl Fn(I) -> Vec<u8>) -> Row {
    let input = prepare();
    let profiler = dhat::Profiler::builder().testing().build();
    let output = op(input);
    let stats = dhat::HeapStats::get();
    drop(profiler);
    let len = output.len();
    drop(output);
    let mut times: Vec<Duration> = (0..runs())
        .map(|_| {
            let input = prepare();
            let start = Instant::now();
            let output = op(input);
            let elapsed = start.elapsed();
            drop(output);
            elapsed
        })
        .collect();
    times.sort();
    Row {
        path,
        output: len,
        total: stats.total_bytes,
        peak: stats.max_bytes,
        median: times[times.len() / 2],
    }
}

fn link_uri(message: &[u8]) -> String {
    let value: Value = serde_json::from_slice(message).unwrap();
    value["content"][1]["uri"].as_str().unwrap().to_owned()
}

fn main() {
    let inline = server(None);
    let budget = server(Some(BUDGET));
    let rows = [
        measure(
            "mcp-content inline: tools/call",
            || inline.load(image()),
            |()| inline.call(),
        ),
        measure(
            "mcp-content budget: tools/call (a link)",
            || budget.load(image()),
            |()| budget.call(),
        ),
        measure(
            "mcp-content budget: resources/read of the link",
            || {
                budget.load(image());
                link_uri(&budget.call())
            },
            |uri| budget.read(&uri),
        ),
        measure("rmcp+simd inline: tools/call", image, |image| {
            theirs::encode_blob_simd(&image)
        }),
        measure("serde_json inline: tools/call", image, |image| {
            by_hand::encode_blob(&image)
        }),
    ];
    // The link message must be small and the link must read back the same bytes.
    budget.load(image());
    let uri = link_uri(&budget.call());
    let read: Value = serde_json::from_slice(&budget.read(&uri)).unwrap();
    let blob = read["contents"][0]["blob"].as_str().unwrap();
    assert_eq!(
        base64_simd::STANDARD.decode_to_vec(blob).unwrap(),
        image(),
        "the link reads back the same bytes"
    );

    println!(
        "16 MiB image, budget {} KiB, {} runs per path",
        BUDGET >> 10,
        runs()
    );
    println!("| path | message bytes | allocated (total) | peak live | median time |");
    println!("|---|---:|---:|---:|---:|");
    for row in &rows {
        println!(
            "| {} | {} | {:.1} MiB | {:.1} MiB | {:.2} ms |",
            row.path,
            row.output,
            mib(row.total),
            mib(row.peak as u64),
            row.median.as_secs_f64() * 1e3
        );
    }
}

#[expect(clippy::cast_precision_loss, reason = "byte counts printed to 0.1 MiB")]
fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}
