//! The own stdio transport on real pipes (as a spawned server has them): lines that arrive
//! after the server found its input empty, an answer larger than the pipe's buffer while
//! the client is not reading, and the pipes left in blocking mode afterwards.

use std::io::Read as _;
use std::os::fd::OwnedFd;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::unix::pipe;
use tokio::sync::mpsc;

use super::StdioServer;
use super::pipe::PipeIn;
use super::write::{QUEUED_LINES, write_lines_blocking};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::{BoxFuture, Context, ToolHandler};
use crate::server::router::Router;

const WAIT: Duration = Duration::from_secs(10);

/// Answers its `text` argument.
struct Echo;

impl ToolHandler for Echo {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("echo").unwrap())
    }

    fn call(
        &self,
        arguments: serde_json::Map<String, Value>,
        _: Context,
    ) -> BoxFuture<'_, CallToolResult> {
        let text = arguments
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        Box::pin(async move { CallToolResult::text(text) })
    }
}

/// A pipe's two ends as the server gets them: plain (blocking) descriptors.
fn os_pipe() -> (pipe::Sender, OwnedFd, OwnedFd, pipe::Receiver) {
    let (client_tx, server_rx) = pipe::pipe().unwrap();
    let (server_tx, client_rx) = pipe::pipe().unwrap();
    (
        client_tx,
        server_rx.into_blocking_fd().unwrap(),
        server_tx.into_blocking_fd().unwrap(),
        client_rx,
    )
}

async fn line(reader: &mut BufReader<pipe::Receiver>) -> Value {
    let mut line = String::new();
    tokio::time::timeout(WAIT, reader.read_line(&mut line))
        .await
        .expect("an answer in time")
        .unwrap();
    serde_json::from_str(&line).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_pipes_late_lines_are_read_and_an_answer_past_the_pipe_buffer_is_written_whole() {
    let (mut client_tx, server_rx, server_tx, client_rx) = os_pipe();
    let router = Router::builder().tool(Echo).build().unwrap();
    let server = tokio::spawn(async move {
        let input = PipeIn::new(&server_rx).expect("a pipe");
        // stdout as `serve` writes it: a blocking thread of its own.
        let output = std::fs::File::from(server_tx);
        let (out, lines) = mpsc::channel(QUEUED_LINES);
        let writer = tokio::task::spawn_blocking(move || write_lines_blocking(lines, output));
        StdioServer::new(router).run(input, out, writer).await
    });
    let mut answers = BufReader::new(client_rx);
    client_tx
        .write_all(br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#)
        .await
        .unwrap();
    // The server reads half a line, finds the pipe empty, and waits for the rest.
    tokio::time::sleep(Duration::from_millis(50)).await;
    client_tx.write_all(b"\n").await.unwrap();
    assert_eq!(
        line(&mut answers).await["result"]["protocolVersion"],
        "2025-11-25"
    );

    // An answer of 1 MiB: four times the pipe's default buffer; the client reads late.
    let text = "x".repeat(1 << 20);
    let call = serde_json::json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": text}}});
    let mut request = serde_json::to_vec(&call).unwrap();
    request.push(b'\n');
    client_tx.write_all(&request).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let answer = line(&mut answers).await;
    assert_eq!(answer["id"], 7);
    assert_eq!(
        answer["result"]["content"][0]["text"].as_str(),
        Some(&*text)
    );

    drop(client_tx);
    let ended = tokio::time::timeout(WAIT, server)
        .await
        .expect("the server ends");
    ended.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pipe_is_left_in_blocking_mode_when_the_transport_lets_it_go() {
    // Not a pipe (a file, a terminal): tokio's own stdin and stdout serve it.
    assert!(PipeIn::new(std::fs::File::open("/dev/null").unwrap()).is_none());
    let (mut client_tx, server_rx, _server_tx, _client_rx) = os_pipe();
    drop(PipeIn::new(&server_rx).expect("a pipe"));
    // In blocking mode a read of the empty pipe waits for data (non-blocking: an error).
    let mut input = std::fs::File::from(server_rx);
    let reader =
        tokio::task::spawn_blocking(move || input.read(&mut [0u8; 8]).map_err(|e| e.kind()));
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!reader.is_finished(), "the read waits for data");
    client_tx.write_all(b"go").await.unwrap();
    let read = tokio::time::timeout(WAIT, reader)
        .await
        .expect("the read ends");
    assert_eq!(read.unwrap(), Ok(2));
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_pipe_is_widened_to_a_mebibyte_and_anything_else_left_alone() {
    use super::pipe::{WIDE_PIPE, widen};
    let (_reader, writer) = std::io::pipe().unwrap();
    let before = rustix::pipe::fcntl_getpipe_size(&writer).unwrap();
    assert!(
        before < WIDE_PIPE,
        "a new pipe has the default buffer ({before})"
    );
    assert_eq!(widen(&writer), Some(WIDE_PIPE));
    assert_eq!(
        rustix::pipe::fcntl_getpipe_size(&writer).unwrap(),
        WIDE_PIPE
    );
    // again: already wide, kept
    assert_eq!(widen(&writer), Some(WIDE_PIPE));
    // not a pipe: nothing to widen, no error
    assert_eq!(widen(std::fs::File::open("/dev/null").unwrap()), None);
}
