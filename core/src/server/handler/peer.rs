//! What a transport offers a handler to talk back to the client: the [`ClientPeer`] trait
//! transports implement, the [`LogLevel`] of a log message, and the [`BoxFuture`] both the
//! peer and the handler traits return.
//!
//! Apart from the handler traits and the [`Context`](super::Context) because both use it:
//! it is the one interface between a transport and a handler's request.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::model::meta::Meta;
use crate::server::protocol_error::ProtocolError;

/// A boxed, sendable future (handlers are stored as trait objects).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The severity of a log message (RFC 5424 levels, as MCP names them).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    /// Debug.
    Debug,
    /// Info.
    Info,
    /// Notice.
    Notice,
    /// Warning.
    Warning,
    /// Error.
    Error,
    /// Critical.
    Critical,
    /// Alert.
    Alert,
    /// Emergency.
    Emergency,
}

/// What a transport offers a handler to talk back to the client during a request.
///
/// Transports implement it (the `rmcp` adapter, the in-process test peer); handlers use it
/// through [`Context`](super::Context). Requests and results are JSON, as the protocol
/// defines them.
pub trait ClientPeer: Send + Sync {
    /// Sends `notifications/progress` with these params.
    fn notify_progress(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>>;
    /// Sends `notifications/message` with these params.
    fn notify_log(&self, params: Value) -> BoxFuture<'_, Result<(), ProtocolError>>;
    /// Sends a request (`sampling/createMessage`, `elicitation/create`, `roots/list`) and
    /// waits for the client's result.
    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, ProtocolError>>;
    /// The client's declared capabilities, when known.
    fn client_capabilities(&self) -> Option<Value>;
    /// The request's `_meta`, when the transport keeps it with the client rather than
    /// handing it to the [`Context`](super::Context) (read only when a handler asks; a key
    /// that breaks the grammar left out). `None` by default: the context's own `_meta`.
    fn request_meta(&self) -> Option<Meta> {
        None
    }
}
