//! The servers under attack, on 127.0.0.1 only: each module one class of hostile client
//! (slow or stalled clients, connection floods, bodies that are not JSON, session tables
//! filled by idle or hostile clients), each test bounded in time.

mod raw_http;

mod connections;
mod content_type;
mod sessions;
mod timeouts;
