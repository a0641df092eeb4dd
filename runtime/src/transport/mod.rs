//! What the transports at the edge share (`crate::http`, `crate::stdio`, `crate::rmcp`): the tasks engine
//! they run task tools through, on tokio, the reply to a message that is not JSON, request
//! ids as sent, and the own endpoint's and own stdio's handshake (`handshake.rs`).
//! They depend on the core (`crate::server`); the core knows none of them.

#[cfg(any(feature = "http", feature = "stdio"))]
pub(crate) mod handshake;
#[cfg(any(
    feature = "http",
    feature = "stdio",
    feature = "rmcp-stdio",
    feature = "rmcp-http"
))]
pub(crate) mod id;
#[cfg(any(feature = "stdio", feature = "rmcp-stdio"))]
pub(crate) mod line;
#[cfg(any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http"))]
pub(crate) mod mcp_span;
#[cfg(any(
    feature = "http",
    feature = "stdio",
    feature = "rmcp-stdio",
    feature = "rmcp-http"
))]
pub(crate) mod parse;
mod task_lease;
#[cfg(test)]
mod task_lease_tests;
#[cfg(test)]
mod task_owner_tests;
pub(crate) mod tasks;
#[cfg(any(feature = "http", feature = "rmcp-http"))]
pub(crate) mod trace;
