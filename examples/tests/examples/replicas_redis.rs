//! Replicas on Redis, as processes: three `replicas` examples on one Redis (`REDIS_URL`;
//! `scripts/with-redis.sh` runs one) with one key file, and a client that spreads its
//! requests across them. A task started on one is polled on another and cancelled on a
//! third (and the cancel stops the work); a change made through one reaches a listener on
//! another; a payload link issued by one is read from another; input rounds move between
//! replicas; a 2025 session stays on the replica that opened it (404 elsewhere). Faults: a
//! replica killed mid-task (its task ends `failed` elsewhere, nothing else is lost), Redis
//! restarted gracefully mid-run (clear errors meanwhile, reconnection, nothing acknowledged
//! lost), Redis unreachable at start (an error naming the URL).
//!
//! Without `REDIS_URL` each test that needs Redis says `skipped: REDIS_URL not set` and
//! passes.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{Process, lines};

/// How long one HTTP exchange may take.
const TIMEOUT: Duration = Duration::from_secs(20);
/// 32 bytes 0..=31 in base64: a key every replica of a test shares.
const KEY_FILE: &str =
    "# the replicas tests' key\nk1 AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\n";

/// `REDIS_URL`, or `None` after saying plainly (past the harness's capture) that the test
/// is skipped.
fn redis_url() -> Option<String> {
    match std::env::var("REDIS_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            skipped("REDIS_URL not set (scripts/with-redis.sh runs a redis-server)");
            None
        }
    }
}

fn skipped(why: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a replicas test")
        .to_owned();
    let _ = std::io::stderr().write_all(format!("\n{test}: skipped: {why}\n").as_bytes());
}

/// A scratch directory of the test's own (its key file in it), removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "mcp-content-replicas-redis-{test}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        std::fs::write(dir.join("state-keys"), KEY_FILE).expect("the key file");
        Self(dir)
    }

    fn key_file(&self) -> PathBuf {
        self.0.join("state-keys")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A Redis key prefix no other test (or run) uses, so tests on one Redis do not hear each
/// other's changes.
fn prefix(test: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("replicas-test:{test}:{}:{nanos}:", std::process::id())
}

/// One `replicas` process on 127.0.0.1 (a port the OS picks), killed on drop.
struct Replica {
    addr: String,
    stderr: mpsc::Receiver<String>,
    process: Process,
}

impl Replica {
    fn start(redis: &str, prefix: &str, key_file: &Path, lease_secs: u64) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_replicas"))
            .args([
                "--listen",
                "127.0.0.1:0",
                "--redis",
                redis,
                "--prefix",
                prefix,
            ])
            .arg("--key-file")
            .arg(key_file)
            .args(["--task-lease", &lease_secs.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the replicas example starts");
        let stderr = lines(child.stderr.take().expect("stderr"));
        let process = Process(child);
        let mut said = Vec::new();
        let addr = loop {
            match stderr.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    if let Some(rest) = line.split("listening on http://").nth(1) {
                        break rest.split("/mcp").next().unwrap_or_default().to_owned();
                    }
                    said.push(line);
                }
                Err(e) => panic!("the replica did not start ({e}): {said:?}"),
            }
        };
        Self {
            addr,
            stderr,
            process,
        }
    }

    /// Three replicas on one Redis under one prefix.
    fn three(redis: &str, prefix: &str, key_file: &Path, lease_secs: u64) -> [Self; 3] {
        [(); 3].map(|()| Self::start(redis, prefix, key_file, lease_secs))
    }

    /// Waits (up to `secs` seconds) for a line of the replica's stderr containing `needle`.
    fn said(&self, needle: &str, secs: u64) -> bool {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.stderr.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
        false
    }

    /// `kill -9`: the process ends at once, nothing of it runs any more.
    fn kill(mut self) {
        let _ = self.process.0.kill();
        let _ = self.process.0.wait();
    }

    /// A 2026-07-28 request declaring elicitation and the tasks extension; the JSON-RPC
    /// message that answers it.
    fn call(&self, method: &str, params: Value) -> Value {
        let (request, name) = request_2026(method, params);
        let mut headers = vec![
            ("MCP-Protocol-Version", "2026-07-28".to_owned()),
            ("Mcp-Method", method.to_owned()),
        ];
        if !name.is_empty() {
            headers.push(("Mcp-Name", name));
        }
        http(&self.addr, "POST", &headers, &request.to_string()).json()
    }

    fn tool(&self, name: &str, arguments: &Value) -> Value {
        self.call(
            "tools/call",
            json!({ "name": name, "arguments": arguments }),
        )
    }

    fn task(&self, id: &str) -> Value {
        self.call("tasks/get", json!({ "taskId": id }))
    }

    /// Polls the task here until its status is `status` (at most `secs` seconds).
    fn poll_until(&self, id: &str, status: &str, secs: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let task = self.task(id);
            if task["result"]["status"] == status {
                return task["result"].clone();
            }
            assert!(
                Instant::now() < deadline,
                "task {id} not {status} within {secs} s: {task}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Opens a `subscriptions/listen` stream on `uri`; returns once it is acknowledged.
    fn listen(&self, uri: &str) -> Listener {
        let (request, _) = request_2026(
            "subscriptions/listen",
            json!({ "notifications": { "resourceSubscriptions": [uri] } }),
        );
        let mut stream = TcpStream::connect(&self.addr).expect("connect");
        stream
            .write_all(
                raw_request(
                    &self.addr,
                    "POST",
                    &[
                        ("MCP-Protocol-Version", "2026-07-28".to_owned()),
                        ("Mcp-Method", "subscriptions/listen".to_owned()),
                    ],
                    &request.to_string(),
                )
                .as_bytes(),
            )
            .expect("send");
        let listener = Listener {
            events: lines(stream.try_clone().expect("a second handle")),
            _stream: stream,
        };
        let ack = listener.next(10).expect("an acknowledgement within 10 s");
        assert_eq!(
            ack["method"], "notifications/subscriptions/acknowledged",
            "{ack}"
        );
        listener
    }
}

/// An open `subscriptions/listen` stream.
struct Listener {
    events: mpsc::Receiver<String>,
    _stream: TcpStream,
}

impl Listener {
    /// The next event's data (at most `secs` seconds).
    fn next(&self, secs: u64) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let line = self.events.recv_timeout(left).ok()?;
            if let Some(data) = line.strip_prefix("data:") {
                return serde_json::from_str(data.trim()).ok();
            }
        }
        None
    }

    /// The next `notifications/resources/updated` for `uri` (at most `secs` seconds).
    fn updated(&self, uri: &str, secs: u64) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let event = self.next(left.as_secs().max(1))?;
            if event["method"] == "notifications/resources/updated" && event["params"]["uri"] == uri
            {
                return Some(event);
            }
        }
        None
    }
}

/// A 2026-07-28 request's JSON and its `Mcp-Name` (the tool, the URI or the task).
fn request_2026(method: &str, mut params: Value) -> (Value, String) {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": "replicas-redis", "version": "1" },
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": {},
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        }
    });
    let name = ["name", "uri", "taskId"]
        .iter()
        .find_map(|k| params[k].as_str())
        .unwrap_or_default()
        .to_owned();
    let request = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params });
    (request, name)
}

fn raw_request(addr: &str, method: &str, headers: &[(&str, String)], body: &str) -> String {
    let mut request = format!(
        "{method} /mcp HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
         Content-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        for part in [name, ": ", value.as_str(), "\r\n"] {
            request.push_str(part);
        }
    }
    request.push_str("\r\n");
    request.push_str(body);
    request
}

/// An HTTP response.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC message of the body: the body itself, or the last `data:` event that
    /// is a response; `null` when there is none.
    fn json(&self) -> Value {
        if let Ok(value) = serde_json::from_str::<Value>(&self.body) {
            return value;
        }
        self.body
            .lines()
            .rev()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|l| serde_json::from_str::<Value>(l.trim()).ok())
            .find(|v| v.get("result").is_some() || v.get("error").is_some())
            .unwrap_or(Value::Null)
    }
}

/// One HTTP/1.1 exchange on a connection of its own.
fn http(addr: &str, method: &str, headers: &[(&str, String)], body: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(TIMEOUT)).expect("a timeout");
    stream
        .write_all(raw_request(addr, method, headers, body).as_bytes())
        .expect("send");
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap_or((raw.as_str(), ""));
    let mut head = head.lines();
    let status = head
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = head
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(n, v)| {
        n.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    Reply {
        status,
        headers,
        body,
    }
}

/// A chunked body's bytes.
fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || after.len() < size {
            break;
        }
        body.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    body
}

fn task_id(created: &Value) -> String {
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    created["result"]["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("a task id: {created}"))
        .to_owned()
}

fn text(answer: &Value) -> &str {
    answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("a text result: {answer}"))
}

#[test]
fn a_task_started_on_replica_1_is_polled_on_2_and_cancelled_on_3_which_stops_the_work() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("cancel");
    let [one, two, three] = Replica::three(&url, &prefix("cancel"), &scratch.key_file(), 3);

    let id = task_id(&one.tool("countdown", &json!({ "seconds": 120 })));
    assert!(
        one.said("countdown of 120s: started", 10),
        "replica 1 runs it"
    );
    let polled = two.task(&id);
    assert_eq!(polled["result"]["status"], "working", "{polled}");

    let cancelled = three.call("tasks/cancel", json!({ "taskId": id }));
    assert!(cancelled.get("error").is_none(), "{cancelled}");
    // Replica 1 sees the cancel at its next lease renewal (a third of the 3 s lease).
    assert!(
        one.said("countdown of 120s: stopped before it finished", 10),
        "the work still runs on replica 1 after the cancel on replica 3"
    );
    for replica in [&one, &two, &three] {
        assert_eq!(replica.task(&id)["result"]["status"], "cancelled");
    }
}

#[test]
fn a_change_made_through_replica_2_notifies_a_listener_on_replica_1_once() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("change");
    let [one, two, three] = Replica::three(&url, &prefix("change"), &scratch.key_file(), 30);

    let listener = one.listen("replicas://counter");
    assert_eq!(text(&two.tool("bump", &json!({}))), "counter is 1");
    let heard = listener
        .updated("replicas://counter", 10)
        .expect("replica 1's listener hears the change made through replica 2");
    assert_eq!(heard["params"]["uri"], "replicas://counter", "{heard}");
    // Once: no duplicate follows.
    assert_eq!(listener.updated("replicas://counter", 1), None);
    // And what changed is the same on every replica.
    let read = three.call("resources/read", json!({ "uri": "replicas://counter" }));
    assert_eq!(read["result"]["contents"][0]["text"], "1", "{read}");
}

#[test]
fn a_payload_link_issued_by_replica_1_is_read_from_replica_3() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("payload");
    let [one, _two, three] = Replica::three(&url, &prefix("payload"), &scratch.key_file(), 30);

    let scanned = one.tool("scan", &json!({}));
    let link = &scanned["result"]["content"][0];
    assert_eq!(link["type"], "resource_link", "{scanned}");
    let uri = link["uri"].as_str().expect("a link URI");
    assert!(uri.starts_with("mcp-payload://blob/"), "{uri}");

    let read = three.call("resources/read", json!({ "uri": uri }));
    let blob = read["result"]["contents"][0]["blob"]
        .as_str()
        .unwrap_or_else(|| {
            panic!(
                "the payload's bytes: {}",
                &read.to_string()[..200.min(read.to_string().len())]
            )
        });
    let bytes = mcp_content::model::Base64Data::from_base64(blob)
        .and_then(|b| b.to_bytes())
        .expect("base64");
    let expected: Vec<u8> = (0..512 * 1024_u32)
        .map(|i| u8::try_from(i % 251).unwrap())
        .collect();
    assert!(
        bytes == expected,
        "replica 3 served other bytes ({} of them)",
        bytes.len()
    );
}

#[test]
fn input_round_1_is_answered_by_replica_1_and_round_2_by_replica_2() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("rounds");
    let [one, two, _three] = Replica::three(&url, &prefix("rounds"), &scratch.key_file(), 30);

    let first = one.tool("survey", &json!({}));
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    assert!(
        first["result"]["inputRequests"]["name"].is_object(),
        "{first}"
    );
    let mut retry = json!({
        "name": "survey",
        "arguments": {},
        "inputResponses": { "name": { "action": "accept", "content": { "name": "Ada" } } },
        "requestState": first["result"]["requestState"],
    });
    let second = one.call("tools/call", retry.clone());
    assert_eq!(second["result"]["resultType"], "input_required", "{second}");
    assert!(
        second["result"]["inputRequests"]["colour"].is_object(),
        "{second}"
    );

    retry["inputResponses"] =
        json!({ "colour": { "action": "accept", "content": { "color": "teal" } } });
    retry["requestState"] = second["result"]["requestState"].clone();
    let done = two.call("tools/call", retry);
    assert_eq!(text(&done), "Ada likes teal");
}

/// A 2025-11-25 request on session `session` (none for `initialize`).
fn session_request(addr: &str, session: Option<&str>, body: &Value) -> Reply {
    let mut headers = vec![("MCP-Protocol-Version", "2025-11-25".to_owned())];
    if let Some(session) = session {
        headers.push(("Mcp-Session-Id", session.to_owned()));
    }
    http(addr, "POST", &headers, &body.to_string())
}

/// Opens a 2025-11-25 session on the replica at `addr`; its id.
fn open_session(addr: &str) -> String {
    let initialize = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": { "name": "replicas-redis", "version": "1" }
        }
    });
    let reply = session_request(addr, None, &initialize);
    assert_eq!(reply.status, 200, "{reply:?}");
    let id = reply
        .header("Mcp-Session-Id")
        .unwrap_or_else(|| panic!("a session id: {reply:?}"))
        .to_owned();
    let initialized = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    assert_eq!(session_request(addr, Some(&id), &initialized).status, 202);
    id
}

#[test]
fn a_2025_session_sent_to_another_replica_gets_404_and_never_that_replicas_data() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("session");
    let [one, two, _three] = Replica::three(&url, &prefix("session"), &scratch.key_file(), 30);
    let (mine, theirs) = (open_session(&one.addr), open_session(&two.addr));
    assert_ne!(mine, theirs);
    let call = json!({
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": { "name": "replica", "arguments": {} }
    });

    let at_home = session_request(&one.addr, Some(&mine), &call);
    assert_eq!(at_home.status, 200, "{at_home:?}");
    assert!(text(&at_home.json()).contains(&one.addr), "{at_home:?}");

    // Replica 2 does not hold session 1: a clear 404, with no result of its own.
    let elsewhere = session_request(&two.addr, Some(&mine), &call);
    assert_eq!(elsewhere.status, 404, "{elsewhere:?}");
    let answer = elsewhere.json();
    assert!(answer.get("result").is_none(), "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("no such session")),
        "{answer}"
    );
    assert!(!elsewhere.body.contains(&two.addr), "{elsewhere:?}");
    // Nor its streams, nor ending it.
    let headers = [
        ("MCP-Protocol-Version", "2025-11-25".to_owned()),
        ("Mcp-Session-Id", mine.clone()),
    ];
    assert_eq!(http(&two.addr, "GET", &headers, "").status, 404);
    assert_eq!(http(&two.addr, "DELETE", &headers, "").status, 404);
    // Session 1 lives on at replica 1, untouched; replica 2's own session still works.
    let again = session_request(&one.addr, Some(&mine), &call);
    assert!(text(&again.json()).contains(&one.addr), "{again:?}");
    let own = session_request(&two.addr, Some(&theirs), &call);
    assert!(text(&own.json()).contains(&two.addr), "{own:?}");
}

#[test]
fn a_killed_replicas_task_ends_failed_on_the_others_and_other_tasks_are_unaffected() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("kill");
    let [one, two, three] = Replica::three(&url, &prefix("kill"), &scratch.key_file(), 2);

    let finished = task_id(&one.tool("countdown", &json!({ "seconds": 1 })));
    two.poll_until(&finished, "completed", 15);
    let doomed = task_id(&one.tool("countdown", &json!({ "seconds": 120 })));
    let other = task_id(&two.tool("countdown", &json!({ "seconds": 6 })));
    assert!(one.said("countdown of 120s: started", 10));

    one.kill();
    // The lease (2 s) lapses without renewals: read from replica 3, the task failed.
    let failed = three.poll_until(&doomed, "failed", 20);
    let reason = failed["error"]["message"].as_str().unwrap_or_default();
    assert!(reason.contains("stopped renewing its lease"), "{failed}");
    // Replica 2's task goes on and completes; replica 1's finished task keeps its result.
    let done = three.poll_until(&other, "completed", 20);
    assert_eq!(
        done["result"]["content"][0]["text"], "countdown of 6s done",
        "{done}"
    );
    let kept = two.task(&finished);
    assert_eq!(kept["result"]["status"], "completed", "{kept}");
    assert_eq!(
        kept["result"]["result"]["content"][0]["text"], "countdown of 1s done",
        "{kept}"
    );
}

/// A port nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.local_addr().expect("its address").port()
}

#[test]
fn a_replica_that_cannot_reach_redis_at_start_names_the_url_and_exits_non_zero() {
    let scratch = Scratch::new("unreachable");
    let url = format!("redis://127.0.0.1:{}/", closed_port());
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_replicas"))
        .args(["--listen", "127.0.0.1:0", "--redis", &url])
        .arg("--key-file")
        .arg(scratch.key_file())
        .stdin(Stdio::null())
        .output()
        .expect("the replicas example runs");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    assert!(!output.status.success(), "{:?}", output.status);
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains(&format!("cannot start: redis at {url}: cannot connect")),
        "{said}"
    );
}

/// A `redis-server` of the test's own (`REDIS_SERVER`, else `redis-server` on `PATH`) on
/// `port`, with the persistence the docs recommend (AOF, fsync every second) in `dir`;
/// killed on drop.
struct OwnRedis(Process);

impl OwnRedis {
    /// Started and answering, or `None` after saying the test is skipped (no binary).
    fn start(port: u16, dir: &Path) -> Option<Self> {
        let binary = std::env::var("REDIS_SERVER").unwrap_or_else(|_| "redis-server".into());
        let child = Command::new(&binary)
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args([
                "--appendonly",
                "yes",
                "--appendfsync",
                "everysec",
                "--save",
                "",
            ])
            .args(["--daemonize", "no", "--protected-mode", "yes"])
            .arg("--dir")
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let Ok(child) = child else {
            skipped(&format!("no {binary} to start (REDIS_SERVER names one)"));
            return None;
        };
        let redis = Self(Process(child));
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(redis)
    }

    /// A graceful stop: `SHUTDOWN` (the AOF written and fsync'd), then the process ends.
    fn shutdown(mut self, port: u16) {
        if let Ok(mut connection) = TcpStream::connect(("127.0.0.1", port)) {
            let _ = connection.write_all(b"*1\r\n$8\r\nSHUTDOWN\r\n");
            let mut ignored = Vec::new();
            let _ = connection.set_read_timeout(Some(Duration::from_secs(10)));
            let _ = connection.read_to_end(&mut ignored);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.0.0.try_wait() {
                assert!(status.success(), "redis-server stopped with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("redis-server did not stop within 10 s of SHUTDOWN");
    }
}

/// What `request` answers once it answers without an error (a JSON-RPC error or an
/// `isError` result), tried every 200 ms for at most 20 s; its last answer otherwise.
fn answered(request: impl Fn() -> Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = request();
        let failed = answer.get("error").is_some() || answer["result"]["isError"] == true;
        if !failed || Instant::now() > deadline {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn redis_restarted_gracefully_mid_run_loses_nothing_acknowledged_and_the_replicas_reconnect() {
    // The shared server is not restarted: this test runs one of its own, on a free port.
    if redis_url().is_none() {
        return;
    }
    let scratch = Scratch::new("restart");
    let port = closed_port();
    let Some(redis) = OwnRedis::start(port, &scratch.0) else {
        return;
    };
    let url = format!("redis://127.0.0.1:{port}/");
    let prefix = prefix("restart");
    let [one, two] = [(); 2].map(|()| Replica::start(&url, &prefix, &scratch.key_file(), 30));

    // Acknowledged before the restart: a finished task, a payload link, a bump.
    let finished = task_id(&one.tool("countdown", &json!({ "seconds": 1 })));
    two.poll_until(&finished, "completed", 15);
    let scanned = two.tool("scan", &json!({}));
    let link = scanned["result"]["content"][0]["uri"]
        .as_str()
        .unwrap_or_else(|| panic!("a payload link: {scanned}"))
        .to_owned();
    assert_eq!(text(&one.tool("bump", &json!({}))), "counter is 1");
    let listener = two.listen("replicas://counter");
    assert!(listener.updated("replicas://counter", 1).is_none());

    redis.shutdown(port);
    // While Redis is down: an error naming the URL, in bounded time, never a hang.
    // A protocol request gets an internal error (-32603); a tool an `isError` result.
    let down = one.task(&finished);
    assert_eq!(down["error"]["code"], -32603, "{down}");
    let message = down["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("task store: redis at {url}")),
        "{down}"
    );
    let down = two.tool("bump", &json!({}));
    assert_eq!(down["result"]["isError"], true, "{down}");
    assert!(text(&down).contains(&format!("redis at {url}")), "{down}");
    let down = one.call("resources/read", json!({ "uri": link }));
    let message = down["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("payload store: redis at {url}")),
        "{down}"
    );

    // Back on the same port and directory: the AOF brings back what was acknowledged, and
    // the replicas reconnect by themselves.
    let _redis = OwnRedis::start(port, &scratch.0).expect("it started once");
    let task = answered(|| one.task(&finished));
    assert_eq!(task["result"]["status"], "completed", "{task}");
    assert_eq!(
        task["result"]["result"]["content"][0]["text"], "countdown of 1s done",
        "{task}"
    );
    let read = answered(|| one.call("resources/read", json!({ "uri": link })));
    let blob = read["result"]["contents"][0]["blob"]
        .as_str()
        .unwrap_or_default();
    assert!(
        !blob.is_empty(),
        "the payload link was lost: {:?}",
        read.get("error")
    );
    let count = answered(|| two.call("resources/read", json!({ "uri": "replicas://counter" })));
    assert_eq!(count["result"]["contents"][0]["text"], "1", "{count}");

    // Replica 2's change bus subscribed again: a bump through replica 1 reaches the
    // listener replica 2 kept open through the outage.
    let mut heard = false;
    for _ in 0..20 {
        let bumped = answered(|| one.tool("bump", &json!({})));
        assert!(text(&bumped).starts_with("counter is "), "{bumped}");
        if listener.updated("replicas://counter", 1).is_some() {
            heard = true;
            break;
        }
    }
    assert!(
        heard,
        "replica 2's listener heard nothing after Redis came back"
    );
}

#[test]
fn a_2025_session_subscribed_on_replica_1_hears_a_change_made_through_replica_2() {
    let Some(url) = redis_url() else { return };
    let scratch = Scratch::new("session-change");
    let [one, two, _three] =
        Replica::three(&url, &prefix("session-change"), &scratch.key_file(), 30);
    let session = open_session(&one.addr);
    let subscribe = json!({
        "jsonrpc": "2.0", "id": 2, "method": "resources/subscribe",
        "params": { "uri": "replicas://counter" }
    });
    let subscribed = session_request(&one.addr, Some(&session), &subscribe);
    assert_eq!(subscribed.json()["result"], json!({}), "{subscribed:?}");
    // The session's standalone stream (`GET`) carries its subscriptions' updates.
    let mut stream = TcpStream::connect(&one.addr).expect("connect");
    let headers = [
        ("MCP-Protocol-Version", "2025-11-25".to_owned()),
        ("Mcp-Session-Id", session),
    ];
    stream
        .write_all(raw_request(&one.addr, "GET", &headers, "").as_bytes())
        .expect("send");
    let listener = Listener {
        events: lines(stream.try_clone().expect("a second handle")),
        _stream: stream,
    };
    // The stream is open once the replica answers it (a bump before would go unheard).
    let status = listener
        .events
        .recv_timeout(Duration::from_secs(10))
        .expect("an answer to the GET");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");

    assert_eq!(text(&two.tool("bump", &json!({}))), "counter is 1");
    let heard = listener
        .updated("replicas://counter", 10)
        .expect("the session on replica 1 hears the change made through replica 2");
    assert_eq!(heard["params"]["uri"], "replicas://counter", "{heard}");
    assert_eq!(listener.updated("replicas://counter", 1), None);
}
