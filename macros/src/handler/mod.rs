//! `#[tool]`, `#[prompt]`, `#[resource]` and `router!`. The three attributes run one pipeline
//! (`skeleton.rs`): the shared grammar (`attrs.rs`), the function and its parameters
//! (`signature.rs`, `docs.rs` for `# Arguments`, `context.rs` for a function in an `impl` block), then each macro's own check, body and stub
//! (`tool.rs`, `prompt.rs`, `resource.rs`, each a [`skeleton::HandlerKind`]); `emit.rs` holds
//! the generation pieces they share, `app.rs` the MCP Apps keys and `scopes.rs` the OAuth
//! scopes.
//!
//! Every mistake is reported into one [`Ctxt`](crate::ctxt::Ctxt), at the narrowest token; on
//! error the function is still emitted, with a stub handler, so one mistake does not cascade.

pub(crate) mod app;
mod attrs;
mod context;
mod docs;
mod emit;
pub(crate) mod prompt;
pub(crate) mod resource;
pub(crate) mod router;
mod scopes;
mod signature;
mod skeleton;
pub(crate) mod tool;

pub(crate) use skeleton::expand;
