//! The read-back helper `read_back/literal_instants_and_structured_meta.rs` and
//! `convert/message_parts_refusals.rs` share (included with `#[path]`): the whole result, its
//! blocks and `_meta`, and owned, with one answer.

use mcp_content::{CallToolResult, FromContent, read_json};

/// Reads `json` as `T` from the whole result, from its blocks and `_meta`, and owned: the
/// same value or the same error.
pub(crate) fn read<T: FromContent + std::fmt::Debug + PartialEq>(json: &str) -> Result<T, String> {
    let result: CallToolResult =
        read_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json} does not read: {e}"));
    let borrowed = T::from_call_tool_result(&result).map_err(|e| e.to_string());
    let owned = T::from_owned_call_tool_result(result).map_err(|e| e.to_string());
    assert_eq!(borrowed, owned, "{json}");
    borrowed
}
