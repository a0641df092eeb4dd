//! The feature `auth`: the server as an OAuth 2.1 resource server (MCP authorization,
//! 2025-11-25 and 2026-07-28). Re-exported from [`crate::auth`].
//!
//! At the edge, like the transports: the transport-free seam ([`crate::auth::Principal`],
//! [`crate::auth::TokenVerifier`]) is in `server/auth/`.

mod challenge;
mod document;
mod layer;
mod metadata;
mod resource;
mod uri;

#[cfg(feature = "http")]
pub(crate) use challenge::Refusal;
pub use layer::{BearerLayer, BearerService};
pub use metadata::MetadataService;
#[cfg(feature = "http")]
pub(crate) use metadata::answer as metadata_answer;
pub use resource::ResourceServer;
pub use uri::UriError;

// The built-in token verifiers: JWT with the issuer's JWKS, RFC 7662 introspection, the cache
// of verified tokens, the settings their builders share, and the HTTP client they fetch with.
mod cache;
mod fetch;
mod introspect;
mod jwks;
mod jwt;
mod options;

pub use cache::CachedVerifier;
pub use fetch::VerifierConfigError;
pub use introspect::{IntrospectionVerifier, IntrospectionVerifierBuilder};
pub use jwt::{JwtVerifier, JwtVerifierBuilder};
