//! The entry points for reading untrusted JSON into the model: within limits
//! ([`read_json_with`], [`read_value_with`]) or the default ones ([`read_json`], [`read_value`]).
//!
//! What every read holds to:
//!
//! - **One `null` rule.** The official schemas give no optional field a `null` type, so `null`
//!   in any optional field of any model type is refused, naming the field's path, with rule
//!   [`Rule::Type`](crate::rules::Rule::Type) — never read as absent (a relay would then drop
//!   it) and never written back as something else. `structuredContent: null` is not an
//!   absent field but a value (the 2026-07-28 schema takes any JSON value): it is kept.
//! - **What the spec allows is read**: `lastModified` in any ISO 8601 form, written back as
//!   received; sizes that JSON Schema counts as integers (`1.0`, `1e3`); icon `src` over
//!   `http:` as well as `https:` and `data:` ([`ReadLimits::https_icons_only`] refuses `http:`).
//! - **Limits** ([`ReadLimits`]) on size, depth, decoded binary size, JSON values and blocks;
//!   the parser's 128 levels hold even for [`ReadLimits::unlimited`], for bytes and `Value`s.
//! - **Errors name the fault**: a byte order mark, invalid UTF-8 and lone surrogate escapes are
//!   named as such, and every quoted value or key in an error or path is cut to 80 characters.
//! - **Nothing uninterpreted changes**: unknown fields and blocks, `_meta` values and
//!   structured content are kept as JSON text ([`JsonObject`](crate::JsonObject),
//!   [`RawJson`](crate::RawJson)) and written back byte for byte.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;
use crate::wire::limits::{
    BinaryLimitScope, Finding, ReadLimits, ValueProblem, check_value_depth, depth_error,
    drop_iteratively, path_at, recursion_as_limit, reset_blocks, scan, values_error,
};

/// Reads a model value from untrusted JSON bytes, validating every rule on the way, within
/// the default [`ReadLimits`](crate::ReadLimits) (see [`read_json_with`](crate::read_json_with)).
/// The error names the JSON path and the rule.
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReadError> {
    read_json_with(bytes, &ReadLimits::default())
}

/// Reads a model value from a JSON value, validating every rule on the way, within the
/// default [`ReadLimits`](crate::ReadLimits) (see [`read_value_with`](crate::read_value_with)).
pub fn read_value<T: DeserializeOwned>(value: Value) -> Result<T, ReadError> {
    read_value_with(value, &ReadLimits::default())
}

/// [`read_json`] with no limit but `serde_json`'s own (the limits are checked by the caller).
pub(crate) fn read_json_unlimited<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReadError> {
    // Tracking the path costs an allocation per key read; valid input is the common case, so
    // read without it first and read again with it only to name the path of an error.
    let plain = match serde_json::from_slice(bytes) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    if let Some(error) = encoding_error(bytes) {
        return Err(error);
    }
    // The second pass counts blocks again from zero.
    reset_blocks();
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let tracked: Result<T, _> = serde_path_to_error::deserialize(&mut deserializer);
    Err(match tracked {
        Err(error) => ReadError::from_json(error),
        // Only trailing characters fail the plain read but not the tracked one.
        Ok(_) => match deserializer.end() {
            Err(error) => ReadError::from_parts(".".to_owned(), &error),
            Ok(()) => ReadError::from_parts(".".to_owned(), &plain),
        },
    })
}

/// [`read_value`] with no limit (the limits are checked by the caller).
pub(crate) fn read_value_unlimited<T: DeserializeOwned>(value: Value) -> Result<T, ReadError> {
    // As in `read_json_unlimited`: the path is tracked only to report an error.
    match T::deserialize(&value) {
        Ok(read) => Ok(read),
        Err(_) => serde_path_to_error::deserialize(value).map_err(ReadError::from_json),
    }
}

/// Reads a model value from untrusted JSON bytes within `limits`, validating every rule on
/// the way and refusing duplicate keys. The error names the JSON path and the rule
/// ([`Rule::Limit`] for a limit).
///
/// ```
/// use mcp_content::{CallToolResult, ReadLimits, read_json_with};
/// let err = read_json_with::<CallToolResult>(br#"{"content":[]}"#, &ReadLimits::default().with_max_document_bytes(8))
///     .unwrap_err();
/// assert_eq!(err.to_string(), ".: the document is 14 bytes, over the limit of 8 bytes (rule: limit)");
/// ```
pub fn read_json_with<T: DeserializeOwned>(
    bytes: &[u8],
    limits: &ReadLimits,
) -> Result<T, ReadError> {
    if bytes.len() > limits.max_document_bytes {
        return Err(ReadError::new(
            ".",
            Violation::new(
                Rule::Limit,
                format!(
                    "the document is {} bytes, over the limit of {} bytes",
                    bytes.len(),
                    limits.max_document_bytes
                ),
            ),
        ));
    }
    if let Some(error) = encoding_error(bytes) {
        return Err(error);
    }
    // The parser's own limit applies whatever the limits say, also to the JSON kept as text
    // (which serde_json reads without recursion, so without its limit).
    let max_depth = limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH);
    let finding = scan(bytes, max_depth, limits.max_values);
    match finding {
        Finding::TooDeep(at) if max_depth < limits.max_depth => {
            return Err(recursion_as_limit(ReadError::message(
                path_at(bytes, at),
                "recursion limit exceeded",
            )));
        }
        Finding::TooDeep(at) => {
            return Err(depth_error(path_at(bytes, at), limits.max_depth));
        }
        Finding::TooManyValues(at) => {
            return Err(values_error(path_at(bytes, at), limits.max_values));
        }
        _ => {}
    }
    let value = {
        let _scope = BinaryLimitScope::enter_for_document(limits, bytes.len());
        read_json_unlimited(bytes).map_err(recursion_as_limit)?
    };
    // serde_json keeps the last of duplicate keys in a map; a peer reading the first would
    // see another document. Refuse them everywhere (the model's own fields already do),
    // once the document is known to parse (so a malformed one gets the parser's error).
    if let Finding::DuplicateKey(object, key) = finding {
        return Err(ReadError::message(
            path_at(bytes, object),
            format!("duplicate field `{key}`"),
        ));
    }
    Ok(value)
}

/// Reads a model value from a JSON value within `limits` (the document size does not apply:
/// the value is already parsed). A value nested deeper than the limit is taken apart without
/// recursion, so even one built in code that nests 100,000 levels does not overflow the stack.
///
/// ```
/// use mcp_content::{ContentBlock, ReadLimits, read_value_with};
/// let value = serde_json::json!({"type": "text", "text": "hi", "_meta": {"a.b/c": [[[1]]]}});
/// let err = read_value_with::<ContentBlock>(value, &ReadLimits::default().with_max_depth(3)).unwrap_err();
/// assert_eq!(err.to_string(), "_meta.a.b/c[0]: nested deeper than 3 levels (rule: limit)");
/// ```
pub fn read_value_with<T: DeserializeOwned>(
    value: Value,
    limits: &ReadLimits,
) -> Result<T, ReadError> {
    let max_depth = limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH);
    if let Err(problem) = check_value_depth(&value, max_depth, limits.max_values) {
        drop_iteratively(value);
        return Err(match problem {
            ValueProblem::TooDeep(path) if max_depth < limits.max_depth => {
                recursion_as_limit(ReadError::message(path, "recursion limit exceeded"))
            }
            ValueProblem::TooDeep(path) => depth_error(path, max_depth),
            ValueProblem::TooMany(path) => values_error(path, limits.max_values),
        });
    }
    let _scope = BinaryLimitScope::enter(limits);
    read_value_unlimited(value)
}

/// The encoding faults `serde_json` reports under other names ("expected value" for a byte
/// order mark, "unexpected end of hex escape" for a lone surrogate): named as what they are,
/// with the path of the value they are in.
pub(crate) fn encoding_error(bytes: &[u8]) -> Option<ReadError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return Some(ReadError::message(
            ".",
            "the document starts with a UTF-8 byte order mark (EF BB BF); JSON text must not \
             (RFC 8259 section 8.1)",
        ));
    }
    if let Err(error) = std::str::from_utf8(bytes) {
        let at = error.valid_up_to();
        let bad = bytes.get(at).copied().unwrap_or(0);
        return Some(
            ReadError::message(
                path_at(bytes, at),
                format!("invalid UTF-8: byte 0x{bad:02X} at offset {at} does not start or continue a UTF-8 character"),
            )
            .at_offset(bytes, at),
        );
    }
    lone_surrogate(bytes).map(|(at, escape)| {
        ReadError::message(
            path_at(bytes, at),
            format!(
                "lone surrogate escape `{escape}` at offset {at}: a \\uD800-\\uDFFF escape must be \
                 half of a surrogate pair, which JSON text in UTF-8 cannot otherwise carry"
            ),
        )
        .at_offset(bytes, at)
    })
}

/// The offset and text of the first `\\uD800`-`\\uDFFF` escape that is not half of a pair.
fn lone_surrogate(bytes: &[u8]) -> Option<(usize, String)> {
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(bytes.get(from..)?, b"\\u") {
        let at = from + i;
        // An escaped backslash followed by `u` is not an escape: count the backslashes.
        let run = bytes[..at]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        from = at + 2;
        if run % 2 == 1 {
            continue;
        }
        let Some(code) = hex4(bytes.get(at + 2..at + 6)?) else {
            continue;
        };
        let escape = || String::from_utf8_lossy(&bytes[at..at + 6]).into_owned();
        match code {
            0xD800..=0xDBFF => {
                let low = bytes
                    .get(at + 6..at + 8)
                    .filter(|p| *p == b"\\u")
                    .and_then(|_| hex4(bytes.get(at + 8..at + 12)?));
                if matches!(low, Some(0xDC00..=0xDFFF)) {
                    from = at + 12;
                } else {
                    return Some((at, escape()));
                }
            }
            0xDC00..=0xDFFF => return Some((at, escape())),
            _ => from = at + 6,
        }
    }
    None
}

fn hex4(digits: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}
