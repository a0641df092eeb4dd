//! Derive and attribute macros for [`mcp-content`](https://docs.rs/mcp-content).
//!
//! Use them through the `mcp-content` crate, which re-exports them.
