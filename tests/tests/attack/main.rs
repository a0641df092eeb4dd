//! The servers under attack: what a hostile client on loopback (or in process) tries, one
//! module per class of attack (slow or stalled clients, connection floods, bodies that are
//! not JSON, session tables filled by idle clients, guessable ids, unbounded stores, replayed
//! state, escaping file roots, clients that disconnect or cancel, handlers that panic, odd
//! request ids, over-size stdio lines), on every transport. Bounded in count and time,
//! 127.0.0.1 only.

mod raw_http;
mod stdio;
mod support;

mod cancellation;
mod connections;
mod content_type;
mod cors;
mod file_roots;
mod id_echo;
mod identifiers;
mod ownership;
mod panics;
mod payload_bound;
mod request_state;
mod sessions;
mod shutdown;
mod stdio_oversize;
mod task_lease;
mod timeouts;
