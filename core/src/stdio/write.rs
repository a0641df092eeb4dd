//! What goes out on stdout: each message one line, built whole before it is queued (a
//! result written once, by this crate's writer, straight into the line), and one writer
//! task that writes the lines in turn, so two messages never interleave.

use std::sync::{Mutex, PoisonError};

use serde::Serialize;
use serde_json::{Map, Value};
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

use crate::rules::ProtocolVersion;
use crate::server::handler::ProtocolError;
use crate::server::request::Outcome;
use crate::server::router::dispatch::Answer;
use crate::transport::id::RequestId;
use crate::wire::version::SerializeFor;

/// How many lines may wait for the writer: a handler that sends faster than the client
/// reads waits here (backpressure), instead of growing a queue without bound.
pub(super) const QUEUED_LINES: usize = 64;

/// Lines of at least this many bytes are built in a recycled buffer.
const RECYCLED_FROM: usize = 64 * 1024;
/// Buffers larger than this are let go, not kept.
const RECYCLED_UP_TO: usize = 16 * 1024 * 1024;
/// How many buffers are kept.
const SPARES: usize = 4;

/// Written lines' buffers, kept for the next large line: a result with an image is a
/// megabyte, and a fresh buffer of that size is new memory from the system each time (a
/// page fault every 4 KiB while the line is written), which cost more than the writing.
/// At most [`SPARES`] buffers, in the process.
static SPARE: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// A buffer for a line of about `capacity` bytes.
fn new_line(capacity: usize) -> Vec<u8> {
    if capacity >= RECYCLED_FROM
        && let Some(mut spare) = SPARE.lock().unwrap_or_else(PoisonError::into_inner).pop()
    {
        spare.reserve(capacity);
        return spare;
    }
    Vec::with_capacity(capacity)
}

/// Keeps a written line's buffer for [`new_line`], if it is one worth keeping.
fn recycle(mut line: Vec<u8>) {
    if !(RECYCLED_FROM..=RECYCLED_UP_TO).contains(&line.capacity()) {
        return;
    }
    let mut spares = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
    if spares.len() < SPARES {
        line.clear();
        spares.push(line);
    }
}

/// The start of a response line: `{"jsonrpc":"2.0","id":<id as sent>,"result":`.
fn envelope(out: &mut Vec<u8>, id: &RequestId) {
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    id.write(out);
    out.extend_from_slice(b",\"result\":");
}

/// A result written straight into its line by this crate's writer (base64 encoded into
/// the line, no `serde_json::Value` between).
pub(super) fn result_line<T: SerializeFor>(
    id: &RequestId,
    result: &T,
    version: ProtocolVersion,
) -> Vec<u8> {
    let mut out = new_line(result.json_len_hint() + 64);
    envelope(&mut out, id);
    result.write_json_for(version, &mut out);
    out.extend_from_slice(b"}\n");
    out
}

/// A result held as a value (lists, completions, the handshake's answers).
pub(super) fn value_line(id: &RequestId, result: &Value) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    envelope(&mut out, id);
    serde_json::to_writer(&mut out, result).expect("values serialize");
    out.extend_from_slice(b"}\n");
    out
}

fn outcome_line<T: SerializeFor>(
    id: &RequestId,
    outcome: &Outcome<T>,
    version: ProtocolVersion,
) -> Vec<u8> {
    match outcome {
        Outcome::Complete(result) => result_line(id, result, version),
        Outcome::InputRequired(value) => value_line(id, value),
    }
}

/// The router's answer for a peer on `version`: a handler's result written by its writer,
/// a list or a completion as the router's value.
pub(super) fn answer_line(id: &RequestId, answer: Answer<'_>, version: ProtocolVersion) -> Vec<u8> {
    match answer {
        Answer::Tool(outcome) => outcome_line(id, &outcome, version),
        Answer::Prompt(outcome) => outcome_line(id, &outcome, version),
        Answer::Resource(outcome) => outcome_line(id, &outcome, version),
        answer => value_line(id, &answer.into_value(version)),
    }
}

/// A JSON-RPC error response to `id` (written as sent).
pub(super) fn error_line(id: &RequestId, error: &ProtocolError) -> Vec<u8> {
    #[derive(Serialize)]
    struct Body<'a> {
        code: i32,
        message: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        data: Option<&'a Value>,
    }
    let mut out = Vec::with_capacity(128 + error.message.len());
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    id.write(&mut out);
    out.extend_from_slice(b",\"error\":");
    let body = Body {
        code: error.code,
        message: &error.message,
        data: error.data.as_ref(),
    };
    serde_json::to_writer(&mut out, &body).expect("an error serializes");
    out.extend_from_slice(b"}\n");
    out
}

/// A JSON-RPC notification (or, with `id`, a request of the server's), one line.
pub(super) fn message_line(id: Option<&Value>, method: &str, params: Option<Value>) -> Vec<u8> {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), Value::from("2.0"));
    if let Some(id) = id {
        message.insert("id".into(), id.clone());
    }
    message.insert("method".into(), Value::from(method));
    if let Some(params) = params {
        message.insert("params".into(), params);
    }
    let mut out = serde_json::to_vec(&message).expect("values serialize");
    out.push(b'\n');
    out
}

/// Writes the queued lines to `output` in turn, flushing whenever the queue is empty (a
/// burst of answers goes out in as few writes as the output takes). Ends when every
/// sender is gone or the output fails (the client closed its end).
pub(super) async fn write_lines<W: AsyncWrite + Unpin>(
    mut lines: mpsc::Receiver<Vec<u8>>,
    mut output: W,
) {
    while let Some(line) = lines.recv().await {
        if output.write_all(&line).await.is_err() {
            return;
        }
        recycle(line);
        // More already queued: write it before flushing.
        while let Ok(line) = lines.try_recv() {
            if output.write_all(&line).await.is_err() {
                return;
            }
            recycle(line);
        }
        if output.flush().await.is_err() {
            return;
        }
    }
    let _ = output.shutdown().await;
}

/// [`write_lines`] on a blocking thread, for a `std::io::Write` (stdout): each line written
/// from its own bytes, no copy on the way.
pub(super) fn write_lines_blocking<W: std::io::Write>(
    mut lines: mpsc::Receiver<Vec<u8>>,
    mut output: W,
) {
    while let Some(line) = lines.blocking_recv() {
        if output.write_all(&line).is_err() {
            return;
        }
        recycle(line);
        while let Ok(line) = lines.try_recv() {
            if output.write_all(&line).is_err() {
                return;
            }
            recycle(line);
        }
        if output.flush().is_err() {
            return;
        }
    }
}
