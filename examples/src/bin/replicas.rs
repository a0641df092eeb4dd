//! Replicas: mcp-content's own endpoint (`http::HttpServer`) on the Redis stores, so that any
//! number of these processes behind one address serve one server. Start three on one Redis
//! with one key file, put any load balancer in front, and a client may send each request to
//! any of them:
//!
//! ```text
//! printf 'k1 %s\n' "$(openssl rand -base64 32)" > state-keys
//! cargo run -p mcp-content-examples --bin replicas -- --listen 127.0.0.1:3001 \
//!     --redis redis://127.0.0.1:6379/ --key-file state-keys
//! cargo run -p mcp-content-examples --bin replicas -- --listen 127.0.0.1:3002 \
//!     --redis redis://127.0.0.1:6379/ --key-file state-keys
//! cargo run -p mcp-content-examples --bin replicas -- --listen 127.0.0.1:3003 \
//!     --redis redis://127.0.0.1:6379/ --key-file state-keys
//! ```
//!
//! Every tool is callable with no arguments, so any client can try what is shared:
//!
//! | tool | shows | shared through |
//! |---|---|---|
//! | `countdown` | a task (5 s): started on one replica, `tasks/get` and `tasks/cancel` on any other; a cancel stops the work on the replica running it | `RedisTaskStore` (the task's record, its lease) |
//! | `scan` | a result over its 64 KiB inline budget, sent as a `resource_link` (`mcp-payload://blob/…`) that any replica serves with `resources/read` | `RedisPayloadStore` |
//! | `bump` | changes the resource `replicas://counter`; every replica's `subscriptions/listen` streams on it hear `notifications/resources/updated` | `RedisChangeBus` (pub/sub); the count itself in one Redis key |
//! | `survey` | two input rounds (MRTR): round 1 may be answered by one replica, round 2 by another | the key file: every replica opens the `requestState` another sealed |
//! | `replica` | which replica answered (its address and process id) | nothing |
//!
//! A replica whose process dies mid-task stops renewing the task's lease: once it lapses
//! (`--task-lease`, 30 s by default) the task reads `failed` on every other replica, with a
//! reason. Redis unreachable at start: the process says which URL and exits with status 1;
//! Redis gone while running: the requests that need it get an error naming the URL, and the
//! replicas reconnect by themselves when it is back.
//!
//! # 2025 sessions are sticky
//!
//! A 2025-era client (2025-06-18, 2025-11-25) opens a session with `initialize`; the session
//! (its streams, the `Last-Event-ID` logs that resume them, the requests it is waiting on)
//! lives on the replica that opened it, in that process's memory. Route a session's requests
//! to that replica (sticky routing on the `Mcp-Session-Id` header, or on the client's
//! address). A request that names a session at another replica gets 404 with "no such
//! session (it ended or never was): initialize a new one", the answer the 2025 spec tells a
//! client to handle by initializing again; it never reaches another session's data. Why not
//! sessions in Redis: a session's open SSE streams and the server-to-client requests waiting
//! on them are bound to one connection on one process anyway, so a replay log in Redis
//! would still need the stream's process; 2026-07-28 clients need none of this (every
//! request stands alone), and the 2025 flow is the legacy one. Tasks, payload links and
//! change notifications are shared in both eras.

use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use mcp_content::handler::ProtocolError;
use mcp_content::http::HttpServer;
use mcp_content::input::{Elicitation, StateKeys};
use mcp_content::model::{Base64Data, ImageContent, MimeType};
use mcp_content::redis::{Redis, RedisChangeBus, RedisOptions, RedisPayloadStore, RedisTaskStore};
use mcp_content::{ContentBlock, Router, resource, tool};

const HELP: &str = "\
replicas: one of several MCP servers behind one address, sharing tasks, payload links,
change notifications and input-round keys through Redis (mcp-content's own endpoint)
usage: replicas --key-file PATH [--listen ADDR] [--redis URL] [--prefix PREFIX]
                [--task-lease SECONDS]
  --listen ADDR          address to bind (default 127.0.0.1:3001); the endpoint is /mcp
  --redis URL            the Redis every replica shares (default redis://127.0.0.1:6379/);
                         unreachable at start: an error naming it, exit status 1
  --key-file PATH        the keys that seal requestState, the same file for every replica:
                         lines `<id> <base64 secret of 32 bytes or more>`, the first seals
                         (printf 'k1 %s\\n' \"$(openssl rand -base64 32)\" > state-keys)
  --prefix PREFIX        what this server's Redis keys and channel start with (default
                         mcp:); replicas of one server share it, other servers take another
  --task-lease SECONDS   how long a task outlives the replica running it before it reads
                         `failed` (default 30); the replica renews it three times as often
tools (each callable with no arguments):
  countdown [seconds]    a task of 5 s (at most 300): poll or cancel it on any replica
  scan                   a 512 KiB image over its 64 KiB inline budget: a payload link
                         any replica serves
  bump                   adds one to replicas://counter and notifies its subscribers on
                         every replica
  survey                 two input rounds (name, then colour): any replica continues them
  replica                which replica answered
resources:
  replicas://counter     the count of bumps (subscribable)
2025-era sessions stay on the replica that opened them (route them sticky); another
replica answers 404 to a session it does not hold.
";

/// Where the counter lives: its own connection and key, beside the stores'.
struct Counter {
    redis: redis::aio::ConnectionManager,
    key: String,
    url: String,
}

static COUNTER: OnceLock<Counter> = OnceLock::new();
static ROUTER: OnceLock<Arc<Router>> = OnceLock::new();
static REPLICA: OnceLock<String> = OnceLock::new();

/// The resource `bump` changes.
const COUNTER_URI: &str = "replicas://counter";

/// Prints on stderr when the work it guards stops before it finished (a `tasks/cancel`
/// on any replica, or the process shutting down), so the stop can be seen.
struct Work {
    what: String,
    finished: bool,
}

impl Work {
    fn start(what: String) -> Self {
        eprintln!("{what}: started");
        Self {
            what,
            finished: false,
        }
    }

    fn finish(mut self) {
        self.finished = true;
        eprintln!("{}: finished", self.what);
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        if !self.finished {
            eprintln!("{}: stopped before it finished", self.what);
        }
    }
}

/// Counts down `seconds` (5 by default, 1 to 300), as a task for a client that declares the
/// tasks extension: poll it with `tasks/get` and stop it with `tasks/cancel` on any replica.
///
/// # Arguments
/// * `seconds` - How long to count (default 5)
#[tool(task = "optional")]
async fn countdown(seconds: Option<u64>) -> String {
    let seconds = seconds.unwrap_or(5).clamp(1, 300);
    let work = Work::start(format!("countdown of {seconds}s"));
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    work.finish();
    format!("countdown of {seconds}s done")
}

/// A 512 KiB scan, over this tool's 64 KiB inline budget: it goes out as a `resource_link`
/// to a payload (`mcp-payload://blob/…`) that any replica serves with `resources/read`
/// until it expires.
#[tool(max_inline = "64KiB")]
fn scan() -> Result<ContentBlock, String> {
    let bytes: Vec<u8> = (0..512 * 1024_u32)
        .map(|i| u8::try_from(i % 251).unwrap_or(0))
        .collect();
    let mime = MimeType::new("image/png").map_err(|e| e.to_string())?;
    let image =
        ImageContent::new(Base64Data::from_bytes(bytes), mime).map_err(|e| e.to_string())?;
    Ok(image.into())
}

fn counter() -> Result<&'static Counter, ProtocolError> {
    COUNTER
        .get()
        .ok_or_else(|| ProtocolError::internal("the counter is not connected yet"))
}

/// How many times `bump` was called, on any replica. Subscribe to it
/// (`subscriptions/listen`, or `resources/subscribe` in a 2025 session) to hear each bump.
#[resource(uri = "replicas://counter", mime = "text/plain")]
async fn count() -> Result<String, ProtocolError> {
    let counter = counter()?;
    let mut redis = counter.redis.clone();
    let value: Option<u64> = redis::cmd("GET")
        .arg(&counter.key)
        .query_async(&mut redis)
        .await
        .map_err(|e| ProtocolError::internal(format!("redis at {}: {e}", counter.url)))?;
    Ok(value.unwrap_or(0).to_string())
}

/// Adds one to `replicas://counter` and announces the change to its subscribers on every
/// replica.
#[tool]
async fn bump() -> Result<String, ProtocolError> {
    let counter = counter()?;
    let mut redis = counter.redis.clone();
    let value: u64 = redis::cmd("INCR")
        .arg(&counter.key)
        .query_async(&mut redis)
        .await
        .map_err(|e| ProtocolError::internal(format!("redis at {}: {e}", counter.url)))?;
    let router = ROUTER
        .get()
        .ok_or_else(|| ProtocolError::internal("the router is not built yet"))?;
    // Through the router: its change bus (Redis pub/sub) carries it to every replica.
    router
        .notify_resource_updated(COUNTER_URI)
        .await
        .map_err(|e| {
            ProtocolError::internal(format!("counter is {value}, but not announced: {e}"))
        })?;
    Ok(format!("counter is {value}"))
}

/// A name (the survey's first round).
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Name {
    name: String,
}

/// A favourite colour (the survey's second round).
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Colour {
    color: String,
}

/// Asks for a name, then for a favourite colour: two input rounds (2026-07-28), each of
/// which any replica may continue (the `requestState` is sealed with the shared keys).
#[tool]
async fn survey(context: mcp_content::Context) -> Result<String, ProtocolError> {
    let name = match context
        .elicit_form_as::<Name>("name", "Round 1: what is your name?")
        .await?
    {
        Elicitation::Accept(Name { name }) => name,
        Elicitation::Decline | Elicitation::Cancel => "someone".into(),
    };
    let colour = match context
        .elicit_form_as::<Colour>("colour", "Round 2: what is your favourite colour?")
        .await?
    {
        Elicitation::Accept(Colour { color }) => color,
        Elicitation::Decline | Elicitation::Cancel => "no colour".into(),
    };
    Ok(format!("{name} likes {colour}"))
}

/// Which replica answered: its address and process id.
#[tool]
fn replica() -> String {
    REPLICA.get().cloned().unwrap_or_default()
}

/// The command line.
#[derive(Debug, PartialEq, Eq)]
struct Options {
    listen: String,
    redis: String,
    key_file: String,
    prefix: String,
    task_lease: Option<Duration>,
}

/// The options, or the error naming the flag (`Ok(None)`: `--help`).
fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut listen = "127.0.0.1:3001".to_owned();
    let mut redis = "redis://127.0.0.1:6379/".to_owned();
    let mut prefix = "mcp:".to_owned();
    let (mut key_file, mut task_lease) = (None, None);
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let known = [
            "--listen",
            "--redis",
            "--key-file",
            "--prefix",
            "--task-lease",
        ];
        if !known.contains(&flag.as_str()) {
            return Err(format!("unknown argument {flag:?} (see --help)"));
        }
        let value = args
            .next()
            .filter(|v| !v.starts_with("--"))
            .ok_or_else(|| format!("{flag} needs a value (see --help)"))?
            .clone();
        match flag.as_str() {
            "--listen" => listen = value,
            "--redis" => redis = value,
            "--key-file" => key_file = Some(value),
            "--prefix" => prefix = value,
            _ => {
                let seconds = value
                    .parse::<u64>()
                    .ok()
                    .filter(|s| (1..=3600).contains(s))
                    .ok_or_else(|| format!("--task-lease: {value:?} is not 1 to 3600 seconds"))?;
                task_lease = Some(Duration::from_secs(seconds));
            }
        }
    }
    let key_file = key_file.ok_or("--key-file PATH is required (see --help)")?;
    Ok(Some(Options {
        listen,
        redis,
        key_file,
        prefix,
        task_lease,
    }))
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The router on the Redis stores (the counter's connection beside them), and the Redis URL
/// as it may be shown (no password).
async fn router(options: &Options) -> Result<(Router, String), BoxError> {
    // Read first: a bad key file is named before anything connects.
    let keys = StateKeys::from_key_file(&options.key_file)?;
    let redis = Redis::connect_with(
        &options.redis,
        RedisOptions::new().prefix(options.prefix.as_str()),
    )
    .await?;
    let client = redis::Client::open(options.redis.as_str())
        .map_err(|e| format!("redis at {}: {e}", redis.url()))?;
    let config = redis::aio::ConnectionManagerConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(5)))
        .set_response_timeout(Some(Duration::from_secs(5)))
        .set_number_of_retries(1);
    let connection = redis::aio::ConnectionManager::new_with_config(client, config)
        .await
        .map_err(|e| format!("redis at {}: {e}", redis.url()))?;
    // A ping every second: a connection Redis dropped (a restart) comes back by itself,
    // not only at the next bump after a failed one (the stores' handle does the same).
    let mut pinged = connection.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let _: redis::RedisResult<()> = redis::cmd("PING").query_async(&mut pinged).await;
        }
    });
    let _ = COUNTER.set(Counter {
        redis: connection,
        key: format!("{}replicas:counter", options.prefix),
        url: redis.url().to_owned(),
    });
    let mut builder = mcp_content::router! {
        tools: [countdown, scan, bump, survey, replica],
        resources: [count],
    }
    .info("replicas", env!("CARGO_PKG_VERSION"))
    .task_store(RedisTaskStore::new(&redis))
    .payload_store(RedisPayloadStore::new(&redis))
    .change_bus(RedisChangeBus::new(&redis).await?)
    .state_keys(keys);
    if let Some(lease) = options.task_lease {
        builder = builder.task_lease(lease);
    }
    Ok((builder.build()?, redis.url().to_owned()))
}

async fn serve(options: Options) -> Result<(), BoxError> {
    let (router, url) = router(&options)
        .await
        .map_err(|e| format!("cannot start: {e}"))?;
    let router = Arc::new(router);
    let _ = ROUTER.set(Arc::clone(&router));
    let listener = tokio::net::TcpListener::bind(&options.listen)
        .await
        .map_err(|e| format!("cannot start: cannot listen on {}: {e}", options.listen))?;
    let address = listener.local_addr()?;
    let _ = REPLICA.set(format!(
        "replica at {address}, process {}",
        std::process::id()
    ));
    eprintln!(
        "replicas listening on http://{address}/mcp (redis {}, prefix {})",
        url, options.prefix
    );
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    HttpServer::new(router)
        .serve_with_shutdown(listener, shutdown)
        .await?;
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("replicas: {e}");
            return ExitCode::from(2);
        }
    };
    match serve(options).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replicas: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn flags_are_read_and_the_key_file_is_required() {
        let options = parse(&args(&[
            "--key-file",
            "keys",
            "--listen",
            "127.0.0.1:0",
            "--redis",
            "redis://10.0.0.5:6379/2",
            "--task-lease",
            "2",
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            options,
            Options {
                listen: "127.0.0.1:0".into(),
                redis: "redis://10.0.0.5:6379/2".into(),
                key_file: "keys".into(),
                prefix: "mcp:".into(),
                task_lease: Some(Duration::from_secs(2)),
            }
        );
        assert_eq!(parse(&args(&["--help"])), Ok(None));
        assert_eq!(
            parse(&args(&["--listen", "127.0.0.1:0"])),
            Err("--key-file PATH is required (see --help)".into())
        );
        assert_eq!(
            parse(&args(&["--key-file"])),
            Err("--key-file needs a value (see --help)".into())
        );
        assert_eq!(
            parse(&args(&["--key-file", "k", "--task-lease", "0"])),
            Err("--task-lease: \"0\" is not 1 to 3600 seconds".into())
        );
        assert_eq!(
            parse(&args(&["--redis-url", "x"])),
            Err("unknown argument \"--redis-url\" (see --help)".into())
        );
    }
}
