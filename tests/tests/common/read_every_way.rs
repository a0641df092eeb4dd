//! The read-back helper the `read_back` modules share (included with `#[path]`).

use mcp_content::{CallToolResult, FromContent, ReadError, read_json};

/// Reads `json` as `T` through every reader (`from_call_tool_result`,
/// `from_content_and_meta`, `from_owned_call_tool_result`): the same value or the same error.
pub(crate) fn read<T: FromContent + std::fmt::Debug + PartialEq>(
    json: &str,
) -> Result<T, ReadError> {
    let result: CallToolResult =
        read_json(json.as_bytes()).unwrap_or_else(|e| panic!("{json} does not read: {e}"));
    let borrowed = T::from_call_tool_result(&result);
    let blocks = T::from_content_and_meta(&result.content, &result.meta);
    let owned = T::from_owned_call_tool_result(result);
    match (&borrowed, &blocks, &owned) {
        (Ok(a), Ok(b), Ok(c)) => assert!(a == b && b == c),
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(a.to_string(), b.to_string());
            assert_eq!(a.to_string(), c.to_string());
        }
        _ => panic!("the readers disagree on {json}: {borrowed:?} {blocks:?} {owned:?}"),
    }
    borrowed
}
