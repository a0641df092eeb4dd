//! One client on stdin / stdout: each line read, answered or refused. The handshake and a
//! session's own methods (`initialize`, `ping`, `logging/setLevel`, `resources/subscribe`)
//! are answered in order, as they are read; every routed request runs in a task of its
//! own, up to the in-flight limit, and its answer is queued for the one writer.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tokio::sync::{Semaphore, mpsc, watch};

use super::handshake::declared;
use super::peer::{Pending, StdioPeer};
use super::write::{error_line, message_line, value_line};
use crate::rules::ProtocolVersion;
use crate::server::changes::{Change, FeedSubscription};
use crate::server::handler::cancel::Cancellation;
use crate::server::handler::{Context, LogLevel, ProtocolError};
use crate::server::input::ClientCapabilities;
use crate::server::request::{Initialize, Method, Request};
use crate::server::router::Router;
use crate::transport::handshake::{LOG_LEVEL_KEY, VERSION_KEY, initialize_result, negotiated};
use crate::transport::id::{IdFault, RequestId, key_of};
use crate::transport::parse::{has_duplicate_key, parse_error_reply};

/// JSON-RPC: the message is not a valid request.
pub(super) const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC (server error range): the request was refused for the in-flight limit.
pub(super) const SERVER_BUSY: i32 = -32000;

/// A JSON-RPC message as read: only its envelope is interpreted here, its id kept as the
/// text the client wrote (answered with that text).
#[derive(Deserialize)]
struct Message {
    jsonrpc: Option<String>,
    #[serde(default, deserialize_with = "crate::transport::id::present")]
    id: Option<Box<RawValue>>,
    method: Option<String>,
    params: Option<Value>,
    result: Option<Value>,
    error: Option<Value>,
}

/// What `initialize` settled (2025-era clients).
pub(super) struct Session {
    pub(super) version: ProtocolVersion,
    pub(super) capabilities: ClientCapabilities,
}

/// The connection's state, shared with its running requests.
pub(super) struct Connection {
    pub(super) router: Arc<Router>,
    pub(super) out: mpsc::Sender<Vec<u8>>,
    pub(super) session: OnceLock<Session>,
    log_level: Mutex<Option<LogLevel>>,
    subscriptions: Arc<Mutex<HashSet<String>>>,
    feed: Mutex<Option<FeedSubscription>>,
    /// The running requests' cancellations, by id ([`RequestId::key`]).
    in_flight: Mutex<HashMap<String, Vec<Cancellation>>>,
    pub(super) pending: Arc<Pending>,
    /// `true` while stdin is open.
    pub(super) open: watch::Sender<bool>,
    /// One permit per request running (routed requests and listen streams).
    pub(super) slots: Arc<Semaphore>,
    pub(super) max_in_flight: usize,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A request of this connection in flight: registered until dropped, so
/// `notifications/cancelled` finds it by id.
pub(super) struct Registered {
    connection: Arc<Connection>,
    key: String,
    pub(super) cancellation: Cancellation,
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut by_id = lock(&self.connection.in_flight);
        if let Some(all) = by_id.get_mut(&self.key) {
            all.retain(|c| !c.same(&self.cancellation));
            if all.is_empty() {
                by_id.remove(&self.key);
            }
        }
    }
}

impl Connection {
    pub(super) fn new(
        router: Arc<Router>,
        out: mpsc::Sender<Vec<u8>>,
        max_in_flight: usize,
    ) -> Arc<Self> {
        Arc::new(Self {
            router,
            out,
            session: OnceLock::new(),
            log_level: Mutex::default(),
            subscriptions: Arc::default(),
            feed: Mutex::default(),
            in_flight: Mutex::default(),
            pending: Arc::default(),
            open: watch::Sender::new(true),
            slots: Arc::new(Semaphore::new(max_in_flight)),
            max_in_flight,
        })
    }

    pub(super) async fn send(&self, line: Vec<u8>) {
        // A closed stdout ends the connection; nothing is left to tell.
        let _ = self.out.send(line).await;
    }

    async fn refuse(&self, id: &RequestId, code: i32, message: impl Into<String>) {
        self.send(error_line(id, &ProtocolError::new(code, message)))
            .await;
    }

    fn register(self: &Arc<Self>, id: &RequestId) -> Registered {
        let cancellation = Cancellation::new();
        let key = id.key();
        lock(&self.in_flight)
            .entry(key.clone())
            .or_default()
            .push(cancellation.clone());
        Registered {
            connection: Arc::clone(self),
            key,
            cancellation,
        }
    }

    /// Cancels every running request (stdin closed and the drain ended).
    pub(super) fn cancel_all(&self) {
        let all = std::mem::take(&mut *lock(&self.in_flight));
        all.values().flatten().for_each(Cancellation::cancel);
    }

    /// One line of stdin (without its newline): answered, refused, or passed on.
    pub(super) async fn line(self: &Arc<Self>, line: &[u8]) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let parse_error = |error: Option<&serde_json::Error>| {
            let mut reply = parse_error_reply(line, error);
            reply.push(b'\n');
            reply
        };
        // Read from the bytes, the id kept as its text (a `Value` would re-spell a number).
        let message = match serde_json::from_slice::<Message>(line) {
            Ok(_) if crate::wire::read::encoding_error(line).is_some() => {
                return self.send(parse_error(None)).await;
            }
            Ok(_) if has_duplicate_key(line) => return self.send(parse_error(None)).await,
            Err(e) if e.is_syntax() || e.is_eof() => {
                return self.send(parse_error(Some(&e))).await;
            }
            // JSON of another shape (refused below), unless it is not JSON after all.
            Err(shape) => {
                if let Err(e) = serde_json::from_slice::<Value>(line) {
                    return self.send(parse_error(Some(&e))).await;
                }
                if has_duplicate_key(line) {
                    return self.send(parse_error(None)).await;
                }
                Err(shape)
            }
            Ok(message) => Ok(message),
        };
        let message = match message {
            Ok(message) if message.jsonrpc.as_deref() == Some("2.0") => message,
            _ => {
                return self
                    .refuse(
                        &RequestId::null(),
                        INVALID_REQUEST,
                        "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")",
                    )
                    .await;
            }
        };
        let Some(method) = message.method else {
            self.answered(message.id.as_deref(), message.result, message.error)
                .await;
            return;
        };
        let Some(id) = message.id else {
            self.notified(&method, message.params.as_ref());
            return;
        };
        let id = match RequestId::from_raw(&id) {
            Ok(id) => id,
            Err(IdFault::NotStringOrNumber | IdFault::NotText) => {
                return self
                    .refuse(
                        &RequestId::null(),
                        INVALID_REQUEST,
                        "id: a string or a number",
                    )
                    .await;
            }
        };
        let params = match message.params {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(params)) => params,
            Some(_) => {
                let error = ProtocolError::invalid_params("params: an object");
                return self.send(error_line(&id, &error)).await;
            }
        };
        self.request(id, method, params).await;
    }

    /// The client's answer to one of the server's requests.
    async fn answered(&self, id: Option<&RawValue>, result: Option<Value>, error: Option<Value>) {
        let Some(id) = id else {
            // A response without an id answers nothing the server asked.
            return;
        };
        let id: Value = serde_json::from_str(id.get()).unwrap_or(Value::Null);
        let answer = match (result, error) {
            (Some(result), None) => Ok(result),
            (None, Some(error)) => Err(client_error(&error)),
            _ => {
                let id =
                    RequestId::from_text(&id.to_string()).unwrap_or_else(|_| RequestId::null());
                return self
                    .refuse(
                        &id,
                        INVALID_REQUEST,
                        "a response has exactly one of result and error",
                    )
                    .await;
            }
        };
        // An answer nobody waits for (its request ended) is dropped.
        self.pending.answer(&id, answer);
    }

    /// A notification: `notifications/cancelled` stops the request it names; the rest
    /// (`initialized`, `roots/list_changed`, …) need nothing.
    fn notified(&self, method: &str, params: Option<&Value>) {
        if method != "notifications/cancelled" {
            return;
        }
        let Some(key) = params.and_then(|p| p.get("requestId")).and_then(key_of) else {
            return;
        };
        let cancelled = lock(&self.in_flight).remove(&key);
        cancelled.iter().flatten().for_each(Cancellation::cancel);
    }

    /// A request: the handshake and a session's own methods answered now, in order; the
    /// rest in a task of its own.
    async fn request(
        self: &Arc<Self>,
        id: RequestId,
        method: String,
        mut params: Map<String, Value>,
    ) {
        let known = Method::parse(&method);
        let names_version = params
            .get("_meta")
            .and_then(|m| m.get(VERSION_KEY))
            .is_some();
        if !names_version {
            let own = match known {
                Some(Method::Initialize) => Some(self.initialize(&params)),
                Some(Method::Ping) => Some(Ok(Value::Object(Map::new()))),
                Some(own @ (Method::SetLevel | Method::Subscribe | Method::Unsubscribe)) => {
                    Some(self.session_method(own, std::mem::take(&mut params)))
                }
                _ => None,
            };
            if let Some(answer) = own {
                let line = match answer {
                    Ok(result) => value_line(&id, &result),
                    Err(error) => error_line(&id, &error),
                };
                return self.send(line).await;
            }
            if self.session.get().is_none() {
                return self
                    .refuse(
                        &id,
                        INVALID_REQUEST,
                        format!(
                            "{}: send initialize first (2025-06-18, 2025-11-25), or name the \
                             protocol version in params._meta[\"{VERSION_KEY}\"] (2026-07-28)",
                            crate::wire::error::cut(&method)
                        ),
                    )
                    .await;
            }
        }
        let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() else {
            return self
                .refuse(
                    &id,
                    SERVER_BUSY,
                    format!(
                        "the server is busy: {} requests in flight (its limit); send this one \
                         again once one is answered",
                        self.max_in_flight
                    ),
                )
                .await;
        };
        let registered = self.register(&id);
        let this = Arc::clone(self);
        tokio::spawn(async move {
            let cancellation = registered.cancellation.clone();
            let line = this.routed(&id, known, &method, params, &registered).await;
            drop(registered);
            // A cancelled request is not answered: its client said it will not read it.
            if let Some(line) = line
                && !cancellation.is_cancelled()
            {
                this.send(line).await;
            }
            drop(permit);
        });
    }

    /// `initialize`: settles the session's version, once.
    fn initialize(&self, params: &Map<String, Value>) -> Result<Value, ProtocolError> {
        let Initialize {
            protocol_version,
            capabilities,
        } = Initialize::parse(params)?;
        let version = negotiated(&protocol_version);
        let session = Session {
            version,
            capabilities,
        };
        if self.session.set(session).is_err() {
            return Err(ProtocolError::new(
                INVALID_REQUEST,
                "the session is already initialized",
            ));
        }
        Ok(initialize_result(&self.router, version))
    }

    /// `logging/setLevel`, `resources/subscribe`, `resources/unsubscribe`.
    fn session_method(
        &self,
        method: Method,
        params: Map<String, Value>,
    ) -> Result<Value, ProtocolError> {
        if self.session.get().is_none() {
            return Err(ProtocolError::new(
                INVALID_REQUEST,
                format!("{}: send initialize first", method.as_str()),
            ));
        }
        match Request::parse(method, params)? {
            Request::SetLevel { level } => *lock(&self.log_level) = Some(level),
            Request::Subscribe { uri } => {
                lock(&self.subscriptions).insert(uri);
                self.forward_updates();
            }
            Request::Unsubscribe { uri } => {
                lock(&self.subscriptions).remove(&uri);
            }
            other => return Err(ProtocolError::method_not_found(other.method().as_str())),
        }
        Ok(Value::Object(Map::new()))
    }

    /// Starts (once) telling a 2025-era client about its subscribed resources' updates and
    /// the router's list changes.
    pub(super) fn forward_updates(&self) {
        let mut feed = lock(&self.feed);
        if feed.is_some() {
            return;
        }
        let out = self.out.clone();
        let subscriptions = Arc::clone(&self.subscriptions);
        *feed = Some(self.router.changes().subscribe(Box::new(move |change| {
            let line = match change {
                Change::ResourceUpdated(uri) => {
                    if !lock(&subscriptions).contains(uri) {
                        return;
                    }
                    message_line(
                        None,
                        "notifications/resources/updated",
                        Some(serde_json::json!({ "uri": uri })),
                    )
                }
                Change::ListChanged(list) => message_line(None, list.notification_method(), None),
            };
            // Called on the publisher's thread: never wait there. A client that does not
            // read stdout misses updates rather than stalling the publisher.
            let _ = out.try_send(line);
        })));
    }

    /// The version, capabilities and log level a request is served with: those its `_meta`
    /// names (2026-07-28), else the session's.
    pub(super) fn era(
        &self,
        meta: &Map<String, Value>,
    ) -> Result<(ProtocolVersion, ClientCapabilities, Option<LogLevel>, bool), ProtocolError> {
        if let Some(named) = meta.get(VERSION_KEY) {
            let Some(named) = named.as_str() else {
                return Err(ProtocolError::invalid_params(format!(
                    "params._meta[\"{VERSION_KEY}\"]: a string"
                )));
            };
            let (version, capabilities) = declared(meta, named)?;
            let level = meta
                .get(LOG_LEVEL_KEY)
                .and_then(|l| LogLevel::deserialize(l).ok());
            return Ok((version, capabilities, level, false));
        }
        let session = self
            .session
            .get()
            .ok_or_else(|| ProtocolError::new(INVALID_REQUEST, "send initialize first"))?;
        Ok((
            session.version,
            session.capabilities.clone(),
            *lock(&self.log_level),
            true,
        ))
    }

    /// A handler's context for a request of this connection.
    pub(super) fn context(
        &self,
        meta: Map<String, Value>,
        era: (ProtocolVersion, ClientCapabilities, Option<LogLevel>, bool),
        cancellation: Cancellation,
    ) -> Context {
        let (version, capabilities, level, session) = era;
        let peer = StdioPeer {
            out: self.out.clone(),
            pending: Arc::clone(&self.pending),
            open: self.open.subscribe(),
            session,
        };
        Context::new(super::meta::request_meta(meta), version)
            .with_log_level(level)
            .with_client_capabilities(capabilities)
            .with_peer(Arc::new(peer))
            .with_cancellation(cancellation)
    }
}

/// The client's JSON-RPC error, as the error of the server's request.
fn client_error(error: &Value) -> ProtocolError {
    let code = error
        .get("code")
        .and_then(Value::as_i64)
        .and_then(|c| i32::try_from(c).ok())
        .unwrap_or(ProtocolError::INTERNAL_ERROR);
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("the client answered with an error")
        .to_owned();
    let mut out = ProtocolError::new(code, message);
    out.data = error.get("data").cloned();
    out
}
