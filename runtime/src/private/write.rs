//! The derive's writing glue (`__p::write::…`): a derived type's blocks, `_meta` and result
//! built field by field, and its `rmcp` tool return.

#[doc(hidden)]
pub use crate::__rmcp_tool_return as rmcp_tool_return;
pub use crate::content_traits::WriteError;
pub use crate::derive::flatten::FlattenedContent;
pub use crate::derive::write::{
    Envelope, FanOut, FanOutElement, LinkParts, MetaEntry, Out, Refused, ResourceParts, TextOut,
    WrittenMeta, annotations, blob_resource, call_tool_result, entries, expand, extend_content,
    extend_meta, link, lit, media, meta, name_or, nested, result_meta, string, text, text_resource,
};
#[cfg(feature = "rmcp")]
pub use crate::rmcp::__into_rmcp_response as into_rmcp_response;

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
