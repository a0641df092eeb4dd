//! The store seams: where the router keeps what outlives a request, each behind a trait so a
//! shared backend (a database, Redis) can take the place of the embedded default.
//!
//! | Seam | Keeps | Default | Shared by replicas (feature `redis`) |
//! |---|---|---|---|
//! | [`TaskStore`](crate::tasks::TaskStore) | tasks between `tasks/get`, `tasks/update`, `tasks/cancel` | [`MemoryTaskStore`](crate::tasks::MemoryTaskStore) ([`FileTaskStore`](crate::tasks::FileTaskStore) for replicas on one machine) | `redis::RedisTaskStore` |
//! | [`PayloadStore`](crate::payload::PayloadStore) | payloads served through links | [`MemoryPayloadStore`](crate::payload::MemoryPayloadStore) | `redis::RedisPayloadStore` |
//! | [`ChangeBus`](crate::changes::ChangeBus) | who listens for changes, and the changes announced | [`ChangeFeed`](crate::changes::ChangeFeed) | `redis::RedisChangeBus` |
//!
//! A store shared with other processes says so (`is_shared`, on each trait), and a router
//! with one refuses to build without `requestState` keys every replica shares
//! ([`RouterBuilder::state_keys`](crate::RouterBuilder::state_keys),
//! [`StateKeys::from_key_file`](crate::input::StateKeys::from_key_file)): with a random key
//! per process, an input round sealed by one replica would fail on the next.
//!
//! Every operation that may cross a network is async and fallible: it returns a
//! [`StoreFuture`], a boxed `Send` future of a `Result` whose error, a [`StoreError`], names
//! the store that failed. A store error that ends a request reaches the client as an internal
//! error (`-32603`) with the error's words (`task store: …`).
//!
//! # Ownership
//!
//! What a request creates belongs to the principal that made it (the verified
//! [`Principal`](crate::auth::Principal) in its [`Context`](crate::Context); `None` without
//! authorization, as on stdio). The owner goes through the seams with the data, as the
//! principal's [`owner`](crate::auth::Principal::owner) key (issuer and subject, or the client
//! when the token names no subject), never in a map beside the store, so a shared store
//! (Redis, a database) carries it to every replica:
//!
//! - a task's record keeps it in [`TaskRecord::principal`](crate::tasks::TaskRecord::principal),
//!   written by `create` and carried unchanged by every `update`;
//! - a payload keeps it in [`StoredPayload::principal`](crate::payload::StoredPayload::principal).
//!
//! A store only keeps the field as written; the router compares it with the caller's key
//! after the `get`. A `tasks/get`, `tasks/update` or `tasks/cancel` of another principal's
//! task is answered `unknown task` exactly as for an id never issued, and a `resources/read`
//! of another principal's payload link as for an expired one. "No principal" is an owner of
//! its own: a request without one never reaches what a principal created, nor the reverse.
//! The same rule holds outside the stores: a 2025-era session, of the own HTTP endpoint or of
//! rmcp's Streamable HTTP service behind this crate's front (and the resource subscriptions
//! and `GET` stream it holds), answers another principal as an unknown session (404), and a
//! sealed `requestState` carries a digest of the key and is refused to another principal as
//! a tampered one ([`input`](crate::input)). The change bus keeps no state a client could
//! name: a 2026-07-28 `subscriptions/listen` subscription lives as its event stream (its id
//! is the request's own, looked up nowhere), and a 2025-era `resources/subscribe` lives in
//! the session that made it. Sessions live in the process that opened them, so their owner
//! does too.
//!
//! The traits are object-safe (the router holds `Arc<dyn …>`), so an implementation returns
//! `Box::pin(async move { … })`. A wrapper around the default payload store:
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::{AtomicUsize, Ordering};
//!
//! use mcp_content::store::StoreFuture;
//! use mcp_content::Router;
//! use mcp_content::payload::{MemoryPayloadStore, PayloadStore, StoredPayload};
//!
//! /// Counts the payloads it keeps.
//! #[derive(Default)]
//! struct Counting {
//!     kept: AtomicUsize,
//!     inner: MemoryPayloadStore,
//! }
//!
//! impl PayloadStore for Counting {
//!     fn put(&self, id: String, payload: StoredPayload) -> StoreFuture<'_, ()> {
//!         self.kept.fetch_add(1, Ordering::Relaxed);
//!         self.inner.put(id, payload)
//!     }
//!
//!     fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredPayload>> {
//!         Box::pin(async move {
//!             // Anything async may run here (a network round trip, a file read).
//!             self.inner.get(id).await
//!         })
//!     }
//! }
//!
//! let router = Router::builder()
//!     .payload_store(Counting::default())
//!     .build()
//!     .unwrap();
//! # let _ = router;
//! ```

use std::fmt;

use crate::server::handler::BoxFuture;
use crate::server::protocol_error::ProtocolError;

/// What a store's operation returns: a boxed, sendable future of its result (the seams are
/// trait objects, so their futures are boxed).
pub type StoreFuture<'a, T> = BoxFuture<'a, Result<T, StoreError>>;

/// Which store failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StoreKind {
    /// The [`TaskStore`](crate::tasks::TaskStore) (`task store`).
    Tasks,
    /// The [`PayloadStore`](crate::payload::PayloadStore) (`payload store`).
    Payloads,
    /// The [`ChangeBus`](crate::changes::ChangeBus) (`change bus`).
    Changes,
}

impl StoreKind {
    /// How error messages name it: `task store`, `payload store`, `change bus`.
    pub fn name(self) -> &'static str {
        match self {
            StoreKind::Tasks => "task store",
            StoreKind::Payloads => "payload store",
            StoreKind::Changes => "change bus",
        }
    }
}

/// A store's operation failed: which store, and what went wrong. Written as
/// `<store>: <message>` (`task store: bad task id`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError {
    store: StoreKind,
    message: String,
}

impl StoreError {
    /// An error of `store` saying `message`.
    pub fn new(store: StoreKind, message: impl Into<String>) -> Self {
        Self {
            store,
            message: message.into(),
        }
    }

    /// An error of the task store.
    pub fn tasks(message: impl fmt::Display) -> Self {
        Self::new(StoreKind::Tasks, message.to_string())
    }

    /// An error of the payload store.
    pub fn payloads(message: impl fmt::Display) -> Self {
        Self::new(StoreKind::Payloads, message.to_string())
    }

    /// An error of the change bus.
    pub fn changes(message: impl fmt::Display) -> Self {
        Self::new(StoreKind::Changes, message.to_string())
    }

    /// Which store failed.
    pub fn store(&self) -> StoreKind {
        self.store
    }

    /// What went wrong (without the store's name).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.store.name(), self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<StoreError> for ProtocolError {
    /// An internal error (`-32603`) with the store error's words.
    fn from(error: StoreError) -> Self {
        ProtocolError::internal(error.to_string())
    }
}
