//! The servers under attack, on 127.0.0.1 only: each module one class of hostile client
//! (slow or stalled clients, connection floods, bodies that are not JSON, session tables
//! filled by idle or hostile clients, clients that disconnect or cancel, handlers that
//! panic, odd request ids, over-size stdio lines), on every transport (the own HTTP
//! endpoint, rmcp's Streamable HTTP, rmcp's stdio), each test bounded in time.

mod raw_http;
mod support;

mod cancellation;
mod connections;
mod content_type;
mod id_echo;
mod panics;
mod sessions;
mod stdio_oversize;
mod timeouts;
