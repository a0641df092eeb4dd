//! The checked JSON route: a value crosses as rmcp reads the JSON this crate writes, and
//! whatever rmcp would drop or change is named by its path ([`ConvertError`]).

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::error::ConvertError;
use crate::model::validate::Validate;
use crate::rmcp::depth;
use crate::rules::Rule;
use crate::wire::error::{join_key, join_path};

/// The block types rmcp's `ContentBlock` has.
pub(super) const RMCP_BLOCK_TYPES: [&str; 5] =
    ["text", "image", "audio", "resource", "resource_link"];

/// Our written JSON as an rmcp value: first every number is checked against what a
/// `serde_json::Value` (rmcp's free-form JSON) would make of it, because the comparison in
/// [`to_rmcp`] sees values only after that rounding.
pub(crate) fn to_rmcp_text<T: DeserializeOwned + Serialize>(
    written: &[u8],
    complete_only: bool,
) -> Result<T, ConvertError> {
    let text = std::str::from_utf8(written).map_err(|e| ConvertError::new(".", e.to_string()))?;
    refuse_rounded_numbers(text, "")?;
    let ours: Value =
        serde_json::from_str(text).map_err(|e| ConvertError::new(".", e.to_string()))?;
    to_rmcp(&ours, complete_only)
}

/// The first number in `json` whose value a `serde_json::Value` changes: an integer beyond
/// 64 bits becomes the nearest `f64`, a decimal with more digits than an `f64` holds loses
/// them. A different spelling of the same value (`1E2` for `100.0`) is not a change.
pub(super) fn refuse_rounded_numbers(json: &str, path: &str) -> Result<(), ConvertError> {
    // The walk below recurses once per level: bound it first. (Our JSON text can nest
    // deeper than 128 levels: a `RawJson` made from a `RawValue` is not checked.)
    if let crate::wire::limits::Finding::TooDeep(at) = crate::wire::limits::scan(
        json.as_bytes(),
        crate::wire::limits::ReadLimits::PARSER_MAX_DEPTH,
        usize::MAX,
    ) {
        let at = crate::wire::limits::path_at(json.as_bytes(), at);
        return Err(too_deep(&join_path(path, &at)));
    }
    rounded_numbers_within(json, path)
}

/// The error for a value nested deeper than the JSON parser's 127 levels: the rule the
/// reader names for it (under [`ReadLimits::unlimited`](crate::wire::ReadLimits::unlimited) too).
pub(super) fn too_deep(path: &str) -> ConvertError {
    let error = crate::wire::limits::recursion_as_limit(crate::wire::error::ReadError::message(
        path,
        "recursion limit exceeded",
    ));
    ConvertError::new(error.path(), error.detail())
}

/// [`refuse_rounded_numbers`] once the depth is known to be bounded.
pub(super) fn rounded_numbers_within(json: &str, path: &str) -> Result<(), ConvertError> {
    use serde_json::value::RawValue;
    use std::collections::BTreeMap;
    let bad = |e: serde_json::Error| ConvertError::new(path, e.to_string());
    match json.as_bytes().first() {
        Some(b'{') => {
            let members: BTreeMap<String, &RawValue> = serde_json::from_str(json).map_err(bad)?;
            for (key, member) in members {
                rounded_numbers_within(member.get(), &join_key(path, &key))?;
            }
        }
        Some(b'[') => {
            let items: Vec<&RawValue> = serde_json::from_str(json).map_err(bad)?;
            for (i, item) in items.into_iter().enumerate() {
                rounded_numbers_within(item.get(), &format!("{path}[{i}]"))?;
            }
        }
        Some(b'-' | b'0'..=b'9') => {
            let held = serde_json::from_str::<Number>(json)
                .map(|n| n.to_string())
                .unwrap_or_default();
            if decimal_value(json) != decimal_value(&held) {
                return Err(ConvertError::new(
                    path,
                    format!(
                        "rmcp holds free-form JSON as serde_json::Value, which has no exact \
                         form of the number {}: it would become {held}",
                        crate::wire::error::cut(json)
                    ),
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// A JSON number's value as (negative, significant digits, exponent), so spellings of one
/// value compare equal: `1E2`, `100`, `100.0` are all `(false, "1", 2)`; zero is
/// `(false, "", 0)` whatever its sign.
pub(super) fn decimal_value(number: &str) -> (bool, String, i64) {
    let (negative, rest) = match number.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().unwrap_or(0)),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    let exponent = exponent - i64::try_from(fraction.len()).unwrap_or(0);
    let digits = digits.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    if trimmed.is_empty() {
        return (false, String::new(), 0);
    }
    let exponent = exponent + i64::try_from(digits.len() - trimmed.len()).unwrap_or(0);
    (negative, trimmed.to_owned(), exponent)
}

/// Our JSON as an rmcp value: refused, naming the path, when rmcp cannot hold all of it.
/// `complete_only`: the rmcp type holds no `resultType` but `"complete"` (`CallToolResult`).
pub(crate) fn to_rmcp<T: DeserializeOwned + Serialize>(
    ours: &Value,
    complete_only: bool,
) -> Result<T, ConvertError> {
    if complete_only {
        check_result_type(ours)?;
    }
    let theirs: T = match serde_path_to_error::deserialize(ours) {
        Ok(theirs) => theirs,
        Err(error) => {
            refuse_wide_integers(ours)?;
            return Err(refusal(ours, &error));
        }
    };
    let back = serde_json::to_value(&theirs).map_err(|e| ConvertError::new(".", e.to_string()))?;
    compare(ours, &back, "")?;
    Ok(theirs)
}

/// An `extra` key that names one of its owner's own fields is skipped by every writer, so
/// the JSON the comparison below sees never has it: find it on the model instead, or it
/// would be dropped without a word.
pub(super) fn refuse_shadowing_extra(ours: &impl Validate) -> Result<(), ConvertError> {
    let mut problems = Vec::new();
    ours.collect_problems("", &mut problems);
    match problems
        .into_iter()
        .find(|problem| problem.violation.rule == Rule::ExtraField)
    {
        Some(problem) => Err(ConvertError::new(
            problem.path,
            format!(
                "{}; it is never written, so converting would drop it",
                problem.violation.message
            ),
        )),
        None => Ok(()),
    }
}

/// rmcp holds `size` (links, resources) and `ttlMs` as `u64`, while the schemas allow any
/// integer there (a negative `size`, one past 64 bits): name the one it cannot carry, at its
/// own path (rmcp's untagged blocks would name only the block).
pub(super) fn refuse_wide_integers(ours: &Value) -> Result<(), ConvertError> {
    let mut places: Vec<(String, &Value)> = Vec::new();
    for key in ["size", "ttlMs"] {
        if let Some(value) = ours.get(key) {
            places.push((key.to_owned(), value));
        }
    }
    if let Some(Value::Array(blocks)) = ours.get("content") {
        for (i, block) in blocks.iter().enumerate() {
            if let Some(value) = block.get("size") {
                places.push((format!("content[{i}].size"), value));
            }
        }
    }
    if let Some(Value::Array(messages)) = ours.get("messages") {
        for (i, message) in messages.iter().enumerate() {
            if let Some(value) = message.get("content").and_then(|c| c.get("size")) {
                places.push((format!("messages[{i}].content.size"), value));
            }
        }
    }
    match places
        .into_iter()
        .find(|(_, v)| v.is_number() && !v.is_u64())
    {
        Some((path, value)) => Err(ConvertError::new(
            path,
            format!(
                "rmcp holds this integer as a u64, which has no room for {value}: it cannot \
                 cross (the schemas allow any integer here)"
            ),
        )),
        None => Ok(()),
    }
}

/// rmcp's `CallToolResult` refuses any `resultType` but `"complete"`; say so plainly. (Other
/// results carry any `resultType`.)
pub(super) fn check_result_type(ours: &Value) -> Result<(), ConvertError> {
    if let Some(kind) = ours.get("resultType")
        && kind.as_str() != Some("complete")
    {
        return Err(ConvertError::new(
            "resultType",
            format!(
                "rmcp's CallToolResult holds only resultType \"complete\", not {kind}; \
                 another result type is another rmcp type"
            ),
        ));
    }
    Ok(())
}

/// The error for JSON rmcp's deserializer refused: an unknown block named as such, anything
/// else with rmcp's reason at its path.
pub(super) fn refusal(
    ours: &Value,
    error: &serde_path_to_error::Error<serde_json::Error>,
) -> ConvertError {
    let path = crate::wire::error::tracked_path(error.path());
    let path = if path == "." { String::new() } else { path };
    // serde names the block (`content[1]`) or its tag (`content[1].type`).
    let block_path = match path.strip_suffix("type") {
        Some(parent) if parent.is_empty() || parent.ends_with('.') => {
            parent.trim_end_matches('.').to_owned()
        }
        _ => path.clone(),
    };
    if let Some(block) = value_at(ours, &block_path)
        && let Some(kind) = block.get("type").and_then(Value::as_str)
        && !RMCP_BLOCK_TYPES.contains(&kind)
    {
        return ConvertError::new(
            join_path(&block_path, "type"),
            format!(
                "rmcp has no content block of type {kind:?} (its ContentBlock is one of {}): \
                 an unknown block cannot cross",
                RMCP_BLOCK_TYPES.join(", ")
            ),
        );
    }
    ConvertError::new(path, format!("rmcp refuses the value: {}", error.inner()))
}

/// The value at a `serde_path_to_error` path (`content[1]`, `messages[0].content`).
pub(super) fn value_at<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    let mut here = root;
    for segment in path.split('.').filter(|s| !s.is_empty()) {
        let (key, indices) = match segment.find('[') {
            Some(at) => (&segment[..at], &segment[at..]),
            None => (segment, ""),
        };
        if !key.is_empty() {
            here = here.get(key)?;
        }
        for index in indices.split('[').filter(|s| !s.is_empty()) {
            here = here.get(index.strip_suffix(']')?.parse::<usize>().ok()?)?;
        }
    }
    Some(here)
}

/// Whether `path` is an `annotations.priority` (or the `priority` of an `Annotations`).
pub(super) fn is_priority(path: &str) -> bool {
    path == "priority" || path.ends_with(".priority")
}

/// The shortest decimal that reads back as the same `f32` (Rust's `Display` for floats),
/// as an `f64`: rmcp's `0.8_f32` is `0.8`, not `0.800000011920929`.
#[allow(clippy::cast_possible_truncation)] // rmcp holds an f32: the narrowing is the point
pub(super) fn shortest_f32(value: f64) -> f64 {
    let narrow = value as f32;
    narrow
        .to_string()
        .parse()
        .unwrap_or_else(|_| f64::from(narrow))
}

/// Finds the first value in `ours` that `back` (what the rmcp value writes) lost or changed.
pub(super) fn compare(ours: &Value, back: &Value, path: &str) -> Result<(), ConvertError> {
    match (ours, back) {
        (Value::Object(ours), Value::Object(back)) => {
            for (key, value) in ours {
                let here = join_key(path, key);
                match back.get(key) {
                    Some(theirs) => compare(value, theirs, &here)?,
                    None => {
                        return Err(ConvertError::new(
                            here,
                            "rmcp's model has no place for this unknown field; converting \
                             would drop it",
                        ));
                    }
                }
            }
            Ok(())
        }
        (Value::Array(ours), Value::Array(back)) if ours.len() == back.len() => {
            for (i, (a, b)) in ours.iter().zip(back).enumerate() {
                compare(a, b, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(a), Value::Number(b)) if a != b && is_priority(path) => {
            let (a, b) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            // Exactness is the point: compare the bits.
            if shortest_f32(b).to_bits() == a.to_bits() {
                Ok(())
            } else {
                Err(ConvertError::new(
                    path,
                    format!(
                        "rmcp holds a priority as an f32, which has no exact form of {a:?}: it \
                         would become {:?}",
                        shortest_f32(b)
                    ),
                ))
            }
        }
        (a, b) if a == b => Ok(()),
        (a, b) => Err(ConvertError::new(
            path,
            format!("rmcp's model changes {a} into {b}"),
        )),
    }
}

/// An rmcp value as ours: every rule checked, no untrusted-input limit, and each `f32`
/// priority written as its shortest decimal.
pub(crate) fn from_rmcp<T: DeserializeOwned>(
    theirs: &impl Serialize,
    root_is_annotations: bool,
) -> Result<T, ConvertError> {
    // `to_value` recurses once per level without a limit: a `Value` nested 100,000 levels
    // deep inside `theirs` would overflow the stack there. Refused first, as the read below
    // refuses it (`ReadLimits::unlimited` keeps the parser's 128 levels).
    if let Some(path) = depth::too_deep(theirs, crate::wire::limits::ReadLimits::PARSER_MAX_DEPTH) {
        return Err(too_deep(&path));
    }
    let mut json =
        serde_json::to_value(theirs).map_err(|e| ConvertError::new(".", e.to_string()))?;
    if root_is_annotations {
        shorten_priority(&mut json)?;
    } else {
        shorten_priorities(&mut json)?;
    }
    crate::wire::read::read_value_with(json, &crate::wire::limits::ReadLimits::unlimited())
        .map_err(|e| ConvertError::new(e.path(), e.detail()))
}

/// The priority of annotations at `path` as its shortest decimal. A NaN or infinite `f32`
/// (which rmcp holds and `serde_json` writes as `null`) is named as what it is, not as a
/// `null` in the JSON.
pub(super) fn shorten_priority(annotations: &mut Value) -> Result<(), ConvertError> {
    match annotations.get_mut("priority") {
        Some(Value::Null) => Err(ConvertError::new(
            "priority",
            crate::rules::Violation::new(
                Rule::Priority,
                "rmcp's priority is not a finite number (NaN or infinite); use 0 to 1",
            )
            .to_string(),
        )),
        Some(priority) => {
            if let Some(value) = priority.as_f64()
                && let Some(short) = Number::from_f64(shortest_f32(value))
            {
                *priority = Value::Number(short);
            }
            Ok(())
        }
        None => Ok(()),
    }
}

/// Every `annotations.priority` of an rmcp value's JSON. Free-form JSON (`_meta`,
/// structured content, schemas) is left alone: an `annotations` inside it is data.
pub(super) fn shorten_priorities(value: &mut Value) -> Result<(), ConvertError> {
    // The path is built only for an error, on the way out.
    match value {
        Value::Object(map) => {
            for (key, member) in map.iter_mut() {
                match key.as_str() {
                    "_meta" | "structuredContent" | "inputSchema" | "outputSchema" => {}
                    "annotations" => shorten_priority(member).map_err(|e| e.within(key))?,
                    _ => shorten_priorities(member).map_err(|e| e.within(key))?,
                }
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter_mut().enumerate() {
                shorten_priorities(item).map_err(|e| e.within(&format!("[{index}]")))?;
            }
        }
        _ => {}
    }
    Ok(())
}
