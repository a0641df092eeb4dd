//! The client as a handler sees it over stdio: progress and log notifications go out as
//! lines; a 2025-era session's requests to the client (`elicitation/create`,
//! `sampling/createMessage`, `roots/list`) go out with ids of the server's own and wait
//! for the client's answer line. A 2026-07-28 request has no back-channel: its questions
//! go out in its result (`InputRequiredResult`), never here.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};

use super::write::message_line;
use crate::server::handler::{BoxFuture, ClientPeer, ProtocolError};

type Waiting = oneshot::Sender<Result<Value, ProtocolError>>;

/// The server's requests waiting for the client's answers, by id, and whether the client
/// can still answer (stdin open).
#[derive(Default)]
pub(super) struct Pending {
    waiting: Mutex<HashMap<String, Waiting>>,
    next: AtomicU64,
}

impl Pending {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Waiting>> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands the client's answer to the request waiting for it; `false` when none waits
    /// (its request ended, or the id was never the server's).
    pub(super) fn answer(&self, id: &Value, answer: Result<Value, ProtocolError>) -> bool {
        let waiting = self.lock().remove(&id.to_string());
        waiting.is_some_and(|w| w.send(answer).is_ok())
    }

    /// Fails every waiting request: the client closed stdin and will not answer.
    pub(super) fn close(&self) {
        self.lock().clear();
    }
}

/// One request's view of the client.
pub(super) struct StdioPeer {
    pub(super) out: mpsc::Sender<Vec<u8>>,
    pub(super) pending: Arc<Pending>,
    /// `false` once stdin closed.
    pub(super) open: watch::Receiver<bool>,
    /// A 2025-era session (it may ask the client); 2026-07-28 requests may not.
    pub(super) session: bool,
}

impl StdioPeer {
    async fn send(&self, line: Vec<u8>) -> Result<(), ProtocolError> {
        self.out
            .send(line)
            .await
            .map_err(|_| ProtocolError::internal("stdout is closed"))
    }
}

impl ClientPeer for StdioPeer {
    fn notify_progress(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        let line = message_line(None, "notifications/progress", Some(params));
        Box::pin(self.send(line))
    }

    fn notify_log(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        let line = message_line(None, "notifications/message", Some(params));
        Box::pin(self.send(line))
    }

    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, ProtocolError>> {
        let method = method.to_owned();
        Box::pin(async move {
            if !self.session {
                return Err(ProtocolError::new(
                    ProtocolError::METHOD_NOT_FOUND,
                    format!("{method}: a 2026-07-28 request has no back-channel"),
                ));
            }
            let n = self.pending.next.fetch_add(1, Ordering::Relaxed);
            // Ids of the server's own: never one of the client's requests.
            let id = Value::from(format!("mcp-content-{n}"));
            let key = id.to_string();
            let (tx, rx) = oneshot::channel();
            self.pending.lock().insert(key.clone(), tx);
            // Removed however this ends (answered, cancelled, failed).
            let forget = Forget(&self.pending, key);
            self.send(message_line(Some(&id), &method, Some(params)))
                .await?;
            let mut open = self.open.clone();
            let closed = async move {
                let _ = open.wait_for(|open| !*open).await;
            };
            let answer = tokio::select! {
                answer = rx => answer.unwrap_or_else(|_| Err(ProtocolError::internal(format!(
                    "{method}: the client closed stdin before answering"
                )))),
                () = closed => Err(ProtocolError::internal(format!(
                    "{method}: the client closed stdin before answering"
                ))),
            };
            drop(forget);
            answer
        })
    }

    fn client_capabilities(&self) -> Option<Value> {
        // The context carries them typed.
        None
    }
}

/// Removes a waiting request's entry when dropped.
struct Forget<'a>(&'a Pending, String);

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        self.0.lock().remove(&self.1);
    }
}
