//! Serving: the handler traits the attribute macros implement, what a handler may return,
//! the router that lists and dispatches handlers. The transports that serve a router (`crate::http`,
//! `crate::rmcp`) live outside, at the edge: they depend on this module, never the reverse.

pub(crate) mod app;
#[doc(hidden)]
pub mod auth;
#[doc(hidden)]
pub mod changes;
pub(crate) mod context_param;
pub(crate) mod glue;
#[doc(hidden)]
pub mod handler;
pub mod input;
#[doc(hidden)]
pub mod params;
pub(crate) mod payload;
pub(crate) mod prompt_result;
#[doc(hidden)]
pub mod protocol_error;
#[doc(hidden)]
pub mod random_id;
#[doc(hidden)]
pub mod request;
pub(crate) mod resource_result;
#[doc(hidden)]
pub mod router;
pub mod store;
pub mod tasks;
pub(crate) mod text_params;
pub(crate) mod tool_result;
