//! Serving: the handler traits the attribute macros implement, what a handler may return,
//! the router that lists and dispatches handlers, and (feature `rmcp`) the bridge that runs
//! a router on `rmcp`'s transports.

pub(crate) mod app;
pub(crate) mod changes;
pub(crate) mod context_param;
pub(crate) mod glue;
pub(crate) mod handler;
#[cfg(feature = "http")]
pub mod http;
pub mod input;
pub(crate) mod params;
pub(crate) mod payload;
pub(crate) mod prompt_result;
pub(crate) mod protocol_error;
pub(crate) mod resource_result;
#[cfg(feature = "rmcp")]
pub mod rmcp;
pub(crate) mod router;
pub mod tasks;
pub(crate) mod text_params;
pub(crate) mod tool_result;
