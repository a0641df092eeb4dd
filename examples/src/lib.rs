//! Examples for mcp-content; see `src/bin`.

pub mod telemetry;
