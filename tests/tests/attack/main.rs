//! The servers under attack, on loopback and bounded in time: each module one class of
//! hostile or broken client, on every transport (the own HTTP endpoint, rmcp's Streamable
//! HTTP, rmcp's stdio).

mod cancellation;
mod id_echo;
mod panics;
mod stdio_oversize;
mod support;
