//! Conversions between this crate's model and `rmcp::model`, both ways.
//!
//! Conversions are defined by the protocol's JSON, which both models write and read: a value
//! crosses as rmcp would read the JSON we write. Results whose every part rmcp's types hold
//! as they are (tool, prompt and read results, with text, image, audio, resource-link and
//! embedded-resource blocks, no unknown fields, free-form JSON a `Value` keeps) cross field
//! by field, their strings and base64 moved; every other value goes through the JSON itself
//! and is checked there. The two routes give the same rmcp values (tested per version). What
//! crosses, and what cannot:
//!
//! | data | `to_rmcp` (ours → rmcp) | `from_rmcp` (rmcp → ours) |
//! |---|---|---|
//! | `_meta` (results, blocks, resource contents, descriptors) | kept | kept |
//! | annotations, icons, tool annotations, prompt arguments | kept | kept |
//! | `annotations.priority` | kept when the `f32` rmcp holds is exact (`0.1`, `0.8`, `1/1024`); else an error | the shortest decimal that round-trips rmcp's `f32` (`0.8` stays `0.8`) |
//! | `resultType` of `GetPromptResult`, `ReadResourceResult` | kept (rmcp's `ResultType` is an open string) | kept |
//! | `resultType` of `CallToolResult` other than `"complete"` | error: rmcp's `CallToolResult` holds only `"complete"` | — |
//! | unknown fields (`extra`) of any type, at any depth | error: no rmcp type has a place for them (none flattens unknown fields) | — (rmcp values have none) |
//! | an `extra` key that names one of its owner's own fields (`TextContent.extra["type"]`) | error: our writers never write it, so it would vanish on the way | — |
//! | an unknown block (`ContentBlock::Unknown`) | error: rmcp's `ContentBlock` is closed | — |
//! | a number in `_meta`, structured content, schemas whose value an `f64` or a 64-bit integer cannot hold (`123456789012345678901234567890`, `0.30000000000000001`) | error: rmcp holds them in `serde_json::Value`, which would round them | — |
//! | a `size` or `ttlMs` no `u64` holds (`-1`, `18446744073709551616`: the schemas allow any integer) | error naming its path (`content[0].size`): rmcp holds them as `u64` | kept |
//! | a number's spelling (`1E2`, `1.0`) and the order of keys in free-form JSON | not kept: rmcp's `serde_json::Value` holds the number (`100.0`) and sorts keys | kept as rmcp writes them |
//!
//! Nothing is dropped silently: where rmcp's types cannot hold a value, `to_rmcp` fails with
//! a [`ConvertError`] whose [`path`](ConvertError::path) names it (`content[1].type`,
//! `content[0].x-trace`) and whose message says why. The check compares the JSON we write
//! with the JSON the rmcp value writes back, so any field rmcp would drop is found, whatever
//! its depth.
//!
//! `from_rmcp` checks every rule of the model (an rmcp value can hold an `image` block with
//! a `text/plain` MIME type, a priority of 7 or a relative URI), but not the limits put on
//! untrusted input ([`ReadLimits`](crate::wire::ReadLimits)): an rmcp value is built in this
//! process, so a 20 MiB image or structured content nested 100 levels deep converts. The
//! JSON parser's 128 levels still hold (as for [`ReadLimits::unlimited`](crate::wire::ReadLimits::unlimited)):
//! a value nested deeper is refused with its path and rule `limit`, never cut short (no
//! `serde_json::Value` this crate makes of it, nor rmcp reading it from the wire, goes deeper).
//! Both ways, the depth is found before anything recurses over the value (`serde_json`'s
//! serializers have no limit of their own): a `Value` nested 100,000 levels deep in an rmcp
//! value, or JSON text as deep in one of ours (a `RawJson` made from a `RawValue`), is refused
//! with the path of its first value past 128 levels, never a stack overflow.

mod error;
mod json;
mod model;
mod typed;

use ::rmcp::ErrorData;
use ::rmcp::model as rm;

pub use self::error::ConvertError;
pub(crate) use self::error::convert_error;
pub(crate) use self::json::to_rmcp_text;
pub use self::model::RmcpModel;
use crate::rules::ProtocolVersion;

/// A derived type's result as `rmcp` takes it from a tool (what the derive's `rmcp`
/// `IntoCallToolResult` impl calls).
#[doc(hidden)]
pub fn __into_rmcp_response<T: crate::IntoCallToolResult>(
    value: T,
) -> Result<rm::CallToolResponse, ErrorData> {
    let result = value.into_call_tool_result();
    let result = result
        .into_rmcp_for(ProtocolVersion::LATEST)
        .map_err(|e| convert_error(&e))?;
    Ok(result.into())
}

#[cfg(test)]
mod tests;
