//! Examples for mcp-content; see `src/bin`.
