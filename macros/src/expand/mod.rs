//! Code generation: `content/` for the derive (one file per stage: `write`, `read`, `enum`),
//! `fallback` for the stubs emitted next to errors. The handler macros generate in
//! `crate::handler`. Generated code calls generic helpers of the runtime's private module
//! (`__p::…`, see `toolkit::private_door`) instead of spelling out their bodies.

pub(crate) mod content;
pub(crate) mod fallback;
