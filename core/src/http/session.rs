//! The 2025-era session flow (2025-06-18, 2025-11-25): `initialize` opens a session named by
//! the `Mcp-Session-Id` header; later requests carry it. A request whose handler talks back
//! (progress, log messages, `elicitation/create`, `sampling/createMessage`, `roots/list`) is
//! answered with an event stream on its `POST`; the client answers the server's requests
//! with a `POST` of the JSON-RPC response. A `GET` opens the session's standalone stream
//! (resource updates, list changes); a `DELETE` ends the session.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};
use tokio::sync::{mpsc, oneshot};

use bytes::Bytes;

use super::body::Outgoing;
use super::inflight::InFlight;
use super::replay::{StartAt, Streams};
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::changes::{Change, FeedSubscription};
use crate::server::handler::{BoxFuture, ClientPeer, LogLevel, ProtocolError};
use crate::server::input::ClientCapabilities;
use crate::server::router::Router;

/// The header that names a session.
pub(super) const SESSION_HEADER: &str = "mcp-session-id";

type Answer = oneshot::Sender<Result<Value, ProtocolError>>;

/// One client's session.
pub(super) struct Session {
    pub(super) id: String,
    /// The [`owner`](Principal::owner) key of the principal that initialized the session
    /// (`None`: no principal); only its requests find the session.
    owner: Option<String>,
    pub(super) version: ProtocolVersion,
    pub(super) capabilities: ClientCapabilities,
    log_level: Mutex<Option<LogLevel>>,
    subscriptions: Mutex<HashSet<String>>,
    /// The server's requests waiting for the client's answer, by JSON-RPC id.
    pending: Mutex<HashMap<String, Answer>>,
    next_request: AtomicU64,
    /// The session's event streams (the standalone `GET` stream and each request's), kept
    /// for clients that resume them.
    pub(super) streams: Streams,
    feed: Mutex<Option<FeedSubscription>>,
    last_seen: Mutex<Instant>,
    /// The session's requests running now (`notifications/cancelled` stops one).
    pub(super) in_flight: Arc<InFlight>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The notifications the endpoint sends.
pub(super) mod notifications {
    /// `notifications/progress`.
    pub(crate) const PROGRESS: &str = "notifications/progress";
    /// `notifications/message` (a log message).
    pub(crate) const MESSAGE: &str = "notifications/message";
    /// `notifications/resources/updated`.
    pub(crate) const RESOURCES_UPDATED: &str = "notifications/resources/updated";
    /// `notifications/subscriptions/acknowledged` (2026-07-28).
    pub(crate) const SUBSCRIPTIONS_ACKNOWLEDGED: &str = "notifications/subscriptions/acknowledged";
}

/// A JSON-RPC notification, serialized.
pub(super) fn notification(method: &str, params: Option<Value>) -> Vec<u8> {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), Value::from("2.0"));
    message.insert("method".into(), Value::from(method));
    if let Some(params) = params {
        message.insert("params".into(), params);
    }
    serde_json::to_vec(&message).expect("values serialize")
}

impl Session {
    /// A session for a client on `version` that declared `capabilities`, belonging to the
    /// principal whose owner key is `owner`, hearing the router's changes.
    pub(super) fn open(
        router: &Router,
        version: ProtocolVersion,
        capabilities: ClientCapabilities,
        owner: Option<String>,
    ) -> Arc<Self> {
        let session = Arc::new(Self {
            id: crate::server::random_id::random_id(),
            owner,
            version,
            capabilities,
            log_level: Mutex::default(),
            subscriptions: Mutex::default(),
            pending: Mutex::default(),
            next_request: AtomicU64::new(0),
            streams: Streams::new(),
            feed: Mutex::default(),
            last_seen: Mutex::new(Instant::now()),
            in_flight: Arc::default(),
        });
        // Weak: the feed holds the listener, the session holds the subscription.
        let weak: Weak<Self> = Arc::downgrade(&session);
        let subscription = router.changes().subscribe(Box::new(move |change| {
            if let Some(session) = weak.upgrade() {
                session.changed(change);
            }
        }));
        *lock(&session.feed) = Some(subscription);
        session
    }

    fn changed(&self, change: &Change) {
        let message = match change {
            Change::ResourceUpdated(uri) => {
                if !lock(&self.subscriptions).contains(uri) {
                    return;
                }
                notification(
                    notifications::RESOURCES_UPDATED,
                    Some(serde_json::json!({ "uri": uri })),
                )
            }
            Change::ListChanged(list) => notification(list.notification_method(), None),
        };
        // Kept (bounded) while no `GET` stream is open, so a client resuming it with
        // `Last-Event-ID` hears about it; a fresh `GET` starts after it.
        self.streams
            .standalone()
            .emit(|out| out.extend_from_slice(&message));
    }

    /// Whether a request of `caller` may use the session: the principal that opened it
    /// (by owner key), or, for a session opened without one, a request without one.
    pub(super) fn belongs_to(&self, caller: Option<&Principal>) -> bool {
        match (&self.owner, caller) {
            (None, None) => true,
            (Some(owner), Some(caller)) => *owner == caller.owner(),
            _ => false,
        }
    }

    /// Notes that the client used the session now.
    pub(super) fn touch(&self) {
        *lock(&self.last_seen) = Instant::now();
    }

    /// Unused for `idle` or longer, with no `GET` stream open.
    fn is_idle(&self, idle: Duration) -> bool {
        !self.streams.standalone().is_read() && lock(&self.last_seen).elapsed() >= idle
    }

    pub(super) fn log_level(&self) -> Option<LogLevel> {
        *lock(&self.log_level)
    }

    pub(super) fn set_log_level(&self, level: LogLevel) {
        *lock(&self.log_level) = Some(level);
    }

    pub(super) fn subscribe(&self, uri: String) {
        lock(&self.subscriptions).insert(uri);
    }

    pub(super) fn unsubscribe(&self, uri: &str) {
        lock(&self.subscriptions).remove(uri);
    }

    /// Opens the standalone stream for a fresh `GET` (no `Last-Event-ID`); `None` while
    /// another connection reads it.
    pub(super) fn open_standalone(&self) -> Option<mpsc::Receiver<Bytes>> {
        let standalone = self.streams.standalone();
        if standalone.is_read() {
            return None;
        }
        Some(standalone.attach(StartAt::Now))
    }

    /// Resumes the standalone stream after event `after` (a `GET` with `Last-Event-ID`).
    /// Always granted: a client resumes because it lost the connection that read the
    /// stream, and the server may not have noticed the loss yet (a dropped TCP connection is
    /// seen only when a write to it fails), so the older connection is let go.
    pub(super) fn resume_standalone(&self, after: u64) -> mpsc::Receiver<Bytes> {
        self.streams.standalone().attach(StartAt::After(after))
    }

    /// Hands the client's answer to the request waiting for it; `false` when none waits.
    pub(super) fn answer(&self, id: &Value, answer: Result<Value, ProtocolError>) -> bool {
        let waiting = lock(&self.pending).remove(&id.to_string());
        waiting.is_some_and(|w| w.send(answer).is_ok())
    }

    /// Ends the session: the standalone stream closes, waiting requests fail, running ones
    /// are cancelled.
    fn close(&self) {
        self.in_flight.cancel_all();
        self.streams.end_all();
        lock(&self.pending).clear();
        lock(&self.feed).take();
    }
}

/// The open sessions. A session unused for the idle timeout (see [`Session::is_idle`]) is
/// ended when it is next named (404), by a sweep every quarter of the timeout (a task that
/// lives as long as the table), and when the table is full; a live session is never ended
/// to make room.
pub(super) struct Sessions {
    map: Mutex<HashMap<String, Arc<Session>>>,
    sweeping: AtomicBool,
}

impl Sessions {
    pub(super) fn new() -> Self {
        Self {
            map: Mutex::default(),
            sweeping: AtomicBool::new(false),
        }
    }

    /// Keeps `session`; `false` when `max` live sessions are open (the idle ones are ended
    /// first).
    pub(super) fn insert(
        self: &Arc<Self>,
        session: &Arc<Session>,
        max: usize,
        idle: Duration,
    ) -> bool {
        self.start_sweeping(idle);
        let mut map = lock(&self.map);
        if map.len() >= max {
            sweep(&mut map, idle);
        }
        if map.len() >= max {
            return false;
        }
        map.insert(session.id.clone(), Arc::clone(session));
        true
    }

    /// The session `id`, unless it is unknown, ended, or idle for `idle` (then it ends now).
    pub(super) fn get(&self, id: &str, idle: Duration) -> Option<Arc<Session>> {
        let mut map = lock(&self.map);
        let session = map.get(id)?;
        if session.is_idle(idle) {
            if let Some(expired) = map.remove(id) {
                expired.close();
            }
            return None;
        }
        Some(Arc::clone(session))
    }

    /// Ends the session `id`; `false` when there is none.
    pub(super) fn remove(&self, id: &str) -> bool {
        let removed = lock(&self.map).remove(id);
        removed.map(|s| s.close()).is_some()
    }

    pub(super) fn len(&self) -> usize {
        lock(&self.map).len()
    }

    /// Starts the sweeper, once, on the runtime serving the first session: it ends the idle
    /// sessions every quarter of `idle` (50 ms to 60 s), and stops once the table is gone.
    fn start_sweeping(self: &Arc<Self>, idle: Duration) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            // No runtime (a test driving `handle` by hand): sessions still end when named.
            return;
        };
        if self.sweeping.swap(true, Ordering::AcqRel) {
            return;
        }
        let period = (idle / 4).clamp(Duration::from_millis(50), Duration::from_secs(60));
        let table: Weak<Self> = Arc::downgrade(self);
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(period).await;
                let Some(table) = table.upgrade() else {
                    return;
                };
                sweep(&mut lock(&table.map), idle);
            }
        });
    }
}

/// Ends the sessions idle for `idle`.
fn sweep(map: &mut HashMap<String, Arc<Session>>, idle: Duration) {
    // Clients that vanish without a `DELETE` must not fill the table for good.
    map.retain(|_, s| {
        let keep = !s.is_idle(idle);
        if !keep {
            s.close();
        }
        keep
    });
}

/// The client as a handler sees it during one request: messages go out on the request's
/// stream, answers come back through the session (2025-era; without a session, 2026-07-28,
/// questions go out in the result, never here).
pub(super) struct RequestPeer {
    pub(super) session: Option<Arc<Session>>,
    pub(super) out: mpsc::UnboundedSender<Outgoing>,
}

impl RequestPeer {
    fn send(&self, message: Vec<u8>) -> Result<(), ProtocolError> {
        self.out
            .send(Outgoing::Message(message))
            .map_err(|_| ProtocolError::internal("the request's stream is closed"))
    }
}

impl ClientPeer for RequestPeer {
    fn notify_progress(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        let sent = self.send(notification(notifications::PROGRESS, Some(params)));
        Box::pin(async move { sent })
    }

    fn notify_log(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        let sent = self.send(notification(notifications::MESSAGE, Some(params)));
        Box::pin(async move { sent })
    }

    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, ProtocolError>> {
        let Some(session) = &self.session else {
            let error = ProtocolError::new(
                ProtocolError::METHOD_NOT_FOUND,
                format!("{method}: a request without a session has no back-channel"),
            );
            return Box::pin(async move { Err(error) });
        };
        let n = session.next_request.fetch_add(1, Ordering::Relaxed);
        // Ids of the server's own: distinct from every other request of the session.
        let id = Value::from(format!("mcp-content-{n}"));
        let (tx, rx) = oneshot::channel();
        lock(&session.pending).insert(id.to_string(), tx);
        let message = serde_json::json!({
            "jsonrpc": "2.0", "id": id, "method": method, "params": params,
        });
        let sent = self.send(serde_json::to_vec(&message).expect("values serialize"));
        let method = method.to_owned();
        Box::pin(async move {
            let forget = || lock(&session.pending).remove(&id.to_string());
            if let Err(e) = sent {
                forget();
                return Err(e);
            }
            tokio::select! {
                answer = rx => answer.unwrap_or_else(|_| Err(ProtocolError::internal(format!(
                    "{method}: the session ended before the client answered"
                )))),
                // The client went away: it cannot answer on a stream it no longer reads.
                () = self.out.closed() => {
                    forget();
                    Err(ProtocolError::internal(format!(
                        "{method}: the client closed the stream before answering"
                    )))
                }
            }
        })
    }

    fn client_capabilities(&self) -> Option<Value> {
        // The context carries them typed.
        None
    }
}

#[cfg(test)]
mod owner_tests {
    use super::*;

    #[test]
    fn a_session_belongs_to_the_principal_that_opened_it_or_to_requests_without_one() {
        let router = Router::builder().build().unwrap();
        let open = |owner: Option<&Principal>| {
            let capabilities = ClientCapabilities::default();
            Session::open(
                &router,
                ProtocolVersion::V2025_11_25,
                capabilities,
                owner.map(Principal::owner),
            )
        };
        let alice = Principal::new("alice").with_issuer("https://a.example");
        let again = Principal::new("alice")
            .with_issuer("https://a.example")
            .with_scopes(["more"]);
        let elsewhere = Principal::new("alice").with_issuer("https://b.example");
        let client = Principal::anonymous().with_client_id("alice");
        let owned = open(Some(&alice));
        assert!(owned.belongs_to(Some(&alice)));
        assert!(
            owned.belongs_to(Some(&again)),
            "another token of the same subject"
        );
        for other in [Some(&elsewhere), Some(&client), None] {
            assert!(!owned.belongs_to(other), "{other:?}");
        }
        let anonymous = open(None);
        assert!(anonymous.belongs_to(None));
        assert!(!anonymous.belongs_to(Some(&alice)));
    }
}
