//! redis: the store seams on Redis against the in-memory defaults, in the same run (issue 26).
//!
//! - `redis-task-round-trip`: a task `create` then `get` through the `TaskStore` seam,
//!   `MemoryTaskStore` against `RedisTaskStore`. Its setup also prints to stderr the p50 and
//!   p99 of 2,000 timed round trips one after another, and the tasks created per second by 8
//!   concurrent creators (on one `Redis` handle: one multiplexed connection, as one replica).
//! - `redis-change-fan-out`: a change published on one of three buses, until the listener of
//!   each has it. Redis: three `RedisChangeBus`, each on its own `Redis` handle (their own
//!   connections, as three replicas would have); the publisher's own listener hears it at
//!   once, the other two through Redis pub/sub. Memory: one `ChangeFeed` with three
//!   listeners (one process). The setup prints p50 and p99 over 1,000 notifications.
//! - `redis-payload-read`: `resources/read` of a payload link through the router, put once
//!   (by the tool call whose image goes over the budget) and read many (64 KiB and 1 MiB),
//!   `MemoryPayloadStore` against `RedisPayloadStore`, in bytes per second. The setup prints
//!   the reads per second of 8 concurrent readers.
//!
//! Without `REDIS_URL` it prints `skipped: REDIS_URL not set` and measures the in-memory
//! stores only. With it, everything written lives under a prefix of its own
//! (`mcp-bench:<pid>:<time>:`) and expires within minutes (tasks 60 s, payloads 10 min).
//! Under `cargo test --benches` every timed loop is cut to a few rounds (a debug build, the
//! point being that every path works); every loop stops at its count or its time limit.
//!
//! Run: `scripts/with-redis.sh cargo bench -p mcp-content-benches --bench redis`.

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Once, mpsc};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mcp_content::changes::{Change, ChangeBus, ChangeFeed, FeedSubscription};
use mcp_content::input::{StateKey, StateKeys};
use mcp_content::model::{ImageContent, Meta, MimeType};
use mcp_content::payload::{MemoryPayloadStore, PayloadStore};
use mcp_content::redis::{Redis, RedisChangeBus, RedisOptions, RedisPayloadStore, RedisTaskStore};
use mcp_content::tasks::{MemoryTaskStore, TaskRecord, TaskStore};
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router};
use serde_json::json;
use tokio::runtime::Runtime;

/// How long a task written by this bench is kept (Redis drops it after).
const TASK_TTL_MS: u64 = 60_000;
/// How long a payload link written by this bench lives.
const PAYLOAD_TTL: Duration = Duration::from_secs(600);
/// The payload sizes read through links.
const PAYLOAD_SIZES: [usize; 2] = [64 << 10, 1 << 20];
/// How many creators (or readers) run at once in the throughput loops.
const CONCURRENT: usize = 8;
/// How long a notification may take to reach every listener before it counts as lost.
const HEARD_WITHIN: Duration = Duration::from_secs(5);

/// The counts and time limits of the timed loops the setup prints.
struct Loops {
    round_trips: usize,
    creates_each: usize,
    notifications: usize,
    reads_each: usize,
    limit: Duration,
}

/// Full counts under `cargo bench` (which passes `--bench`); a few rounds under
/// `cargo test --benches`.
fn loops() -> Loops {
    if std::env::args().any(|a| a == "--bench") {
        Loops {
            round_trips: 2_000,
            creates_each: 250,
            notifications: 1_000,
            reads_each: 50,
            limit: Duration::from_secs(30),
        }
    } else {
        Loops {
            round_trips: 20,
            creates_each: 5,
            notifications: 10,
            reads_each: 2,
            limit: Duration::from_secs(5),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Redis, when there is one

/// `REDIS_URL`, or `None` after saying (once) that Redis is skipped.
fn redis_url() -> Option<String> {
    static SAID: Once = Once::new();
    match std::env::var("REDIS_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            SAID.call_once(|| {
                eprintln!(
                    "redis bench: skipped: REDIS_URL not set (scripts/with-redis.sh runs a \
                     redis-server); measuring the in-memory stores only"
                );
            });
            None
        }
    }
}

/// What every key of this run starts with, so runs (and a developer's own data) never meet.
fn prefix() -> &'static str {
    static PREFIX: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PREFIX.get_or_init(|| {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("mcp-bench:{}:{nanos}:", std::process::id())
    })
}

/// A handle of its own (its own connection) on the Redis at `url`.
fn connect(runtime: &Runtime, url: &str) -> Redis {
    runtime
        .block_on(Redis::connect_with(
            url,
            RedisOptions::new().prefix(prefix()),
        ))
        .unwrap_or_else(|e| panic!("REDIS_URL is set, but Redis cannot be used: {e}"))
}

fn runtime() -> Runtime {
    // Two workers: the machine's two cores; Redis's connection tasks run on them.
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

// ---------------------------------------------------------------------------------------
// Figures printed by the setup

/// The `q` quantile (0..=1) of sorted `samples`.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "an index into a few thousand samples"
    )]
    let index = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn micros(duration: Duration) -> String {
    format!("{:.1} µs", duration.as_secs_f64() * 1e6)
}

/// `p50 …, p99 …, max … (n …)` of `samples`.
fn distribution(mut samples: Vec<Duration>, unit: &str) -> String {
    samples.sort_unstable();
    format!(
        "p50 {}, p99 {}, max {} ({} {unit})",
        micros(quantile(&samples, 0.5)),
        micros(quantile(&samples, 0.99)),
        micros(samples.last().copied().unwrap_or_default()),
        samples.len()
    )
}

#[expect(clippy::cast_precision_loss, reason = "a count in the thousands")]
fn per_second(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64().max(1e-9)
}

// ---------------------------------------------------------------------------------------
// Tasks

/// A task as the engine creates it (a `working` task under a lease, arguments and the
/// client's capabilities kept), with a fresh id.
fn task() -> TaskRecord {
    static TEMPLATE: std::sync::OnceLock<TaskRecord> = std::sync::OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let template = TEMPLATE.get_or_init(|| {
        serde_json::from_value(json!({
            "taskId": "", "tool": "render_report",
            "arguments": { "region": "eu-west", "year": 2026, "format": "pdf" },
            "protocolVersion": "2026-07-28",
            "clientCapabilities": { "extensions": { "io.modelcontextprotocol/tasks": {} } },
            "status": "working", "createdAt": "2026-12-06T23:00:00Z",
            "lastUpdatedAt": "2026-12-06T23:00:00Z", "ttlMs": TASK_TTL_MS,
            "pollIntervalMs": 250, "owner": "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
            "leaseUntilMs": 1_796_598_000_000_u64,
        }))
        .expect("a task record")
    });
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    TaskRecord {
        task_id: format!("task-{n:032x}"),
        ..template.clone()
    }
}

/// Creates `task`, then reads it back.
async fn round_trip(store: &dyn TaskStore, task: TaskRecord) {
    let id = task.task_id.clone();
    store.create(task).await.expect("task created");
    let read = store.get(&id).await.expect("task read");
    black_box(read.expect("the task just created"));
}

/// Up to `count` round trips one after another (within `limit`), each timed.
async fn timed_round_trips(store: &dyn TaskStore, count: usize, limit: Duration) -> Vec<Duration> {
    let deadline = Instant::now() + limit;
    let mut samples = Vec::with_capacity(count);
    while samples.len() < count && Instant::now() < deadline {
        let task = task();
        let started = Instant::now();
        round_trip(store, task).await;
        samples.push(started.elapsed());
    }
    samples
}

/// How many tasks `CONCURRENT` creators made (each up to `each`, within `limit`), and in
/// how long.
async fn concurrent_creates(
    store: &Arc<dyn TaskStore>,
    each: usize,
    limit: Duration,
) -> (usize, Duration) {
    let started = Instant::now();
    let deadline = started + limit;
    let creators: Vec<_> = (0..CONCURRENT)
        .map(|_| {
            let store = Arc::clone(store);
            tokio::spawn(async move {
                let mut made = 0;
                while made < each && Instant::now() < deadline {
                    store.create(task()).await.expect("task created");
                    made += 1;
                }
                made
            })
        })
        .collect();
    let mut made = 0;
    for creator in creators {
        made += creator.await.expect("a creator finished");
    }
    (made, started.elapsed())
}

fn print_task_figures(runtime: &Runtime, label: &str, store: &Arc<dyn TaskStore>) {
    let loops = loops();
    let samples = runtime.block_on(timed_round_trips(
        store.as_ref(),
        loops.round_trips,
        loops.limit,
    ));
    eprintln!(
        "redis bench: task create + get round trip, {label}: {}",
        distribution(samples, "round trips, one after another")
    );
    let (made, elapsed) =
        runtime.block_on(concurrent_creates(store, loops.creates_each, loops.limit));
    eprintln!(
        "redis bench: tasks created per second, {CONCURRENT} concurrent creators, {label}: \
         {:.0}/s ({made} tasks in {:.1} ms)",
        per_second(made, elapsed),
        elapsed.as_secs_f64() * 1e3
    );
}

fn tasks(c: &mut Criterion) {
    let runtime = runtime();
    let redis: Option<Arc<dyn TaskStore>> = redis_url().map(|url| {
        let store: Arc<dyn TaskStore> = Arc::new(RedisTaskStore::new(&connect(&runtime, &url)));
        store
    });
    let memory: Arc<dyn TaskStore> = Arc::new(MemoryTaskStore::default());
    print_task_figures(&runtime, "memory", &memory);
    if let Some(redis) = &redis {
        print_task_figures(&runtime, "redis", redis);
    }

    let mut group = c.benchmark_group("redis-task-round-trip");
    group.bench_function("memory", |b| {
        b.iter_custom(|iters| {
            // A fresh store per batch: the records a batch made do not pile up in memory.
            let store = MemoryTaskStore::default();
            runtime.block_on(async {
                let started = Instant::now();
                for _ in 0..iters {
                    round_trip(&store, task()).await;
                }
                started.elapsed()
            })
        });
    });
    if let Some(redis) = &redis {
        group.bench_function("redis", |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let started = Instant::now();
                    for _ in 0..iters {
                        round_trip(redis.as_ref(), task()).await;
                    }
                    started.elapsed()
                })
            });
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------
// Change fan-out

/// Who heard which notification, and when.
type Heard = (usize, u64, Instant);

/// Three buses (`publisher` first), a listener on each telling `heard`.
struct FanOut {
    buses: Vec<Box<dyn ChangeBus>>,
    heard: mpsc::Receiver<Heard>,
    _listening: Vec<FeedSubscription>,
    next: u64,
}

impl FanOut {
    fn new(buses: Vec<Box<dyn ChangeBus>>) -> Self {
        let (tell, heard) = mpsc::channel();
        let listening = buses
            .iter()
            .enumerate()
            .map(|(which, bus)| {
                let tell = tell.clone();
                bus.subscribe(Box::new(move |change: &Change| {
                    let at = Instant::now();
                    let Change::ResourceUpdated(uri) = change else {
                        return;
                    };
                    if let Some(n) = uri.strip_prefix("bench://fan-out/") {
                        let _ = tell.send((which, n.parse().unwrap_or(u64::MAX), at));
                    }
                }))
            })
            .collect();
        Self {
            buses,
            heard,
            _listening: listening,
            next: 0,
        }
    }

    /// Publishes one change on the first bus; how long until every listener had it, or
    /// `None` when one did not within `HEARD_WITHIN`.
    fn once(&mut self, runtime: &Runtime) -> Option<Duration> {
        let n = self.next;
        self.next += 1;
        let change = Change::ResourceUpdated(format!("bench://fan-out/{n}"));
        let sent = Instant::now();
        runtime
            .block_on(self.buses[0].publish(change))
            .expect("change published");
        let deadline = sent + HEARD_WITHIN;
        let mut heard = vec![false; self.buses.len()];
        let mut last = sent;
        while heard.contains(&false) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.heard.recv_timeout(left) {
                Ok((which, m, at)) if m == n => {
                    heard[which] = true;
                    last = last.max(at);
                }
                Ok(_) => {} // a late one of an earlier notification
                Err(_) => return None,
            }
        }
        Some(last - sent)
    }
}

fn print_fan_out_figures(runtime: &Runtime, label: &str, fan_out: &mut FanOut) {
    let loops = loops();
    let deadline = Instant::now() + loops.limit;
    let mut samples = Vec::with_capacity(loops.notifications);
    let mut lost = 0;
    while samples.len() + lost < loops.notifications && Instant::now() < deadline {
        match fan_out.once(runtime) {
            Some(took) => samples.push(took),
            None => lost += 1,
        }
    }
    eprintln!(
        "redis bench: change fan-out to 3 listeners, {label}: {}; {lost} not heard by all \
         three within {} s",
        distribution(samples, "notifications, one after another"),
        HEARD_WITHIN.as_secs()
    );
}

fn fan_out(c: &mut Criterion) {
    let runtime = runtime();
    let feed = ChangeFeed::default();
    let mut memory = FanOut::new(vec![
        Box::new(feed.clone()),
        Box::new(feed.clone()),
        Box::new(feed),
    ]);
    let mut redis = redis_url().map(|url| {
        let buses = (0..3)
            .map(|_| {
                let redis = connect(&runtime, &url);
                let bus = runtime
                    .block_on(RedisChangeBus::new(&redis))
                    .unwrap_or_else(|e| panic!("REDIS_URL is set, but cannot subscribe: {e}"));
                Box::new(bus) as Box<dyn ChangeBus>
            })
            .collect();
        FanOut::new(buses)
    });
    print_fan_out_figures(&runtime, "memory (one process)", &mut memory);
    if let Some(redis) = &mut redis {
        print_fan_out_figures(&runtime, "redis (three handles, as three replicas)", redis);
    }

    let mut group = c.benchmark_group("redis-change-fan-out");
    let mut measure = |name: &str, fan_out: &mut FanOut| {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    total += fan_out.once(&runtime).unwrap_or_else(|| {
                        panic!(
                            "a change did not reach all three listeners within {} s",
                            HEARD_WITHIN.as_secs()
                        )
                    });
                }
                total
            });
        });
    };
    measure("memory", &mut memory);
    if let Some(redis) = &mut redis {
        measure("redis", redis);
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------
// Payload links

/// An image of `kib` KiB, over the routers' budget: its result is a link.
#[mcp_content::tool]
fn photo(kib: u32) -> CallToolResult {
    let size = usize::try_from(kib).unwrap_or(0) << 10;
    let bytes: Vec<u8> = (0..size)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect();
    let image = ImageContent::new(bytes, MimeType::new("image/png").expect("a MIME type"))
        .expect("an image");
    CallToolResult::new(vec![image.into()])
}

fn context() -> Context {
    Context::new(Meta::new(), ProtocolVersion::LATEST)
}

/// A router serving payload links, and the links it issued (one per size of
/// `PAYLOAD_SIZES`).
struct Links {
    router: Arc<Router>,
    uris: Vec<String>,
}

/// A router keeping payloads in `store`, and the links it issued for one `photo` call per
/// size of `PAYLOAD_SIZES` (put once, through the tool call that offloads the image).
fn payload_router(runtime: &Runtime, store: impl PayloadStore) -> Links {
    // Shared stores need shared `requestState` keys; the memory store is given the same.
    let keys = StateKeys::new(StateKey::new("bench", vec![7u8; 32]).expect("a state key"));
    let router = mcp_content::router! { tools: [photo] }
        .max_inline(4 << 10)
        .payload_ttl(PAYLOAD_TTL)
        .payload_store(store)
        .state_keys(keys)
        .build()
        .expect("a router");
    let uris = PAYLOAD_SIZES
        .iter()
        .map(|&size| {
            let mut arguments = serde_json::Map::new();
            arguments.insert("kib".into(), json!(size >> 10));
            let result = runtime
                .block_on(router.call_tool("photo", Some(arguments), context()))
                .expect("the photo tool answers");
            match result.content.first() {
                Some(ContentBlock::ResourceLink(link)) => link.uri.as_str().to_owned(),
                other => panic!("the image over the budget comes back as a link: {other:?}"),
            }
        })
        .collect();
    Links {
        router: Arc::new(router),
        uris,
    }
}

/// `resources/read` of the link, as a client without a principal reads it.
async fn read_link(router: &Router, uri: &str) {
    let result = router.read_resource(uri, context()).await;
    black_box(result.expect("the link reads"));
}

/// Reads per second of `CONCURRENT` readers of `uri` (each up to `each` reads, within
/// `limit`).
fn print_read_figures(
    runtime: &Runtime,
    label: &str,
    router: &Arc<Router>,
    uri: &str,
    size: usize,
) {
    let loops = loops();
    let (reads, elapsed) = runtime.block_on(async {
        let started = Instant::now();
        let deadline = started + loops.limit;
        let readers: Vec<_> = (0..CONCURRENT)
            .map(|_| {
                let router = Arc::clone(router);
                let uri = uri.to_owned();
                tokio::spawn(async move {
                    let mut reads = 0;
                    while reads < loops.reads_each && Instant::now() < deadline {
                        read_link(&router, &uri).await;
                        reads += 1;
                    }
                    reads
                })
            })
            .collect();
        let mut reads = 0;
        for reader in readers {
            reads += reader.await.expect("a reader finished");
        }
        (reads, started.elapsed())
    });
    let rate = per_second(reads, elapsed);
    #[expect(clippy::cast_precision_loss, reason = "a size of at most a few MiB")]
    let mib = rate * size as f64 / f64::from(1 << 20);
    eprintln!(
        "redis bench: payload link reads, {} KiB, {CONCURRENT} concurrent readers, {label}: \
         {rate:.0} reads/s, {mib:.0} MiB/s ({reads} reads)",
        size >> 10
    );
}

fn payloads(c: &mut Criterion) {
    let runtime = runtime();
    let memory = payload_router(&runtime, MemoryPayloadStore::new());
    let redis = redis_url().map(|url| {
        let store = RedisPayloadStore::new(&connect(&runtime, &url));
        payload_router(&runtime, store)
    });
    let stores: Vec<(&str, &Links)> = std::iter::once(("memory", &memory))
        .chain(redis.as_ref().map(|redis| ("redis", redis)))
        .collect();
    for (label, links) in &stores {
        for (uri, size) in links.uris.iter().zip(PAYLOAD_SIZES) {
            print_read_figures(&runtime, label, &links.router, uri, size);
        }
    }

    let mut group = c.benchmark_group("redis-payload-read");
    group.sample_size(30);
    for (index, size) in PAYLOAD_SIZES.into_iter().enumerate() {
        group.throughput(Throughput::Bytes(size as u64));
        for (label, links) in &stores {
            let (router, uri) = (&links.router, &links.uris[index]);
            group.bench_function(
                BenchmarkId::new(*label, format!("{}KiB", size >> 10)),
                |b| {
                    b.iter_custom(|iters| {
                        runtime.block_on(async {
                            let started = Instant::now();
                            for _ in 0..iters {
                                read_link(router, uri).await;
                            }
                            started.elapsed()
                        })
                    });
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, tasks, fan_out, payloads);
criterion_main!(benches);
