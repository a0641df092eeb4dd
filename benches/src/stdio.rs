//! The stdio end-to-end harness's servers and client (issue 27): the tools of
//! [`crate::served`] (`picture`, `small`) served over stdio by mcp-content's own transport
//! (`mcp_content::stdio`), by mcp-content's router on rmcp's stdio transport, and by plain
//! rmcp `#[tool_router]` on rmcp's stdio transport; and a client that drives a server
//! process over its pipes with K requests in flight, checking every answer.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::served::{CAPTION, IMAGE_BASE64, Tool, ours, theirs};

/// Which server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// mcp-content's own stdio transport: results written once into the line.
    McpContent,
    /// mcp-content's router on rmcp's stdio transport (`rmcp::serve_stdio`).
    McpContentOnRmcp,
    /// Plain rmcp `#[tool_router]` on rmcp's stdio transport, base64 with the `base64` crate.
    Rmcp,
}

impl Kind {
    /// Every server, in the order the table shows them.
    pub const ALL: [Kind; 3] = [Kind::McpContent, Kind::McpContentOnRmcp, Kind::Rmcp];

    /// The name on the command line and in the table.
    pub fn name(self) -> &'static str {
        match self {
            Kind::McpContent => "mcp-content",
            Kind::McpContentOnRmcp => "mcp-content/rmcp",
            Kind::Rmcp => "rmcp",
        }
    }

    /// The kind named `name`.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Serves `kind` on this process's stdin / stdout until stdin closes.
pub async fn serve(kind: Kind) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    match kind {
        Kind::McpContent => mcp_content::stdio::serve(ours::router()).await?,
        Kind::McpContentOnRmcp => mcp_content::rmcp::serve_stdio(ours::router()).await?,
        Kind::Rmcp => {
            use rmcp::ServiceExt as _;
            let running = theirs::Plain::new(false)
                .serve(rmcp::transport::stdio())
                .await?;
            running.waiting().await?;
        }
    }
    Ok(())
}

/// How long the client waits for any one answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest answer line accepted: the image's base64 plus room.
const MAX_LINE_BYTES: usize = 4 << 20;
/// The room each read of the answers is given: at least a widened pipe's whole buffer.
const READ_BYTES: usize = 1 << 20;

/// A server process on pipes; killed on drop.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    answers: mpsc::Receiver<Result<Answered, String>>,
    next_id: u64,
}

/// One answer line, read and checked by the reader thread.
pub struct Answered {
    /// The answer's id (the client's ids are numbers).
    pub id: u64,
    /// The answer line when it holds no tool's answer (for [`check`]'s error, and answers
    /// other than calls); empty otherwise.
    pub line: Vec<u8>,
    /// The tool whose expected answer (for this id) the line holds, if any: the reader
    /// thread parses each line once, so the driving thread compares ids only.
    pub holds: Option<Tool>,
}

impl Process {
    /// Starts `exe serve <kind>` (this harness's own binary) on pipes.
    pub fn start(exe: &std::path::Path, kind: Kind) -> Result<Self, String> {
        let mut child = Command::new(exe)
            .args(["serve", kind.name()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn: {e}"))?;
        let stdin = child.stdin.take().ok_or("stdin")?;
        let stdout = child.stdout.take().ok_or("stdout")?;
        let (tx, answers) = mpsc::channel();
        std::thread::spawn(move || read_answers(stdout, &tx));
        Ok(Self {
            child,
            stdin,
            answers,
            next_id: 0,
        })
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.write_all(b"\n"))
            .map_err(|e| format!("write: {e}"))
    }

    /// The next answer line, within `ANSWER_TIMEOUT` (30 s).
    pub fn answer(&self) -> Result<Answered, String> {
        self.answers
            .recv_timeout(ANSWER_TIMEOUT)
            .map_err(|e| format!("no answer: {e}"))?
    }

    /// `initialize` (2025-11-25) and `notifications/initialized`, then the answer checked.
    pub fn initialize(&mut self) -> Result<(), String> {
        self.send(INITIALIZE)?;
        self.send(INITIALIZED)?;
        let answered = self.answer()?;
        if answered.id != 0 || !contains(&answered.line, b"\"protocolVersion\"") {
            return Err(format!(
                "initialize: {}",
                String::from_utf8_lossy(&answered.line[..answered.line.len().min(300)])
            ));
        }
        self.next_id = 1;
        Ok(())
    }

    /// Sends a `tools/call` of `tool`; its id.
    pub fn call(&mut self, tool: Tool) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        let line = match tool {
            Tool::Picture => format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"picture","arguments":{{}}}}}}"#
            ),
            Tool::Small => format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"small","arguments":{{"name":"c{id}"}}}}}}"#
            ),
        };
        self.send(&line)?;
        Ok(id)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The handshake every kind gets.
pub const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e-stdio","version":"1.0.0"}}}"#;
/// The notification that ends the handshake.
pub const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Reads answer lines until the server closes stdout; each line is parsed once, here, and
/// what it holds is handed on with its id (the driving thread then compares, see [`check`]).
fn read_answers(
    mut stdout: std::process::ChildStdout,
    tx: &mpsc::Sender<Result<Answered, String>>,
) {
    // One buffer, read into directly and searched with memchr's SIMD search: a `BufReader`'s
    // `read_until` copied every answer twice and looked for the newline a word at a time,
    // which made the client, not the server, what the picture rows measured.
    let mut buffer = vec![0u8; MAX_LINE_BYTES + READ_BYTES];
    let (mut start, mut end, mut scanned) = (0, 0, 0);
    loop {
        if let Some(at) = memchr::memchr(b'\n', &buffer[scanned..end]) {
            let line = &buffer[start..scanned + at];
            (start, scanned) = (scanned + at + 1, scanned + at + 1);
            // Notifications (none expected) are skipped.
            if let Some(answered) = answered(line)
                && tx.send(answered).is_err()
            {
                return;
            }
            continue;
        }
        scanned = end;
        if end - start > MAX_LINE_BYTES {
            let _ = tx.send(Err("answer line too long".into()));
            return;
        }
        if buffer.len() - end < READ_BYTES {
            buffer.copy_within(start..end, 0);
            (end, scanned, start) = (end - start, end - start, 0);
        }
        match stdout.read(&mut buffer[end..]) {
            Ok(0) | Err(_) => return,
            Ok(n) => end += n,
        }
    }
}

/// An answer line parsed once: its id and the tool whose answer it holds (the line itself is
/// kept only when it holds none); `None` for a notification.
fn answered(line: &[u8]) -> Option<Result<Answered, String>> {
    let cut = cut_image(line);
    match serde_json::from_slice::<Answer<'_>>(cut.as_deref().unwrap_or(line)) {
        Ok(Answer { id: None, .. }) => None,
        Ok(answer @ Answer { id: Some(id), .. }) => {
            let holds = holds(&answer, id, cut.is_some());
            let line = if holds.is_some() {
                Vec::new()
            } else {
                line.to_vec()
            };
            Some(Ok(Answered { id, line, holds }))
        }
        Err(e) => Some(Err(format!("not JSON: {e}"))),
    }
}

/// The key the image's base64 follows in an answer line.
const IMAGE_KEY: &[u8] = b"\"data\":\"";

/// `line` with the image's value emptied, when `line` holds `"data":"` exactly once and the
/// whole expected base64 follows it (compared with `memcmp`). The base64 is nearly all of a
/// picture answer's 1.4 MB: parsing it as a JSON string made the client, not the server, what
/// the picture rows measured. The rest of the line is still parsed: [`holds`] then wants an
/// empty `data` in the image block, so the cut value was that block's. Any other line (another
/// layout, `\/` escapes) is parsed whole.
fn cut_image(line: &[u8]) -> Option<Vec<u8>> {
    let mut keys = memchr::memmem::find_iter(line, IMAGE_KEY);
    let start = keys.next()? + IMAGE_KEY.len();
    if keys.next().is_some() {
        return None;
    }
    let end = start + IMAGE_BASE64.len();
    if line.get(start..end)? != IMAGE_BASE64.as_bytes() || line.get(end) != Some(&b'"') {
        return None;
    }
    let mut cut = Vec::with_capacity(line.len() - IMAGE_BASE64.len());
    cut.extend_from_slice(&line[..start]);
    cut.extend_from_slice(&line[end..]);
    Some(cut)
}

#[derive(Deserialize)]
struct Answer<'a> {
    id: Option<u64>,
    #[serde(borrow)]
    result: Option<AnswerResult<'a>>,
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct AnswerResult<'a> {
    // absent from answers other than calls (`initialize`, `tools/list`)
    #[serde(borrow, default)]
    content: Vec<Block<'a>>,
    #[serde(rename = "isError")]
    is_error: Option<bool>,
}

#[derive(Deserialize)]
struct Block<'a> {
    #[serde(rename = "type", borrow)]
    kind: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    text: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow)]
    data: Option<std::borrow::Cow<'a, str>>,
    #[serde(rename = "mimeType", borrow)]
    mime_type: Option<std::borrow::Cow<'a, str>>,
}

/// The tool whose answer to a call with id `id` `answer` is: the result's blocks are exactly
/// that tool's (caption and the whole image, or the greeting), no error. `image_cut`: the
/// image's value was compared and cut out of the line (see [`cut_image`]).
fn holds(answer: &Answer<'_>, id: u64, image_cut: bool) -> Option<Tool> {
    let data = if image_cut { "" } else { IMAGE_BASE64.as_str() };
    let result = answer.result.as_ref().filter(|_| answer.error.is_none())?;
    if result.is_error == Some(true) {
        return None;
    }
    match result.content.as_slice() {
        [caption, image]
            if caption.kind == "text"
                && caption.text.as_deref() == Some(CAPTION)
                && image.kind == "image"
                && image.mime_type.as_deref() == Some("image/png")
                && image.data.as_deref() == Some(data) =>
        {
            Some(Tool::Picture)
        }
        [text]
            if text.kind == "text" && text.text.as_deref() == Some(&*format!("Hello, c{id}!")) =>
        {
            Some(Tool::Small)
        }
        _ => None,
    }
}

/// Checks the answer line to a call of `tool` with id `id`.
pub fn check(tool: Tool, id: u64, line: &[u8]) -> Result<(), String> {
    let answer: Answer<'_> = serde_json::from_slice(line).map_err(|e| e.to_string())?;
    if let Some(error) = answer.error {
        return Err(format!("error {error}"));
    }
    let result = answer.result.as_ref().ok_or("no result")?;
    if result.is_error == Some(true) {
        return Err("isError".into());
    }
    if answer.id == Some(id) && holds(&answer, id, false) == Some(tool) {
        Ok(())
    } else {
        Err(format!("wrong content for {} (id {id})", tool.name()))
    }
}

/// Checks an answer the reader thread parsed: `tool`'s own answer, or [`check`]'s error.
fn checked(tool: Tool, answered: &Answered) -> Result<(), String> {
    if answered.holds == Some(tool) {
        Ok(())
    } else {
        check(tool, answered.id, &answered.line)
    }
}

/// Calls `tool` with `k` requests in flight until `until`; the latencies of the calls
/// sent after `from`. Every answer is checked, by id.
pub fn drive(
    process: &mut Process,
    tool: Tool,
    k: usize,
    from: Instant,
    until: Instant,
) -> Result<Vec<Duration>, String> {
    let mut sent: HashMap<u64, Instant> = HashMap::with_capacity(k * 2);
    let mut latencies = Vec::new();
    for _ in 0..k {
        let now = Instant::now();
        sent.insert(process.call(tool)?, now);
    }
    while !sent.is_empty() {
        let answered = process.answer()?;
        let started = sent
            .remove(&answered.id)
            .ok_or_else(|| format!("an answer to id {} nobody asked", answered.id))?;
        checked(tool, &answered)?;
        if started >= from {
            latencies.push(started.elapsed());
        }
        let now = Instant::now();
        if now < until {
            sent.insert(process.call(tool)?, now);
        }
    }
    Ok(latencies)
}

/// Process start to the first `tools/list` answer: the handshake and the list are written
/// at once, and the clock stops at the list's answer (checked to name both tools).
pub fn cold_start(exe: &std::path::Path, kind: Kind) -> Result<Duration, String> {
    let started = Instant::now();
    let mut process = Process::start(exe, kind)?;
    process.send(INITIALIZE)?;
    process.send(INITIALIZED)?;
    process.send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?;
    loop {
        let answered = process.answer()?;
        if answered.id == 1 {
            let elapsed = started.elapsed();
            let line = &answered.line;
            if !(contains(line, b"\"picture\"") && contains(line, b"\"small\"")) {
                return Err("tools/list does not name both tools".into());
            }
            return Ok(elapsed);
        }
    }
}

/// The process's user + system CPU time so far, from `/proc/<pid>/stat`.
pub fn cpu_of(pid: u32) -> Result<Duration, String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).map_err(|e| e.to_string())?;
    // Fields after the `(comm)`: utime is the 14th field of the line, stime the 15th.
    let rest = &stat[stat.rfind(')').ok_or("comm")? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let field = |i: usize| -> Result<u64, String> {
        fields
            .get(i)
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| format!("/proc/{pid}/stat field {i}"))
    };
    let ticks = field(11)? + field(12)?;
    #[allow(clippy::cast_precision_loss)] // CPU ticks of one run
    Ok(Duration::from_secs_f64(ticks as f64 / clock_ticks()))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(id: u64, data: &str) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"content":[{{"type":"text","text":{caption}}},{{"type":"image","data":"{data}","mimeType":"image/png"}}]}}}}"#,
            caption = serde_json::to_string(CAPTION).unwrap()
        )
    }

    #[test]
    fn an_answer_holds_its_tool_only_when_every_block_is_the_expected_one() {
        let good = picture(3, &IMAGE_BASE64);
        assert_eq!(check(Tool::Picture, 3, good.as_bytes()), Ok(()));
        assert!(
            check(Tool::Picture, 4, good.as_bytes()).is_err(),
            "another id"
        );
        assert!(
            check(Tool::Small, 3, good.as_bytes()).is_err(),
            "another tool"
        );
        let short = picture(3, &IMAGE_BASE64[..IMAGE_BASE64.len() - 4]);
        assert!(
            check(Tool::Picture, 3, short.as_bytes()).is_err(),
            "cut image"
        );

        let small = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Hello, c7!"}]}}"#;
        assert_eq!(check(Tool::Small, 7, small.as_bytes()), Ok(()));
        let other = small.replace("c7!", "c8!");
        assert!(
            check(Tool::Small, 7, other.as_bytes()).is_err(),
            "another caller's greeting"
        );
        let failed = small.replace(r"}]}", r#"}],"isError":true}"#);
        assert_eq!(
            check(Tool::Small, 7, failed.as_bytes()),
            Err("isError".into())
        );
        // the reader thread's parse: the image compared in place, or the line parsed whole
        let read = |line: &str| answered(line.as_bytes()).unwrap().unwrap().holds;
        assert_eq!(read(&good), Some(Tool::Picture));
        assert!(cut_image(good.as_bytes()).is_some(), "compared in place");
        assert_eq!(
            read(&good.replace('/', "\\/")),
            Some(Tool::Picture),
            "escaped `/`"
        );
        assert_eq!(read(&short), None, "cut image");
        // the whole base64 under another key (the result's `_meta`), the image's own empty
        let moved = picture(3, "").replace(
            r"]}}",
            &format!(r#"],"_meta":{{"data":"{}"}}}}}}"#, *IMAGE_BASE64),
        );
        assert_eq!(
            read(&moved),
            None,
            "the base64 under another key, the image's empty"
        );
        assert!(check(Tool::Picture, 3, moved.as_bytes()).is_err());
        assert_eq!(read(small), Some(Tool::Small));
        assert!(answered(br#"{"jsonrpc":"2.0","method":"notifications/x"}"#).is_none());

        let listed = br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"small"}]}}"#;
        let answer: Answer<'_> = serde_json::from_slice(listed).expect("an answer to a list");
        assert_eq!(
            holds(&answer, 1, false),
            None,
            "an answer other than a call's holds no tool"
        );
        let error = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"no"}}"#;
        assert!(
            check(Tool::Small, 7, error.as_bytes())
                .unwrap_err()
                .starts_with("error ")
        );
    }
}
