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
//! - **Errors name the fault**: a byte order mark, invalid UTF-8, a document in UTF-16 or
//!   UTF-32 and lone surrogate escapes are named as such, and every quoted value or key in an error or path is cut to 80 characters.
//! - **Nothing uninterpreted changes**: unknown fields and blocks, `_meta` values and
//!   structured content are kept as JSON text ([`JsonObject`](crate::model::JsonObject),
//!   [`RawJson`](crate::model::RawJson)) and written back byte for byte: numbers of any size and
//!   spelling, key order, escapes in names and values. Duplicate keys are refused, at any
//!   depth (a relay cannot say which one a peer meant).
//! - **What the model interprets is written in the writer's form**, the same meaning in
//!   other bytes: whitespace between tokens is dropped; the fields a type knows come in the
//!   writer's order (the schema's), its unknown fields after them in the order received;
//!   strings the model reads (`text`, `uri`, `name`…) are written with JSON's minimal
//!   escapes (`"caf\u00e9"` as `"café"`); numbers it reads are written in their shortest
//!   form (`priority` `0.50` as `0.5`, `size` `1.0` as `1`, `ttlMs` `1e3` as `1000`); an
//!   empty `_meta`, `annotations` or `icons` is left out (the model holds none as absent).
//!   `lastModified` is written as received.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::{Rule, Violation};
use crate::wire::error::ReadError;
use crate::wire::guard::{Budget, lone_surrogate};
use crate::wire::limits::{
    BinaryLimitScope, Finding, ReadLimits, ValueProblem, check_value_depth, depth_error,
    drop_iteratively, path_at, recursion_as_limit, reset_blocks, scan, values_error,
};
use crate::wire::spelling::{OnePassScope, Spelled};

/// Reads a model value from untrusted JSON bytes, validating every rule on the way, within
/// the default [`ReadLimits`](crate::wire::ReadLimits) (see [`read_json_with`](crate::wire::read_json_with)).
/// The error names the JSON path and the rule.
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReadError> {
    read_json_with(bytes, &ReadLimits::default())
}

/// Reads a model value from a JSON value, validating every rule on the way, within the
/// default [`ReadLimits`](crate::wire::ReadLimits) (see [`read_value_with`](crate::wire::read_value_with)).
pub fn read_value<T: DeserializeOwned>(value: Value) -> Result<T, ReadError> {
    read_value_with(value, &ReadLimits::default())
}

/// [`read_json`] with no limit but `serde_json`'s own (the limits are checked by the caller).
pub(crate) fn read_json_unlimited<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReadError> {
    // Tracking the path costs an allocation per key read; valid input is the common case, so
    // read without it first and read again with it only to name the path of an error. Both
    // read through `Spelled`, which keeps the spelling of the member names the model holds
    // (under the path tracking, so paths name the decoded keys).
    let plain = match from_slice_spelled(bytes) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    if let Some(error) = encoding_error(bytes) {
        return Err(error);
    }
    // The second pass counts blocks again from zero.
    reset_blocks();
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let tracked: Result<T, _> = serde_path_to_error::deserialize(Spelled {
        de: &mut deserializer,
    });
    Err(match tracked {
        Err(error) => ReadError::from_json(error),
        // Only trailing characters fail the plain read but not the tracked one.
        Ok(_) => match deserializer.end() {
            Err(error) => ReadError::from_parts(".".to_owned(), &error),
            Ok(()) => ReadError::from_parts(".".to_owned(), &plain),
        },
    })
}

/// `serde_json::from_slice` through [`Spelled`].
fn from_slice_spelled<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = crate::wire::spelling::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// [`read_value`] with no limit (the limits are checked by the caller).
pub(crate) fn read_value_unlimited<T: DeserializeOwned>(value: Value) -> Result<T, ReadError> {
    // As in `read_json_unlimited`: the path is tracked only to report an error.
    if let Ok(read) = T::deserialize(&value) {
        return Ok(read);
    }
    // The second pass counts blocks and model bytes again from zero (else it would stop at
    // the first charge, and name the wrong path).
    reset_blocks();
    serde_path_to_error::deserialize(value).map_err(ReadError::from_json)
}

/// Reads a model value from untrusted JSON bytes within `limits`, validating every rule on
/// the way and refusing duplicate keys. The error names the JSON path and the rule
/// ([`Rule::Limit`] for a limit).
///
/// ```
/// use mcp_content::CallToolResult;
/// use mcp_content::wire::{ReadLimits, read_json_with};
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
    // The parser's own limit applies whatever the limits say, also to the JSON kept as text
    // (which serde_json reads without recursion, so without its limit).
    let max_depth = limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH);
    if let Some(value) = read_in_one_pass(bytes, limits, max_depth) {
        return Ok(value);
    }
    // Something is wrong, or the one pass could not tell: the checked path finds it and
    // names it (and reads what the one pass could not vouch for).
    read_checked(bytes, limits, max_depth)
}

/// Whether `bytes` are JSON text, whatever their shape (skipped without recursion).
fn is_json_text(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok()
}

/// The checked path: the encoding, then a pass over the bytes for depth, values and
/// duplicate keys, then the parse (tracking the path only for an error). Every fault gets
/// its path and rule here.
pub(crate) fn read_checked<T: DeserializeOwned>(
    bytes: &[u8],
    limits: &ReadLimits,
    max_depth: usize,
) -> Result<T, ReadError> {
    if let Some(error) = encoding_error(bytes) {
        return Err(error);
    }
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
    let read = {
        let _scope = BinaryLimitScope::enter_for_document(limits, bytes.len());
        read_json_unlimited(bytes).map_err(recursion_as_limit)
    };
    // serde_json keeps the last of duplicate keys in a map; a peer reading the first would
    // see another document. Refuse them everywhere (the model's own fields already do),
    // once the document is known to be JSON (so a malformed one gets the parser's error).
    // A duplicate is named before a rule the read broke: what the model made of the
    // document may come from a key that is there twice (`"inputSchema": {"type": "object",
    // "type": "object"}` is not a schema with no `type`).
    if let Finding::DuplicateKey(object, key) = finding
        && (read.is_ok() || is_json_text(bytes))
    {
        return Err(ReadError::message(
            path_at(bytes, object),
            format!("duplicate field `{key}`"),
        ));
    }
    read
}

/// A document within every limit, read in one pass: the limits are checked as the parser
/// hands values over ([`guard`](crate::wire::guard)), not in a pass before it. `None` for
/// anything else, which the caller then reads on the checked path (pre-pass, parse, path
/// tracking) to name the fault: so a read's errors are the checked path's, whatever this
/// does, and this only has to refuse what the checked path refuses.
pub(crate) fn read_in_one_pass<T: DeserializeOwned>(
    bytes: &[u8],
    limits: &ReadLimits,
    max_depth: usize,
) -> Option<T> {
    // Valid UTF-8 once for the whole document (raw and skipped parts included): `serde_json`
    // then reads it as `str` and does not check each string again. Lone surrogates: the
    // parser refuses them in what it decodes, `guard` looks for them in what it does not.
    let text = std::str::from_utf8(bytes).ok()?;
    // The model-memory budget of `ReadLimits` applies here as on the checked path: a
    // document over it is refused there, with its path.
    let _scope = BinaryLimitScope::enter_for_document(limits, bytes.len());
    // The one pass does not see the text of a key, so a member name with escapes that the
    // model would keep sends the document to the checked path, which keeps its spelling.
    let _one_pass = OnePassScope::enter();
    let budget = Budget::new(max_depth, limits.max_values, text);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(budget.root(&mut deserializer).ok()?).ok()?;
    deserializer.end().ok()?;
    Some(value)
}

/// Reads a model value from a JSON value within `limits` (the document size does not apply:
/// the value is already parsed; the model-memory budget is measured against the length of the
/// value as compact JSON, see [`ReadLimits`](crate::wire::ReadLimits#memory)). A value nested deeper than the limit is taken apart without
/// recursion, so even one built in code that nests 100,000 levels does not overflow the stack.
///
/// ```
/// use mcp_content::ContentBlock;
/// use mcp_content::wire::{ReadLimits, read_value_with};
/// let value = serde_json::json!({"type": "text", "text": "hi", "_meta": {"a.b/c": [[[1]]]}});
/// let err = read_value_with::<ContentBlock>(value, &ReadLimits::default().with_max_depth(3)).unwrap_err();
/// assert_eq!(err.to_string(), "_meta.a.b/c[0]: nested deeper than 3 levels (rule: limit)");
/// ```
pub fn read_value_with<T: DeserializeOwned>(
    value: Value,
    limits: &ReadLimits,
) -> Result<T, ReadError> {
    let max_depth = limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH);
    let json_len = match check_value_depth(&value, max_depth, limits.max_values) {
        Ok(json_len) => json_len,
        Err(problem) => {
            drop_iteratively(value);
            return Err(match problem {
                ValueProblem::TooDeep(path) if max_depth < limits.max_depth => {
                    recursion_as_limit(ReadError::message(path, "recursion limit exceeded"))
                }
                ValueProblem::TooDeep(path) => depth_error(path, max_depth),
                ValueProblem::TooMany(path) => values_error(path, limits.max_values),
            });
        }
    };
    // The model-memory budget of the bytes the value would be written as (see `ReadLimits`).
    let _scope = BinaryLimitScope::enter_for_document(limits, json_len);
    read_value_unlimited(value)
}

/// The encoding faults `serde_json` reports under other names ("expected value" for a byte
/// order mark, "unexpected end of hex escape" for a lone surrogate): named as what they are,
/// with the path of the value they are in.
pub fn encoding_error(bytes: &[u8]) -> Option<ReadError> {
    if let Some(encoding) = other_unicode_encoding(bytes) {
        return Some(ReadError::message(
            ".",
            format!(
                "the document is {encoding}, not UTF-8; JSON text exchanged between systems \
                 must be UTF-8 (RFC 8259 section 8.1)"
            ),
        ));
    }
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
    if let Some(at) = byte_order_mark_between_tokens(bytes) {
        return Some(
            ReadError::message(
                path_at(bytes, at),
                format!(
                    "a UTF-8 byte order mark (EF BB BF) at offset {at}, between tokens: JSON \
                     text has no such character outside a string (RFC 8259 section 2)"
                ),
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

/// The encoding a document is in when it is UTF-16 or UTF-32: by its byte order mark, else
/// by where the zero bytes of its first two characters are (a JSON text starts with two
/// ASCII characters: RFC 4627 section 3). `serde_json` would say "expected value" or "key must
/// be a string" at the first zero byte.
fn other_unicode_encoding(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0, 0, 0xFE, 0xFF, ..] => Some("UTF-32BE (it starts with the byte order mark 00 00 FE FF)"),
        [0xFF, 0xFE, 0, 0, ..] => Some("UTF-32LE (it starts with the byte order mark FF FE 00 00)"),
        [0xFE, 0xFF, ..] => Some("UTF-16BE (it starts with the byte order mark FE FF)"),
        [0xFF, 0xFE, ..] => Some("UTF-16LE (it starts with the byte order mark FF FE)"),
        [0, 0, 0, a, ..] if a.is_ascii() && *a != 0 => Some("UTF-32BE"),
        [a, 0, 0, 0, ..] if a.is_ascii() && *a != 0 => Some("UTF-32LE"),
        [0, a, 0, b, ..] if a.is_ascii() && b.is_ascii() && *a != 0 && *b != 0 => Some("UTF-16BE"),
        [a, 0, b, 0, ..] if a.is_ascii() && b.is_ascii() && *a != 0 && *b != 0 => Some("UTF-16LE"),
        _ => None,
    }
}

/// The offset of a byte order mark outside every string (after leading whitespace, between
/// members, after the value), which `serde_json` calls "expected value" or "trailing
/// characters". One inside a string is the character U+FEFF, valid text. Only documents that
/// hold the three bytes at all are walked.
fn byte_order_mark_between_tokens(bytes: &[u8]) -> Option<usize> {
    const MARK: &[u8] = b"\xEF\xBB\xBF";
    let first = memchr::memmem::find(bytes, MARK)?;
    let (mut in_string, mut escaped) = (false, false);
    for (at, &byte) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if byte == b'\\' {
                escaped = true;
            } else if byte == b'"' {
                in_string = false;
            }
        } else if byte == b'"' {
            in_string = true;
        } else if at >= first && bytes[at..].starts_with(MARK) {
            return Some(at);
        }
    }
    None
}
