//! Serving: the handler traits the attribute macros implement, what a handler may return,
//! the router that lists and dispatches handlers. The transports that serve a router (`crate::http`,
//! `crate::rmcp`) live outside, at the edge: they depend on this module, never the reverse.

pub(crate) mod app;
pub(crate) mod auth;
pub(crate) mod changes;
pub(crate) mod context_param;
pub(crate) mod glue;
pub(crate) mod handler;
pub mod input;
pub(crate) mod params;
pub(crate) mod payload;
pub(crate) mod prompt_result;
pub(crate) mod protocol_error;
pub(crate) mod random_id;
pub(crate) mod request;
pub(crate) mod resource_result;
pub(crate) mod router;
pub mod store;
pub mod tasks;
pub(crate) mod text_params;
pub(crate) mod tool_result;
