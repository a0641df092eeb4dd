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
//!   structured content are kept as JSON text ([`JsonObject`](crate::JsonObject),
//!   [`RawJson`](crate::RawJson)) and written back byte for byte: numbers of any size and
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
fn read_checked<T: DeserializeOwned>(
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
fn read_in_one_pass<T: DeserializeOwned>(
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
/// value as compact JSON, see [`ReadLimits`](crate::ReadLimits#memory)). A value nested deeper than the limit is taken apart without
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
pub(crate) fn encoding_error(bytes: &[u8]) -> Option<ReadError> {
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

#[cfg(test)]
mod tests {
    //! The one pass against the checked path: it may leave a document to the checked path,
    //! but what it reads, the checked path reads the same, within the same limits.

    use std::collections::HashMap;
    use std::fmt::Debug;

    use serde::de::DeserializeOwned;
    use serde_json::Value;

    use super::{read_checked, read_in_one_pass};
    use crate::wire::limits::{Finding, scan_counting};
    use crate::{CallToolResult, ReadLimits};

    /// Documents within the default limits, raw parts (`_meta`, structured content, unknown
    /// members and blocks) included.
    const CLEAN: &[&str] = &[
        r#"{"content":[{"type":"text","text":"hi"}]}"#,
        r#"{"content":[{"type":"text","text":"hi","_meta":{"a.b/c":[1,{"x":null}]}}],"_meta":{"k":true},"structuredContent":{"t":[1,2,[3]]},"isError":false}"#,
        r#"{"content":[{"type":"image","data":"AAAA","mimeType":"image/png"},{"type":"resource","resource":{"uri":"file:///a","text":"x"}}],"resultType":"complete"}"#,
        r#"{"content":[{"type":"widget","deep":{"a":[[{}]]}}],"extraField":{"b":[1,"two",3.5,-2e3,true,false]}}"#,
        r#"{"content":[],"structuredContent":null}"#,
        r#"{"content":[],"structuredContent":[1,[2,[3,[4]]]]}"#,
        r#"{"content":[],"structuredContent":"text"}"#,
        r#"{"content":[{"text":"before its type","type":"text","annotations":{"priority":0.5}}]}"#,
        r#"{"content":[{"type":"text","text":"esc \" \\ \n \u00e9 \ud83d\ude00"}]}"#,
        r#" { "content" : [ { "type" : "text" , "text" : "spaced" } ] } "#,
        "{\n  \"content\": [\n    {\"type\": \"text\", \"text\": \"two\\nlines \\t \\u001f\"}\n  ]\n}\n",
        r#"{"content":[{"type":"text","text":"a text long enough for whole 32-byte chunks: \n\r\t then more, \u00e9 and the end"}]}"#,
        r#"{"content":[],"_meta":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}}"#,
        r#"{"content":[],"structuredContent":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k\u0031\u0037":17,"k18":18}}"#,
    ];

    /// Documents whose member names have escapes: a model type keeps their spelling, which
    /// the one pass cannot see, so it leaves them to the checked path; a `Value` does not,
    /// and is read in one pass.
    const ESCAPED_NAMES: &[&str] = &[
        r#"{"con\u0074ent":[],"_meta":{"a\u0062":1,"ac":2}}"#,
        r#"{"content":[{"type":"text","text":"x","\u0041":1}]}"#,
        r#"{"content":[{"type":"text","text":"x","x\"y":1}]}"#,
        r#"{"content":[{"z\u0031":1,"type":"x-later"}]}"#,
        r#"{"content":[{"type":"x-new","\ud83d\ude00":{"\/":1}}],"z\\":[]}"#,
    ];

    /// Documents the checked path refuses (or, for a few, reads, but the one pass must not
    /// decide alone).
    const FAULTY: &[&str] = &[
        r#"{"content":[],"content":[]}"#,
        r#"{"content":[],"_meta":{"a":1,"a":2}}"#,
        r#"{"content":[],"structuredContent":{"x":{"y":1,"y":2}}}"#,
        r#"{"content":[],"_meta":{"a":1,"\u0061":2}}"#,
        r#"{"content":[{"type":"text","text":"x","extra":{"q":1,"q":1}}]}"#,
        r#"{"content":[{"type":"text","text":"x","t\u0065xt":"y"}]}"#,
        r#"{"content":[],"structuredContent":"\ud800"}"#,
        r#"{"content":[],"x":"\udc00 alone"}"#,
        r#"{"content":[],"_meta":{"\ud800":1}}"#,
        "\u{feff}{\"content\":[]}",
        r#"{"content":[]} x"#,
        r#"{"content":[],"_meta":{"k":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}"#,
        r#"{"content":[],"structuredContent":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}}"#,
        r#"{"content":["#,
    ];

    /// Documents within the limits that break a rule of the model.
    const MODEL_FAULTS: &[&str] = &[
        r#"{"content":[{"type":"text","text":"a"}],"isError":null}"#,
        r#"{"content":[{"type":"text"}]}"#,
        r#"{"content":[{"type":"image","data":"not base64!","mimeType":"image/png"}]}"#,
    ];

    /// Wide objects that a visitor reads key by key (the hash set past 16 keys).
    const WIDE: &[&str] = &[
        r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}"#,
        r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":3}"#,
        r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k\u0033":3}"#,
        r#"{"a":{"b":1,"b":2}}"#,
        r#"[{"a":1},{"a":1},{"a":[{"a":1}]}]"#,
    ];

    fn max_depth(limits: &ReadLimits) -> usize {
        limits.max_depth.min(ReadLimits::PARSER_MAX_DEPTH)
    }

    /// Whether the one pass read `doc`; when it did, the checked path reads the same value.
    fn one_pass_agrees<T: DeserializeOwned + PartialEq + Debug>(
        doc: &str,
        limits: &ReadLimits,
    ) -> bool {
        let depth = max_depth(limits);
        let fast = read_in_one_pass::<T>(doc.as_bytes(), limits, depth);
        let checked = read_checked::<T>(doc.as_bytes(), limits, depth);
        match fast {
            Some(fast) => {
                assert_eq!(
                    checked.as_ref().ok(),
                    Some(&fast),
                    "one pass read {doc} within {limits:?}, the checked path gives {checked:?}"
                );
                true
            }
            None => false,
        }
    }

    /// The deepest nesting and the number of values of a document, as the pre-pass counts.
    fn shape(doc: &str) -> (usize, usize) {
        let (_, values) = scan_counting(doc.as_bytes(), usize::MAX, usize::MAX);
        let depth = (0..200)
            .find(|&d| {
                !matches!(
                    scan_counting(doc.as_bytes(), d, usize::MAX).0,
                    Finding::TooDeep(_)
                )
            })
            .unwrap_or(200);
        (depth, values)
    }

    #[test]
    fn the_one_pass_never_reads_what_the_checked_path_refuses() {
        let values = [1, 2, 3, 4, 5, 7, 9, 12, 16, 20, 25, 40, usize::MAX];
        for doc in CLEAN
            .iter()
            .chain(FAULTY)
            .chain(MODEL_FAULTS)
            .chain(WIDE)
            .chain(ESCAPED_NAMES)
        {
            for depth in 0..=9 {
                for max_values in values {
                    let limits = ReadLimits::default()
                        .with_max_depth(depth)
                        .with_max_values(max_values);
                    one_pass_agrees::<CallToolResult>(doc, &limits);
                    one_pass_agrees::<Value>(doc, &limits);
                    one_pass_agrees::<HashMap<String, Value>>(doc, &limits);
                }
            }
        }
    }

    #[test]
    fn a_document_within_the_limits_is_read_in_one_pass_exactly_up_to_them() {
        for doc in CLEAN {
            let (depth, values) = shape(doc);
            let at = ReadLimits::default()
                .with_max_depth(depth)
                .with_max_values(values);
            assert!(one_pass_agrees::<CallToolResult>(doc, &at), "{doc}");
            assert!(one_pass_agrees::<Value>(doc, &at), "{doc}");
            for under in [at.with_max_depth(depth - 1), at.with_max_values(values - 1)] {
                assert!(
                    !one_pass_agrees::<CallToolResult>(doc, &under),
                    "{doc} {under:?}"
                );
                assert!(!one_pass_agrees::<Value>(doc, &under), "{doc} {under:?}");
                assert!(read_checked::<Value>(doc.as_bytes(), &under, max_depth(&under)).is_err());
            }
        }
        for doc in &WIDE[..1] {
            let (depth, values) = shape(doc);
            let at = ReadLimits::default()
                .with_max_depth(depth)
                .with_max_values(values);
            assert!(one_pass_agrees::<Value>(doc, &at), "{doc}");
        }
    }

    #[test]
    fn raw_values_take_the_one_pass() {
        // `_meta`, structured content and unknown members are `RawValue`s: should the way
        // `serde_json` hands them out change, every read would silently take the slow path.
        let doc = CLEAN[1];
        assert!(one_pass_agrees::<CallToolResult>(
            doc,
            &ReadLimits::default()
        ));
        assert!(one_pass_agrees::<CallToolResult>(
            CLEAN[3],
            &ReadLimits::default()
        ));
    }

    #[test]
    fn faults_are_left_to_the_checked_path() {
        for doc in FAULTY.iter().chain(&WIDE[1..4]) {
            assert!(
                !one_pass_agrees::<CallToolResult>(doc, &ReadLimits::default()),
                "{doc}"
            );
            assert!(
                !one_pass_agrees::<Value>(doc, &ReadLimits::default()),
                "{doc}"
            );
        }
        for doc in MODEL_FAULTS {
            assert!(
                !one_pass_agrees::<CallToolResult>(doc, &ReadLimits::default()),
                "{doc}"
            );
        }
        let limits = ReadLimits::default();
        for bytes in [
            &b"{\"content\":[],\"x\":\"\xff\"}"[..],
            b"{\"content\":[],\"_meta\":{\"a\":\"\xc3\"}}",
        ] {
            assert!(read_in_one_pass::<CallToolResult>(bytes, &limits, 64).is_none());
            assert!(read_checked::<CallToolResult>(bytes, &limits, 64).is_err());
        }
    }

    /// The block `type` is read from its raw text without a copy when it is a plain string;
    /// every other form reads as before, from bytes and from a `Value` alike.
    #[test]
    fn a_block_type_reads_the_same_in_every_form() {
        use crate::{ContentBlock, read_value};
        let read = |doc: &str| {
            let bytes = crate::read_json::<CallToolResult>(doc.as_bytes());
            let value: Value = serde_json::from_str(doc).expect("JSON");
            let from_value = read_value::<CallToolResult>(value);
            assert_eq!(
                bytes.as_ref().map_err(ToString::to_string),
                from_value.as_ref().map_err(ToString::to_string),
                "{doc}"
            );
            bytes
        };
        for doc in [
            r#"{"content":[{"type":"text","text":"a"}]}"#,
            r#"{"content":[{"type":"t\u0065xt","text":"a"}]}"#,
            r#"{"content":[{"type" : "text" ,"text":"a"}]}"#,
        ] {
            let result = read(doc).expect("reads");
            assert_eq!(result.content[0].as_text(), Some("a"), "{doc}");
        }
        // An unknown type is kept as received; from bytes, byte for byte.
        for (doc, kept) in [
            (
                r#"{"content":[{"type":"video","u":1}]}"#,
                r#"{"type":"video","u":1}"#,
            ),
            (
                r#"{"content":[{"type":"vid\u0065o"}]}"#,
                r#"{"type":"vid\u0065o"}"#,
            ),
            (r#"{"content":[{"type":"t\"x"}]}"#, r#"{"type":"t\"x"}"#),
        ] {
            let result = crate::read_json::<CallToolResult>(doc.as_bytes()).expect("reads");
            let block = &result.content[0];
            assert!(
                matches!(block, ContentBlock::Unknown(_)),
                "{doc}: {block:?}"
            );
            assert_eq!(serde_json::to_string(block).expect("writes"), kept, "{doc}");
        }
        for (doc, error) in [
            (
                r#"{"content":[{"type":1,"text":"a"}]}"#,
                "content[0].type: invalid type: integer `1`, expected a string",
            ),
            (
                r#"{"content":[{"type":["text"]}]}"#,
                "content[0].type: invalid type: sequence, expected a string",
            ),
        ] {
            let message = read(doc).expect_err("refused").to_string();
            assert!(message.starts_with(error), "{doc}: {message}");
        }
    }

    /// A text block's `text`, which the one pass reads as bytes: a raw control character is
    /// refused wherever it stands (with or without escapes beside it, in a compact or an
    /// indented document), a lone surrogate escape too, and both are named as before.
    #[test]
    fn a_text_read_as_bytes_is_checked_as_a_string() {
        let limits = ReadLimits::default();
        let long = "x".repeat(70);
        for (doc, error) in [
            (
                format!("{{\"content\":[{{\"type\":\"text\",\"text\":\"a\u{1}b{long}\"}}]}}"),
                "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
            ),
            (
                format!("{{\"content\":[{{\"type\":\"text\",\"text\":\"{long}\\n\u{1f}\"}}]}}"),
                "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
            ),
            (
                "{\n \"content\":[{\"type\":\"text\",\"text\":\"a\\tb\nc\"}]\n}".to_owned(),
                "content[0].text: control character (\\u0000-\\u001F) found while parsing a string",
            ),
            (
                r#"{"content":[{"type":"text","text":"a \ud800 b"}]}"#.to_owned(),
                "content[0].text: lone surrogate escape `\\ud800`",
            ),
        ] {
            assert!(
                read_in_one_pass::<CallToolResult>(doc.as_bytes(), &limits, 64).is_none(),
                "{doc:?}"
            );
            let message = crate::read_json::<CallToolResult>(doc.as_bytes())
                .expect_err("refused")
                .to_string();
            assert!(message.starts_with(error), "{doc:?}: {message}");
        }
        // Escaped control characters are text; a raw newline between tokens is whitespace.
        let doc = "{\n\"content\":[{\"type\":\"text\",\"text\":\"a\\nb\\u0001\"}]\n}";
        let read =
            read_in_one_pass::<CallToolResult>(doc.as_bytes(), &limits, 64).expect("one pass");
        assert_eq!(read.content[0].as_text(), Some("a\nb\u{1}"));
        assert!(crate::wire::guard::raw_control_in_strings(
            b"{\"a\":\"x\\\"\ty\"}"
        ));
        assert!(!crate::wire::guard::raw_control_in_strings(
            b"{\"a\\\\\":\n\"x\"}"
        ));
    }

    /// A text block whose `type` comes first (read without `RawBlock`) reads, and fails, as
    /// the same block with `type` last (read through `RawBlock::finish`).
    #[test]
    fn a_text_block_reads_the_same_whatever_comes_first() {
        let read = |members: &str, with_type_first: bool| {
            let block = if with_type_first {
                format!(r#"{{"type":"text",{members}}}"#)
            } else {
                format!(r#"{{{members},"type":"text"}}"#)
            };
            let doc = format!(r#"{{"content":[{block}]}}"#);
            crate::read_json::<CallToolResult>(doc.as_bytes())
                .map(|result| result.content)
                .map_err(|e| e.to_string())
        };
        for members in [
            r#""text":"a""#,
            r#""text":"a\u0062","x":1"#,
            r#""x":[1,{"y":2}],"text":"a","annotations":{"priority":0.5},"_meta":{"a.b/c":1}"#,
            r#""_meta":{},"text":"","z":null"#,
        ] {
            let first = read(members, true).expect("reads");
            assert_eq!(first, read(members, false).expect("reads"), "{members}");
            assert!(first[0].as_text().is_some(), "{members}");
        }
        // The errors of the loop that read such a block before (`RawBlock` with the type
        // known from the first member), path and words.
        for (members, error) in [
            (r#""x":1"#, "content[0]: missing field `text`"),
            (
                r#""text":"a","text":"b""#,
                "content[0]: duplicate field `text`",
            ),
            (
                r#""text":"a","type":"image""#,
                "content[0]: duplicate field `type`",
            ),
            (
                r#""text":"a","_meta":null"#,
                "content[0]._meta: null is not allowed here",
            ),
            (
                r#""text":"a","annotations":null"#,
                "content[0].annotations: null is not allowed here",
            ),
            (r#""text":1"#, "content[0].text: invalid type: integer `1`"),
        ] {
            let message = read(members, true).expect_err("refused");
            assert!(message.starts_with(error), "{members}: {message}");
        }
    }

    /// Lists of every length up to past the first growth read whole and in order.
    #[test]
    fn lists_of_any_length_read_whole() {
        for count in 0..12 {
            let blocks: Vec<String> = (0..count)
                .map(|i| format!(r#"{{"type":"text","text":"{i}"}}"#))
                .collect();
            let doc = format!(r#"{{"content":[{}]}}"#, blocks.join(","));
            let result = crate::read_json::<CallToolResult>(doc.as_bytes()).expect("reads");
            let texts: Vec<&str> = result.content.iter().filter_map(|b| b.as_text()).collect();
            let expected: Vec<String> = (0..count).map(|i| i.to_string()).collect();
            assert_eq!(texts, expected);
            assert!(result.content.capacity() <= count.max(1) + 3, "{count}");
        }
    }

    #[test]
    fn escaped_member_names_are_left_to_the_checked_path_which_keeps_them() {
        let limits = ReadLimits::default();
        for doc in ESCAPED_NAMES {
            assert!(!one_pass_agrees::<CallToolResult>(doc, &limits), "{doc}");
            assert!(one_pass_agrees::<Value>(doc, &limits), "{doc}");
            let read: CallToolResult = crate::read_json(doc.as_bytes()).expect("reads");
            let written =
                crate::SerializeFor::to_json_for(&read, crate::ProtocolVersion::V2025_11_25);
            // Every name the model holds keeps its spelling; `content` is a known field,
            // written by its name.
            let expected = doc.replace(r"con\u0074ent", "content");
            assert_eq!(String::from_utf8_lossy(&written), expected);
        }
    }

    #[test]
    fn keys_that_are_not_strings_are_left_to_the_checked_path() {
        let doc = r#"{"1":2,"3":4}"#;
        let limits = ReadLimits::default();
        assert!(read_in_one_pass::<HashMap<u32, u32>>(doc.as_bytes(), &limits, 64).is_none());
        let read: HashMap<u32, u32> = crate::read_json(doc.as_bytes()).expect("reads");
        assert_eq!(read, HashMap::from([(1, 2), (3, 4)]));
    }
}
