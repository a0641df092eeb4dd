//! The derive's writing glue (`__p::write::…`): a derived type's blocks, `_meta` and result
//! built field by field. Its `rmcp` tool return (`rmcp_tool_return!`) is the crate
//! `mcp-content`'s, beside the bridge.

pub use crate::content_traits::WriteError;
pub use crate::derive::flatten::FlattenedContent;
pub use crate::derive::write::{
    Envelope, FanOut, FanOutElement, LinkParts, MetaEntry, Out, Refused, ResourceParts, TextOut,
    WrittenMeta, annotations, blob_resource, call_tool_result, entries, expand, extend_content,
    extend_meta, link, lit, media, meta, name_or, nested, result_meta, string, text, text_resource,
};
