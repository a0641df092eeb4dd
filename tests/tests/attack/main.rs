//! The servers under attack: what a hostile client on loopback (or in process) tries, one
//! module per class of attack. Bounded in count and time, 127.0.0.1 only.

mod file_roots;
mod identifiers;
mod payload_bound;
mod request_state;
mod stdio;
mod task_lease;
