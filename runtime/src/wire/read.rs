//! The entry points for reading untrusted JSON into the model: within limits
//! ([`read_json_with`], [`read_value_with`]) or the default ones ([`read_json`], [`read_value`]).

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;
use crate::wire::limits::{
    BinaryLimitScope, Finding, ReadLimits, check_value_depth, depth_error, drop_iteratively,
    path_at, recursion_as_limit, scan,
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
    let finding = scan(bytes, limits.max_depth);
    if let Finding::TooDeep(at) = finding {
        return Err(depth_error(path_at(bytes, at), limits.max_depth));
    }
    let value = {
        let _scope = BinaryLimitScope::enter(limits.max_binary_bytes);
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
    if let Err(path) = check_value_depth(&value, limits.max_depth) {
        drop_iteratively(value);
        return Err(depth_error(path, limits.max_depth));
    }
    let _scope = BinaryLimitScope::enter(limits.max_binary_bytes);
    read_value_unlimited(value)
}
