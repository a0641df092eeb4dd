//! Conversions between this crate's model and `rmcp::model`, both ways.
//!
//! Conversions go through the protocol's JSON, which both models write and read. What
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
//! untrusted input ([`ReadLimits`]): an rmcp value is built in this process, so a 20 MiB
//! image or structured content nested 200 levels deep converts.

use std::fmt;

use ::rmcp::ErrorData;
use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use crate::model::validate::Validate;
use crate::rules::{ProtocolVersion, Rule};
use crate::wire::error::join_path;
use crate::wire::limits::ReadLimits;
use crate::wire::version::SerializeFor;

/// A conversion between the two models failed: the JSON path of the value that cannot
/// cross, and why.
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::{CallToolResult, ExtraFields};
/// let mut result = CallToolResult::text("hi");
/// result.insert_extra("x-trace", "abc").unwrap();
/// let err = result.to_rmcp().unwrap_err();
/// assert_eq!(err.path(), "x-trace");
/// assert_eq!(
///     err.to_string(),
///     "rmcp conversion: x-trace: rmcp's model has no place for this unknown field; \
///      converting would drop it"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    path: String,
    message: String,
}

impl ConvertError {
    fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        let path = path.into();
        Self {
            path: if path.is_empty() {
                ".".to_owned()
            } else {
                path
            },
            message: message.into(),
        }
    }

    /// The JSON path of the value that cannot cross (`.` for the whole value).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Why, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rmcp conversion: {}: {}", self.path, self.message)
    }
}

impl std::error::Error for ConvertError {}

/// The block types rmcp's `ContentBlock` has.
const RMCP_BLOCK_TYPES: [&str; 5] = ["text", "image", "audio", "resource", "resource_link"];

/// Our written JSON as an rmcp value: first every number is checked against what a
/// `serde_json::Value` (rmcp's free-form JSON) would make of it, because the comparison in
/// [`to_rmcp`] sees values only after that rounding.
fn to_rmcp_text<T: DeserializeOwned + Serialize>(
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
fn refuse_rounded_numbers(json: &str, path: &str) -> Result<(), ConvertError> {
    use serde_json::value::RawValue;
    use std::collections::BTreeMap;
    let bad = |e: serde_json::Error| ConvertError::new(path, e.to_string());
    match json.as_bytes().first() {
        Some(b'{') => {
            let members: BTreeMap<String, &RawValue> = serde_json::from_str(json).map_err(bad)?;
            for (key, member) in members {
                refuse_rounded_numbers(member.get(), &join_path(path, &key))?;
            }
        }
        Some(b'[') => {
            let items: Vec<&RawValue> = serde_json::from_str(json).map_err(bad)?;
            for (i, item) in items.into_iter().enumerate() {
                refuse_rounded_numbers(item.get(), &format!("{path}[{i}]"))?;
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
fn decimal_value(number: &str) -> (bool, String, i64) {
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
        Err(error) => return Err(refusal(ours, &error)),
    };
    let back = serde_json::to_value(&theirs).map_err(|e| ConvertError::new(".", e.to_string()))?;
    compare(ours, &back, "")?;
    Ok(theirs)
}

/// An `extra` key that names one of its owner's own fields is skipped by every writer, so
/// the JSON the comparison below sees never has it: find it on the model instead, or it
/// would be dropped without a word.
fn refuse_shadowing_extra(ours: &impl Validate) -> Result<(), ConvertError> {
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

/// rmcp's `CallToolResult` refuses any `resultType` but `"complete"`; say so plainly. (Other
/// results carry any `resultType`.)
fn check_result_type(ours: &Value) -> Result<(), ConvertError> {
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
fn refusal(ours: &Value, error: &serde_path_to_error::Error<serde_json::Error>) -> ConvertError {
    let path = error.path().to_string();
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
fn value_at<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
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
fn is_priority(path: &str) -> bool {
    path == "priority" || path.ends_with(".priority")
}

/// The shortest decimal that reads back as the same `f32` (Rust's `Display` for floats),
/// as an `f64`: rmcp's `0.8_f32` is `0.8`, not `0.800000011920929`.
#[allow(clippy::cast_possible_truncation)] // rmcp holds an f32: the narrowing is the point
fn shortest_f32(value: f64) -> f64 {
    let narrow = value as f32;
    narrow
        .to_string()
        .parse()
        .unwrap_or_else(|_| f64::from(narrow))
}

/// Finds the first value in `ours` that `back` (what the rmcp value writes) lost or changed.
fn compare(ours: &Value, back: &Value, path: &str) -> Result<(), ConvertError> {
    match (ours, back) {
        (Value::Object(ours), Value::Object(back)) => {
            for (key, value) in ours {
                let here = join_path(path, key);
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
                        "rmcp holds a priority as an f32, which has no exact form of {a}: it \
                         would become {}",
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
    let mut json =
        serde_json::to_value(theirs).map_err(|e| ConvertError::new(".", e.to_string()))?;
    if root_is_annotations {
        shorten_priority(&mut json);
    } else {
        shorten_priorities(&mut json);
    }
    crate::read_value_with(json, &ReadLimits::unlimited())
        .map_err(|e| ConvertError::new(e.path(), e.detail()))
}

fn shorten_priority(annotations: &mut Value) {
    if let Some(priority) = annotations.get_mut("priority")
        && let Some(value) = priority.as_f64()
        && let Some(short) = Number::from_f64(shortest_f32(value))
    {
        *priority = Value::Number(short);
    }
}

/// Every `annotations.priority` of an rmcp value's JSON. Free-form JSON (`_meta`,
/// structured content, schemas) is left alone: an `annotations` inside it is data.
fn shorten_priorities(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, member) in map.iter_mut() {
                match key.as_str() {
                    "_meta" | "structuredContent" | "inputSchema" | "outputSchema" => {}
                    "annotations" => shorten_priority(member),
                    _ => shorten_priorities(member),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(shorten_priorities),
        _ => {}
    }
}

/// Conversions of this crate's model values into `rmcp::model` values and back (see the
/// [module docs](self) for what crosses).
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::CallToolResult;
/// let ours = CallToolResult::text("hi");
/// let theirs: rmcp::model::CallToolResult = ours.to_rmcp().unwrap();
/// // rmcp always writes `resultType`; everything else comes back as it went.
/// let mut expected = ours.clone();
/// expected.result_type = Some("complete".into());
/// assert_eq!(CallToolResult::from_rmcp(&theirs).unwrap(), expected);
/// ```
pub trait RmcpModel: Sized {
    /// The `rmcp::model` type.
    type Rmcp: Serialize + DeserializeOwned;
    /// This value as an `rmcp` value, written for `version`; an error naming the path of
    /// anything rmcp cannot hold.
    fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<Self::Rmcp, ConvertError>;
    /// This value as an `rmcp` value (latest protocol version).
    fn to_rmcp(&self) -> Result<Self::Rmcp, ConvertError> {
        self.to_rmcp_for(ProtocolVersion::LATEST)
    }
    /// An `rmcp` value as this crate's, with every rule checked (and no untrusted-input
    /// limit: the value was built in this process).
    fn from_rmcp(value: &Self::Rmcp) -> Result<Self, ConvertError>;
}

macro_rules! rmcp_model {
    (versioned: $($ours:ty => $theirs:ty $(, $complete_only:literal)?);* $(;)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<$theirs, ConvertError> {
                refuse_shadowing_extra(self)?;
                to_rmcp_text(&self.to_json_for(version), false $(|| $complete_only)?)
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value, false)
            }
        }
    )*};
    (plain: $($ours:ty => $theirs:ty, $root_is_annotations:literal $(, $check:ident)?);* $(;)?) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $theirs;
            fn to_rmcp_for(&self, _: ProtocolVersion) -> Result<$theirs, ConvertError> {
                $($check(self)?;)?
                let json = serde_json::to_vec(self)
                    .map_err(|e| ConvertError::new(".", e.to_string()))?;
                to_rmcp_text(&json, false)
            }
            fn from_rmcp(value: &$theirs) -> Result<Self, ConvertError> {
                from_rmcp(value, $root_is_annotations)
            }
        }
    )*};
}

rmcp_model!(versioned:
    crate::ContentBlock => rm::ContentBlock;
    crate::CallToolResult => rm::CallToolResult, true;
    crate::Tool => rm::Tool;
    crate::Prompt => rm::Prompt;
    crate::PromptMessage => rm::PromptMessage;
    crate::GetPromptResult => rm::GetPromptResult;
    crate::Resource => rm::Resource;
    crate::ResourceTemplate => rm::ResourceTemplate;
    crate::ReadResourceResult => rm::ReadResourceResult;
);

rmcp_model!(plain:
    crate::ResourceContents => rm::ResourceContents, false, refuse_shadowing_extra;
    crate::Annotations => rm::Annotations, true, refuse_shadowing_extra;
    crate::ToolAnnotations => rm::ToolAnnotations, false, refuse_shadowing_extra;
    crate::PromptArgument => rm::PromptArgument, false, refuse_shadowing_extra;
    crate::Icon => rm::Icon, false, refuse_shadowing_extra;
    crate::Role => rm::Role, false;
);

/// A derived type's result as `rmcp` takes it from a tool (what the derive's `rmcp`
/// `IntoCallToolResult` impl calls).
#[doc(hidden)]
pub fn __into_rmcp_response<T: crate::IntoCallToolResult>(
    value: T,
) -> Result<rm::CallToolResponse, ErrorData> {
    let result = value.into_call_tool_result();
    let result: rm::CallToolResult = result.to_rmcp().map_err(|e| convert_error(&e))?;
    Ok(result.into())
}

pub(crate) fn convert_error(error: &ConvertError) -> ErrorData {
    ErrorData::internal_error(error.to_string(), None)
}
