//! Stdio with the JSON-RPC rules the bare transport lacks: a line that is not JSON gets a
//! `-32700` reply and a line over the size limit an error reply, instead of being dropped
//! (which leaves the client waiting for an answer that never comes). The reply to a line
//! over the limit carries the request's id when its first 64 KiB hold it (the top-level
//! `"id"` member, found by a bounded scan), else `null`. A request whose id rmcp's id type
//! cannot echo as sent (a number with a fraction or exponent, `-0`, past `i64`) is refused
//! with `-32600` naming why, answered with its id as sent.
//!
//! What rmcp does, and this server with it: `notifications/cancelled` for a request drops
//! its handler's future (and sets the handler's [`Context::cancelled`](crate::Context)); a
//! client that closes stdin cancels what still runs once rmcp's drain ends; a handler that
//! panics is answered `-32603` by the router and the server goes on.

use std::sync::Arc;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use super::McpServer;
use crate::server::params::check_no_null_member;
use crate::server::protocol_error::ProtocolError;
use crate::server::request::Method;
use crate::server::router::Router;
use crate::transport::id::{RequestId, rmcp_refusal, scan_id};
use crate::transport::line::{Line, read_line};

/// The default longest line (message) read from stdin: 4 MiB, as over HTTP.
pub const DEFAULT_MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// The line buffer kept between answers, at most (a larger one is let go).
const KEPT_LINE_BYTES: usize = 8 * 1024 * 1024;

/// An error reply to the request `id` (written as sent).
fn error_line(id: &RequestId, code: i32, message: &str) -> Vec<u8> {
    let mut bytes = crate::transport::id::error_reply(id, code, message);
    bytes.push(b'\n');
    bytes
}

/// A line that is not JSON gets its `-32700` reply here; blank lines are let through (the
/// transport skips them).
fn checked(line: &[u8]) -> Result<(), Vec<u8>> {
    let text = line.strip_suffix(b"\r").unwrap_or(line);
    if text.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(text) {
        Ok(_) if crate::transport::parse::has_duplicate_key(text) => {
            let mut reply = crate::transport::parse::parse_error_reply(text, None);
            reply.push(b'\n');
            Err(reply)
        }
        Ok(message) => {
            let id = request_id(text, &message);
            // rmcp's id type would answer with another spelling of the id, or not at all.
            if let Some(why) = id.as_ref().and_then(rmcp_refusal) {
                return Err(error_line(
                    id.as_ref().unwrap_or(&RequestId::null()),
                    -32600,
                    &why,
                ));
            }
            // The one `null` rule, which rmcp's types would read as absent.
            match null_refusal(&message) {
                Some(error) => Err(error_line(
                    &id.unwrap_or_else(RequestId::null),
                    error.code,
                    &error.message,
                )),
                None => Ok(()),
            }
        }
        Err(e) => {
            let mut reply = crate::transport::parse::parse_error_reply(text, Some(&e));
            reply.push(b'\n');
            Err(reply)
        }
    }
}

/// The id of a request (a message with a method and a string or number id), as sent.
fn request_id(text: &[u8], message: &Value) -> Option<RequestId> {
    #[derive(serde::Deserialize)]
    struct IdOnly<'a> {
        #[serde(borrow, default)]
        id: Option<&'a serde_json::value::RawValue>,
    }
    message.get("method")?.as_str()?;
    let raw = serde_json::from_slice::<IdOnly<'_>>(text).ok()?.id?;
    RequestId::from_raw(raw).ok()
}

/// The refusal of a request whose params hold a `null` member, for the methods a server
/// answers (notifications and unknown methods are left to rmcp).
fn null_refusal(message: &Value) -> Option<ProtocolError> {
    let method = message.get("method")?.as_str()?;
    if message.get("id").is_none() || Method::parse(method).is_none() {
        return None;
    }
    check_no_null_member(message.get("params")?.as_object()?).err()
}

/// Serves `router` on `input` / `output` (stdin / stdout for a real server), one JSON-RPC
/// message per line, lines up to `max_line_bytes`. Replies to what cannot be read go out
/// on `output` between the server's own messages, never inside one.
pub async fn serve_stdio_with<R, W>(
    router: impl Into<Arc<Router>>,
    input: R,
    output: W,
    max_line_bytes: usize,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    use ::rmcp::ServiceExt;
    let (to_server, server_in) = tokio::io::duplex(64 * 1024);
    let (server_out, from_server) = tokio::io::duplex(64 * 1024);
    let (replies, mut reply_rx) = mpsc::unbounded_channel::<Vec<u8>>();

    // One writer: the server's lines and the refusals, each line whole.
    let writer = tokio::spawn(async move {
        let mut output = output;
        let mut from_server = BufReader::new(from_server);
        let mut server_open = true;
        let mut replies_open = true;
        // One buffer for every line: a megabyte answer does not grow a fresh one, and a
        // line read in part when a refusal goes out first is kept, not lost.
        let mut line = Vec::new();
        while server_open || replies_open {
            tokio::select! {
                read = from_server.read_until(b'\n', &mut line), if server_open => {
                    match read {
                        Ok(0) | Err(_) => server_open = false,
                        Ok(_) => {
                            if output.write_all(&line).await.is_err() { break; }
                            let _ = output.flush().await;
                            line.clear();
                            if line.capacity() > KEPT_LINE_BYTES {
                                line = Vec::new();
                            }
                        }
                    }
                }
                reply = reply_rx.recv(), if replies_open => {
                    match reply {
                        Some(reply) => {
                            if output.write_all(&reply).await.is_err() { break; }
                            let _ = output.flush().await;
                        }
                        None => replies_open = false,
                    }
                }
            }
        }
    });

    let reader = tokio::spawn(async move {
        let mut input = BufReader::new(input);
        let mut to_server = to_server;
        loop {
            match read_line(&mut input, max_line_bytes).await {
                Ok(Line::Text(line)) => match checked(&line) {
                    Ok(()) => {
                        let mut line = line;
                        line.push(b'\n');
                        if to_server.write_all(&line).await.is_err() {
                            break;
                        }
                    }
                    Err(reply) => {
                        let _ = replies.send(reply);
                    }
                },
                Ok(Line::TooLong { length, head }) => {
                    let _ = replies.send(error_line(
                        &scan_id(&head).unwrap_or_else(RequestId::null),
                        -32600,
                        &format!("message of {length} bytes exceeds the limit of {max_line_bytes}"),
                    ));
                }
                Ok(Line::Eof) | Err(_) => break,
            }
        }
        // Closing the pipe tells the server the client is gone.
        let _ = to_server.shutdown().await;
    });

    let running = super::Traced::new(McpServer::new(router))
        .serve((server_in, server_out))
        .await?;
    let _ = running.waiting().await;
    let _ = reader.await;
    let _ = writer.await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reply every transport gives a message that is not JSON, byte for byte, one line.
    #[test]
    fn a_malformed_request_gets_the_one_parse_error_reply() {
        use crate::transport::parse::{MALFORMED, parse_error_reply};
        for (bytes, named) in MALFORMED {
            let mut expected = parse_error_reply(bytes, None);
            expected.push(b'\n');
            assert_eq!(checked(bytes).unwrap_err(), expected, "{named}");
        }
    }

    #[test]
    fn invalid_json_gets_a_parse_error() {
        let reply = checked(b"{nope").unwrap_err();
        let reply: Value = serde_json::from_slice(&reply).unwrap();
        assert_eq!(reply["error"]["code"], -32700);
        assert_eq!(reply["id"], Value::Null);
        assert!(checked(br#"{"jsonrpc":"2.0"}"#).is_ok());
    }

    /// A byte order mark, invalid UTF-8 and a lone surrogate escape, in a value or a key,
    /// are named as such in the reply (`serde_json` says "expected value" or "lone leading
    /// surrogate in hex escape").
    #[test]
    fn encoding_faults_are_named_in_the_parse_error() {
        for (line, named) in [
            (&b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\"}"[..], "byte order mark"),
            (b"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\"}", "invalid UTF-8"),
            (
                br#"{"jsonrpc":"2.0","id":"\ud800"}"#,
                "lone surrogate escape",
            ),
            (br#"{"jsonrpc":"2.0","\udc00":1}"#, "lone surrogate escape"),
        ] {
            let reply: Value = serde_json::from_slice(&checked(line).unwrap_err()).unwrap();
            assert_eq!(reply["error"]["code"], -32700);
            let message = reply["error"]["message"].as_str().unwrap();
            assert!(message.starts_with("Parse error: "), "{message}");
            assert!(message.contains(named), "{message}");
        }
    }

    /// rmcp's types read a `null` member as absent: the front refuses it first, naming it,
    /// for every method a server answers; notifications and unknown methods pass to rmcp.
    #[test]
    fn a_null_params_member_is_refused_before_rmcp_reads_it() {
        use crate::rmcp::null_member_tests::{
            NULL_MEMBER_PASSED, NULL_MEMBER_REQUESTS, assert_null_member_reply,
        };
        for (line, key) in NULL_MEMBER_REQUESTS {
            let reply: Value =
                serde_json::from_slice(&checked(line.as_bytes()).unwrap_err()).unwrap();
            assert_null_member_reply(line, key, &reply);
        }
        for passed in NULL_MEMBER_PASSED {
            assert!(checked(passed.as_bytes()).is_ok(), "{passed}");
        }
    }
}
