//! What the transports at the edge share (`crate::http`, `crate::stdio`, `crate::rmcp`): the tasks engine
//! they run task tools through, on tokio, the reply to a message that is not JSON, request
//! ids as sent, and the own endpoint's and own stdio's handshake (`handshake.rs`).
//! They depend on the core (`crate::server`); the core knows none of them.

#[cfg(any(
    feature = "http",
    feature = "stdio",
    feature = "__rmcp-stdio",
    feature = "__rmcp-http"
))]
#[cfg(any(test, feature = "__test-support"))]
#[doc(hidden)]
pub mod capture;
#[cfg(any(feature = "http", feature = "stdio"))]
pub(crate) mod handshake;
#[doc(hidden)]
pub mod id;
#[cfg(any(feature = "stdio", feature = "__rmcp-stdio"))]
#[doc(hidden)]
pub mod line;
#[cfg(any(feature = "http", feature = "__rmcp-stdio", feature = "__rmcp-http"))]
#[doc(hidden)]
pub mod mcp_span;
#[cfg(any(
    feature = "http",
    feature = "stdio",
    feature = "__rmcp-stdio",
    feature = "__rmcp-http"
))]
#[doc(hidden)]
pub mod parse;
mod task_lease;
#[cfg(test)]
mod task_lease_tests;
#[cfg(test)]
mod task_owner_tests;
#[doc(hidden)]
pub mod tasks;
#[cfg(any(feature = "http", feature = "__rmcp-http"))]
#[doc(hidden)]
pub mod trace;
