//! Validated Model Context Protocol (MCP) content from annotated Rust types, and back.
//!
//! The root holds what a server or client writes every day: the macros, the [`Router`], the
//! [`Context`] a handler takes, [`ContentBlock`] and [`CallToolResult`], [`read_json`], and
//! the traits a type implements to become content or be read back from it. The rest lives
//! in a module named for its concern: the protocol's data in [`model`] (serde-exact for MCP
//! 2026-07-28, and written for 2025-06-18 and 2025-11-25 peers too: [`SerializeFor`]);
//! reading with limits and writing per version in [`wire`]; the rules of the protocol in
//! [`rules`], shared with the macros (a value of a validated type — [`model::MimeType`],
//! [`model::Uri`], [`model::Priority`], … — has passed its rule, and reading untrusted JSON
//! reports the JSON path and the rule of the first problem); serving in [`handler`],
//! [`input`], [`tasks`], [`payload`], [`changes`] and [`apps`]; transports in `http`,
//! `stdio` and `rmcp` (features); the stores on Redis in `redis` (feature); gateway
//! conversions in [`convert`].
#![doc = include_str!("../../README.md")]

// Everything but the rmcp bridge lives in `mcp-content-core`, which has no rmcp in its tree:
// cargo compiles it beside rmcp, and only this crate (the bridge, about 5k lines) waits for
// rmcp. Its hidden modules (`server`, `transport`, …) come in with the rest, under the names
// the bridge uses (`crate::server::…`).
pub use mcp_content_core::*;

#[cfg(feature = "rmcp")]
pub mod rmcp;

#[cfg(feature = "derive")]
#[doc = include_str!("derive_content.md")]
pub use mcp_content_macros::Content;
#[cfg(feature = "derive")]
#[doc = include_str!("attribute_prompt.md")]
pub use mcp_content_macros::prompt;
#[cfg(feature = "derive")]
#[doc = include_str!("attribute_resource.md")]
pub use mcp_content_macros::resource;
#[cfg(feature = "derive")]
#[doc = include_str!("macro_router.md")]
pub use mcp_content_macros::router;
#[cfg(feature = "derive")]
#[doc = include_str!("attribute_tool.md")]
pub use mcp_content_macros::tool;

/// The door generated code goes through: the core's, with the rmcp bridge's glue added.
#[doc(hidden)]
pub mod __private_0_1 {
    pub use mcp_content_core::__private_0_1::*;

    #[cfg(feature = "rmcp")]
    pub use ::rmcp;

    /// The derive's writing glue, and its `rmcp` tool return.
    pub mod write {
        pub use mcp_content_core::__private_0_1::write::*;

        #[doc(hidden)]
        pub use crate::__rmcp_tool_return as rmcp_tool_return;
        #[cfg(feature = "rmcp")]
        pub use crate::rmcp::__into_rmcp_response as into_rmcp_response;
    }
}

/// With the feature `rmcp`: implements `rmcp`'s `IntoCallToolResult` for a derived type, so it
/// can be returned from an `rmcp` `#[tool]`. Without it: nothing.
#[cfg(feature = "rmcp")]
#[doc(hidden)]
#[macro_export]
macro_rules! __rmcp_tool_return {
    ([$($impl_generics:tt)*] [$($ty:tt)*] [$($where_clause:tt)*]) => {
        #[automatically_derived]
        impl $($impl_generics)* $crate::__private_0_1::rmcp::handler::server::tool::IntoCallToolResult
            for $($ty)* $($where_clause)*
        {
            fn into_call_tool_result(
                self,
            ) -> $crate::__private_0_1::Result<
                $crate::__private_0_1::rmcp::model::CallToolResponse,
                $crate::__private_0_1::rmcp::ErrorData,
            > {
                $crate::__private_0_1::write::into_rmcp_response(self)
            }
        }
    };
}

/// Without the feature `rmcp`: nothing to implement.
#[cfg(not(feature = "rmcp"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __rmcp_tool_return {
    ($($tokens:tt)*) => {};
}
