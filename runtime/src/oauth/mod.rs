//! The feature `auth`: the server as an OAuth 2.1 resource server (MCP authorization,
//! 2025-11-25 and 2026-07-28). Re-exported from [`crate::auth`].
//!
//! At the edge, like the transports: the transport-free seam ([`crate::auth::Principal`],
//! [`crate::auth::TokenVerifier`]) is in `server/auth/`.
