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

use std::fmt;

use ::rmcp::ErrorData;
use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::depth;
use crate::model::validate::Validate;
use crate::rules::{ProtocolVersion, Rule};
use crate::wire::error::{cut_path, cut_quoted, join_key, join_path};
use crate::wire::version::SerializeFor;

/// A conversion between the two models failed: the JSON path of the value that cannot
/// cross, and why.
///
/// ```
/// use mcp_content::rmcp::RmcpModel;
/// use mcp_content::CallToolResult;
/// use mcp_content::model::ExtraFields;
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
    /// As the reader's errors: every key on the path and every quoted value in the message
    /// cut to 80 characters (an unknown field's name can be a megabyte long).
    fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        let path = path.into();
        Self {
            path: if path.is_empty() {
                ".".to_owned()
            } else {
                cut_path(path)
            },
            message: cut_quoted(&message.into()),
        }
    }

    /// This error with `prefix` put in front of its path.
    fn within(self, prefix: &str) -> Self {
        Self::new(join_path(prefix, &self.path), self.message)
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
fn refuse_rounded_numbers(json: &str, path: &str) -> Result<(), ConvertError> {
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
fn too_deep(path: &str) -> ConvertError {
    let error = crate::wire::limits::recursion_as_limit(crate::wire::error::ReadError::message(
        path,
        "recursion limit exceeded",
    ));
    ConvertError::new(error.path(), error.detail())
}

/// [`refuse_rounded_numbers`] once the depth is known to be bounded.
fn rounded_numbers_within(json: &str, path: &str) -> Result<(), ConvertError> {
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

/// rmcp holds `size` (links, resources) and `ttlMs` as `u64`, while the schemas allow any
/// integer there (a negative `size`, one past 64 bits): name the one it cannot carry, at its
/// own path (rmcp's untagged blocks would name only the block).
fn refuse_wide_integers(ours: &Value) -> Result<(), ConvertError> {
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
fn shorten_priority(annotations: &mut Value) -> Result<(), ConvertError> {
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
fn shorten_priorities(value: &mut Value) -> Result<(), ConvertError> {
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

/// Conversions of this crate's model values into `rmcp::model` values and back (see the
/// module docs for what crosses).
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
    /// [`RmcpModel::to_rmcp_for`] by value: what can move into the `rmcp` value (texts,
    /// base64) moves instead of being copied.
    fn into_rmcp_for(self, version: ProtocolVersion) -> Result<Self::Rmcp, ConvertError> {
        self.to_rmcp_for(version)
    }
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
    crate::model::tool::Tool => rm::Tool;
    crate::model::prompt::Prompt => rm::Prompt;
    crate::model::prompt::PromptMessage => rm::PromptMessage;
    crate::model::resource::Resource => rm::Resource;
    crate::model::resource::ResourceTemplate => rm::ResourceTemplate;
);

rmcp_model!(plain:
    crate::model::content::ResourceContents => rm::ResourceContents, false, refuse_shadowing_extra;
    crate::model::annotations::Annotations => rm::Annotations, true, refuse_shadowing_extra;
    crate::model::tool::ToolAnnotations => rm::ToolAnnotations, false, refuse_shadowing_extra;
    crate::model::prompt::PromptArgument => rm::PromptArgument, false, refuse_shadowing_extra;
    crate::model::icon::Icon => rm::Icon, false, refuse_shadowing_extra;
    crate::model::annotations::Role => rm::Role, false;
);

/// The results with a typed crossing: a result of the shapes `$crosses` names goes field by
/// field (`$typed`: texts and base64 moved, no `Value` in between); any other takes the checked
/// JSON route (`to_rmcp_text`; `$result_type` says whether rmcp's type carries `resultType`).
macro_rules! typed_crossing_results {
    ($($ours:ty => $rmcp:ty, $crosses:ident, $typed:ident, $result_type:expr;)*) => {$(
        impl RmcpModel for $ours {
            type Rmcp = $rmcp;
            fn to_rmcp_for(&self, version: ProtocolVersion) -> Result<$rmcp, ConvertError> {
                if $crosses(self, version) {
                    return $typed(self.clone(), version);
                }
                by_json(self, version, $result_type)
            }
            fn into_rmcp_for(self, version: ProtocolVersion) -> Result<$rmcp, ConvertError> {
                if $crosses(&self, version) {
                    return $typed(self, version);
                }
                self.to_rmcp_for(version)
            }
            fn from_rmcp(value: &$rmcp) -> Result<Self, ConvertError> {
                from_rmcp(value, false)
            }
        }
    )*};
}

/// The checked JSON route (what every other model type takes).
fn by_json<T: Validate + SerializeFor, R: DeserializeOwned + Serialize>(
    result: &T,
    version: ProtocolVersion,
    complete_only: bool,
) -> Result<R, ConvertError> {
    refuse_shadowing_extra(result)?;
    to_rmcp_text(&result.to_json_for(version), complete_only)
}

typed_crossing_results!(
    crate::CallToolResult => rm::CallToolResult, typed_crossing, call_tool_result_typed, true;
    crate::model::prompt::GetPromptResult => rm::GetPromptResult, prompt_crosses, prompt_typed, false;
    crate::model::resource::ReadResourceResult => rm::ReadResourceResult, read_crosses, read_typed, false;
);

// The typed crossing: a result whose every part rmcp's types hold exactly as the JSON route
// would carry them goes over field by field (no `Value`, texts and base64 moved). The
// predicates below say which parts those are; anything else takes the JSON route, which
// names what cannot cross. `the_typed_crossing_gives_what_the_json_route_gives` holds the
// two routes to the same rmcp values.

/// Annotations whose priority an `f32` holds (as the JSON route's check accepts it) and
/// no unknown field.
fn annotations_cross(annotations: Option<&crate::model::annotations::Annotations>) -> bool {
    annotations.is_none_or(|a| {
        a.extra.is_empty()
            && a.priority.is_none_or(|p| {
                let exact = p.get();
                let back = f64::from(narrow_f32(exact));
                back.to_bits() == exact.to_bits() || shortest_f32(back).to_bits() == exact.to_bits()
            })
    })
}

/// Free-form JSON whose numbers a `serde_json::Value` keeps (the JSON route names the
/// number that it would round).
fn json_holds(json: &str) -> bool {
    refuse_rounded_numbers(json, "").is_ok()
}

fn meta_holds(meta: &crate::model::meta::Meta) -> bool {
    meta.is_empty() || json_holds(meta.as_object().as_str())
}

/// A `resultType` the typed crossing writes: absent before 2026-07-28, `"complete"` from it.
fn complete(result_type: Option<&str>, version: ProtocolVersion) -> bool {
    !version.has_result_type()
        || result_type.is_none_or(|kind| kind == crate::model::result::RESULT_TYPE_COMPLETE)
}

fn contents_cross(contents: &crate::model::content::ResourceContents) -> bool {
    match contents {
        crate::model::content::ResourceContents::Text(c) => {
            c.extra.is_empty() && meta_holds(&c.meta)
        }
        crate::model::content::ResourceContents::Blob(c) => {
            c.extra.is_empty() && meta_holds(&c.meta)
        }
    }
}

/// Every block rmcp's `ContentBlock` has, with no unknown field; a resource link's icons
/// only where the version does not write them (rmcp's `Icon` is another shape: the JSON
/// route checks it).
fn block_crosses(block: &crate::ContentBlock, version: ProtocolVersion) -> bool {
    use crate::ContentBlock;
    match block {
        ContentBlock::Text(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::Image(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::Audio(b) => {
            b.extra.is_empty() && annotations_cross(b.annotations.as_ref()) && meta_holds(&b.meta)
        }
        ContentBlock::ResourceLink(b) => {
            b.extra.is_empty()
                && annotations_cross(b.annotations.as_ref())
                && meta_holds(&b.meta)
                && (b.icons.is_empty() || !version.has_icons())
                && u64_holds(b.size.as_ref())
        }
        ContentBlock::Resource(b) => {
            b.extra.is_empty()
                && annotations_cross(b.annotations.as_ref())
                && meta_holds(&b.meta)
                && contents_cross(&b.resource)
        }
        ContentBlock::Unknown(_) => false,
    }
}

/// Whether `result` crosses into rmcp's types field by field exactly as the JSON route
/// would carry it: no unknown fields anywhere, blocks [`block_crosses`] takes, free-form
/// JSON a `Value` holds, and a `resultType` rmcp's `CallToolResult` holds.
fn typed_crossing(result: &crate::CallToolResult, version: ProtocolVersion) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result
            .structured_content
            .as_ref()
            .is_none_or(|structured| json_holds(structured.as_str()))
        && result
            .content
            .iter()
            .all(|block| block_crosses(block, version))
}

/// Whether a `GetPromptResult` crosses field by field (see [`typed_crossing`]).
fn prompt_crosses(
    result: &crate::model::prompt::GetPromptResult,
    version: ProtocolVersion,
) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result
            .messages
            .iter()
            .all(|m| m.extra.is_empty() && block_crosses(&m.content, version))
}

/// Whether a `ReadResourceResult` crosses field by field (see [`typed_crossing`]).
fn read_crosses(
    result: &crate::model::resource::ReadResourceResult,
    version: ProtocolVersion,
) -> bool {
    complete(result.result_type.as_deref(), version)
        && result.extra.is_empty()
        && meta_holds(&result.meta)
        && result.contents.iter().all(contents_cross)
        && u64_holds(result.ttl_ms.as_ref())
}

/// Whether rmcp's `u64` holds an integer (a negative one or one past 64 bits takes the
/// JSON route, where rmcp's refusal names its path).
fn u64_holds(value: Option<&crate::model::integer::JsonInteger>) -> bool {
    value.is_none_or(|v| v.as_u64().is_some())
}

#[allow(clippy::cast_possible_truncation)] // rmcp holds an f32: the narrowing is the point
fn narrow_f32(value: f64) -> f32 {
    value as f32
}

/// A `_meta` as rmcp holds it (`None` when empty, as the JSON route leaves it out).
fn meta_typed(
    meta: &crate::model::meta::Meta,
    path: &str,
) -> Result<Option<rm::MetaObject>, ConvertError> {
    if meta.is_empty() {
        return Ok(None);
    }
    // Our `_meta` is checked JSON object text: rmcp's map reads it (a number beyond `f64`
    // cannot cross either way).
    serde_json::from_str(meta.as_object().as_str())
        .map(Some)
        .map_err(|e| ConvertError::new(join_path(path, "_meta"), e.to_string()))
}

fn annotations_typed(
    annotations: Option<crate::model::annotations::Annotations>,
) -> Option<rm::Annotations> {
    // Empty annotations are not written, so the JSON route gives rmcp none.
    let annotations = annotations.filter(|a| !a.is_empty())?;
    let mut theirs = rm::Annotations::default();
    theirs.audience = annotations
        .audience
        .map(|roles| roles.into_iter().map(role_typed).collect());
    theirs.priority = annotations.priority.map(|p| narrow_f32(p.get()));
    theirs.last_modified = annotations.last_modified.map(|t| t.as_str().to_owned());
    Some(theirs)
}

fn role_typed(role: crate::model::annotations::Role) -> rm::Role {
    match role {
        crate::model::annotations::Role::User => rm::Role::User,
        crate::model::annotations::Role::Assistant => rm::Role::Assistant,
    }
}

/// The `resultType` the JSON route gives rmcp for a result [`complete`] took.
fn result_type_typed(version: ProtocolVersion) -> Option<rm::ResultType> {
    version
        .has_result_type()
        .then_some(rm::ResultType::COMPLETE)
}

fn contents_typed(
    contents: crate::model::content::ResourceContents,
    path: &str,
) -> Result<rm::ResourceContents, ConvertError> {
    Ok(match contents {
        crate::model::content::ResourceContents::Text(c) => {
            rm::ResourceContents::TextResourceContents {
                meta: meta_typed(&c.meta, path)?,
                uri: c.uri.into_string(),
                mime_type: c
                    .mime_type
                    .map(crate::model::validated::MimeType::into_string),
                text: c.text,
            }
        }
        crate::model::content::ResourceContents::Blob(c) => {
            rm::ResourceContents::BlobResourceContents {
                meta: meta_typed(&c.meta, path)?,
                uri: c.uri.into_string(),
                mime_type: c
                    .mime_type
                    .map(crate::model::validated::MimeType::into_string),
                blob: c.blob.into_base64(),
            }
        }
    })
}

/// An image or audio block, field by field: rmcp's two types have the same fields but no
/// common trait or constructor, so one body serves both through their names.
macro_rules! media_typed {
    ($block:expr, $path:expr, $variant:ident, $theirs:ident) => {{
        let block = $block;
        let mut theirs = rm::$theirs::new(block.data.into_base64(), block.mime_type.as_str());
        theirs.meta = meta_typed(&block.meta, $path)?;
        theirs.annotations = annotations_typed(block.annotations);
        rm::ContentBlock::$variant(theirs)
    }};
}

/// One block [`block_crosses`] accepted, field by field.
fn block_typed(block: crate::ContentBlock, path: &str) -> Result<rm::ContentBlock, ConvertError> {
    use crate::ContentBlock;
    Ok(match block {
        ContentBlock::Text(b) => {
            let b = *b;
            let mut theirs = rm::TextContent::new(b.text);
            theirs.meta = meta_typed(&b.meta, path)?;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::Text(theirs)
        }
        ContentBlock::Image(b) => media_typed!(*b, path, Image, ImageContent),
        ContentBlock::Audio(b) => media_typed!(*b, path, Audio, AudioContent),
        ContentBlock::ResourceLink(b) => {
            let b = *b;
            let mut theirs = rm::Resource::new(b.uri.into_string(), b.name);
            theirs.title = b.title;
            theirs.description = b.description;
            theirs.mime_type = b
                .mime_type
                .map(crate::model::validated::MimeType::into_string);
            // `block_crosses` let only a size rmcp's `u64` holds come this way.
            theirs.size = b
                .size
                .as_ref()
                .and_then(crate::model::integer::JsonInteger::as_u64);
            // Icons reach here only where the version does not write them.
            theirs.meta = meta_typed(&b.meta, path)?;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::ResourceLink(theirs)
        }
        ContentBlock::Resource(b) => {
            let b = *b;
            let meta = meta_typed(&b.meta, path)?;
            let mut theirs = rm::EmbeddedResource::new(contents_typed(
                b.resource,
                &join_path(path, "resource"),
            )?);
            theirs.meta = meta;
            theirs.annotations = annotations_typed(b.annotations);
            rm::ContentBlock::Resource(theirs)
        }
        ContentBlock::Unknown(_) => {
            return Err(ConvertError::new(
                path,
                "an unknown block cannot cross (rmcp's ContentBlock is closed)",
            ));
        }
    })
}

/// The field-by-field crossing of a result [`typed_crossing`] accepted.
fn call_tool_result_typed(
    result: crate::CallToolResult,
    version: ProtocolVersion,
) -> Result<rm::CallToolResult, ConvertError> {
    let mut content = Vec::with_capacity(result.content.len());
    for (i, block) in result.content.into_iter().enumerate() {
        content.push(block_typed(block, &format!("content[{i}]"))?);
    }
    let mut theirs = rm::CallToolResult::success(content);
    theirs.is_error = result.is_error;
    theirs.result_type = result_type_typed(version);
    if let Some(structured) = result.structured_content {
        let value: Value = serde_json::from_str(structured.as_str())
            .map_err(|e| ConvertError::new("structuredContent", e.to_string()))?;
        theirs.structured_content = Some(
            if version.wraps_non_object_structured() && !value.is_object() {
                // 2025-era schemas require an object here.
                serde_json::json!({ "result": value })
            } else {
                value
            },
        );
    }
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}

/// The field-by-field crossing of a result [`prompt_crosses`] accepted.
fn prompt_typed(
    result: crate::model::prompt::GetPromptResult,
    version: ProtocolVersion,
) -> Result<rm::GetPromptResult, ConvertError> {
    let mut messages = Vec::with_capacity(result.messages.len());
    for (i, message) in result.messages.into_iter().enumerate() {
        let content = block_typed(message.content, &format!("messages[{i}].content"))?;
        messages.push(rm::PromptMessage::new(role_typed(message.role), content));
    }
    let mut theirs = rm::GetPromptResult::new(messages);
    theirs.description = result.description;
    theirs.result_type = result_type_typed(version);
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}

/// The field-by-field crossing of a result [`read_crosses`] accepted.
fn read_typed(
    result: crate::model::resource::ReadResourceResult,
    version: ProtocolVersion,
) -> Result<rm::ReadResourceResult, ConvertError> {
    let mut contents = Vec::with_capacity(result.contents.len());
    for (i, item) in result.contents.into_iter().enumerate() {
        contents.push(contents_typed(item, &format!("contents[{i}]"))?);
    }
    let mut theirs = rm::ReadResourceResult::new(contents);
    theirs.result_type = result_type_typed(version);
    // Written from 2026-07-28 only, with the defaults the writer fills in.
    if version.has_cache_hints() {
        theirs.cache_scope = Some(
            match result
                .cache_scope
                .unwrap_or(crate::model::resource::CacheScope::Private)
            {
                crate::model::resource::CacheScope::Public => rm::CacheScope::Public,
                crate::model::resource::CacheScope::Private => rm::CacheScope::Private,
            },
        );
        // `read_crosses` let only a ttlMs rmcp's `u64` holds come this way.
        theirs.ttl_ms = Some(
            result
                .ttl_ms
                .as_ref()
                .map_or(Some(0), crate::model::integer::JsonInteger::as_u64)
                .unwrap_or(0),
        );
    }
    theirs.meta = meta_typed(&result.meta, "")?;
    Ok(theirs)
}

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

pub(crate) fn convert_error(error: &ConvertError) -> ErrorData {
    ErrorData::internal_error(error.to_string(), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        annotations::{Annotations, Role},
        content::{AudioContent, ImageContent, TextContent},
        extra::ExtraFields,
        validated::{MetaKey, MimeType, Priority, Timestamp},
    };
    use crate::{CallToolResult, ContentBlock};

    const VERSIONS: [ProtocolVersion; 3] = [
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];

    fn annotated(priority: f64) -> Annotations {
        Annotations::new()
            .audience([Role::User, Role::Assistant])
            .priority(Priority::new(priority).unwrap())
            .last_modified(Timestamp::new("2025-01-12").unwrap())
    }

    fn meta(key: &str, value: Value) -> crate::model::meta::Meta {
        let mut meta = crate::model::meta::Meta::new();
        meta.insert_key(MetaKey::new(key).unwrap(), value);
        meta
    }

    /// Results the typed crossing takes: every field it carries, in every version.
    fn typed_results() -> Vec<CallToolResult> {
        let mut text = TextContent::new("hello");
        text.annotations = Some(annotated(0.8));
        text.meta = meta(
            "com.example/a",
            serde_json::json!({"n": 1.5, "s": [1, "x"]}),
        );
        let mut image =
            ImageContent::new(vec![1, 2, 3, 250], MimeType::new("image/png").unwrap()).unwrap();
        image.annotations = Some(annotated(1.0));
        let mut audio =
            AudioContent::new(vec![9; 10], MimeType::new("audio/wav").unwrap()).unwrap();
        audio.annotations = Some(Annotations::new());
        let mut full = CallToolResult::new(vec![
            ContentBlock::from(text),
            ContentBlock::from(image),
            ContentBlock::from(audio),
        ]);
        full.is_error = Some(false);
        full.meta = meta(
            "io.modelcontextprotocol/related-task",
            serde_json::json!({"taskId": "t"}),
        );
        let mut typed_complete = CallToolResult::text("done");
        typed_complete.result_type = Some("complete".into());
        let mut other_kind = CallToolResult::text("old peer");
        // Not written for 2025-era peers; refused for 2026-07-28 (tested below).
        other_kind.result_type = Some("task".into());
        vec![
            CallToolResult::new(resource_blocks()),
            CallToolResult::text("hi"),
            CallToolResult::error("bad"),
            CallToolResult::new(Vec::new()),
            CallToolResult::structured(serde_json::json!({"a": 1, "b": [true, null]})),
            CallToolResult::structured(serde_json::json!(42)),
            CallToolResult::structured(Value::Null),
            full,
            typed_complete,
            other_kind,
        ]
    }

    fn uri(text: &str) -> crate::model::validated::Uri {
        crate::model::validated::Uri::new(text).unwrap()
    }

    /// A resource link with every field rmcp's `Resource` holds, and embedded resources of
    /// both kinds.
    fn resource_blocks() -> Vec<ContentBlock> {
        let mut link =
            crate::model::content::ResourceLink::new(uri("https://example.com/a.txt"), "a");
        link.title = Some("A".into());
        link.description = Some("the letter".into());
        link.mime_type = Some(MimeType::new("text/plain").unwrap());
        link.size = Some(12_u64.into());
        link.annotations = Some(annotated(0.5));
        link.meta = meta("com.example/l", serde_json::json!([1, 2.5]));
        let mut text =
            crate::model::content::TextResourceContents::new(uri("file:///notes.md"), "# Notes");
        text.mime_type = Some(MimeType::new("text/markdown").unwrap());
        text.meta = meta("com.example/t", serde_json::json!(true));
        let mut embedded = crate::model::content::EmbeddedResource::new(text);
        embedded.annotations = Some(annotated(0.25));
        embedded.meta = meta("com.example/e", serde_json::json!({"k": null}));
        let blob =
            crate::model::content::BlobResourceContents::new(uri("file:///a.bin"), vec![0, 255, 7]);
        vec![
            link.into(),
            embedded.into(),
            crate::model::content::EmbeddedResource::new(blob).into(),
        ]
    }

    /// Prompt and read results the typed crossing takes.
    fn typed_prompts() -> Vec<crate::model::prompt::GetPromptResult> {
        let mut full = crate::model::prompt::GetPromptResult::new(
            resource_blocks()
                .into_iter()
                .chain(typed_results().swap_remove(7).content)
                .enumerate()
                .map(|(i, block)| {
                    let role = if i % 2 == 0 {
                        Role::User
                    } else {
                        Role::Assistant
                    };
                    crate::model::prompt::PromptMessage::new(role, block)
                })
                .collect(),
        );
        full.description = Some("everything".into());
        full.meta = meta("com.example/p", serde_json::json!(1));
        let mut complete = crate::model::prompt::GetPromptResult::new(Vec::new());
        complete.result_type = Some("complete".into());
        vec![full, complete]
    }

    fn typed_reads() -> Vec<crate::model::resource::ReadResourceResult> {
        let mut text = crate::model::content::TextResourceContents::new(uri("file:///a.txt"), "a");
        text.mime_type = Some(MimeType::new("text/plain").unwrap());
        let blob =
            crate::model::content::BlobResourceContents::new(uri("file:///b.bin"), vec![1; 40]);
        let mut full =
            crate::model::resource::ReadResourceResult::new(vec![text.into(), blob.into()]);
        full.meta = meta("com.example/r", serde_json::json!("x"));
        let mut cached = crate::model::resource::ReadResourceResult::new(Vec::new());
        cached.cache_scope = Some(crate::model::resource::CacheScope::Public);
        cached.ttl_ms = Some(60_000_u64.into());
        cached.result_type = Some("complete".into());
        vec![full, cached]
    }

    #[test]
    fn prompts_and_reads_cross_typed_as_the_json_route_carries_them() {
        for version in VERSIONS {
            for result in typed_prompts() {
                assert!(prompt_crosses(&result, version), "{result:?}");
                let json_route = by_json::<_, rm::GetPromptResult>(&result, version, false);
                assert!(json_route.is_ok(), "{json_route:?}");
                assert_eq!(
                    result.clone().into_rmcp_for(version),
                    json_route,
                    "{version:?}"
                );
                assert_eq!(result.to_rmcp_for(version), json_route);
            }
            for result in typed_reads() {
                assert!(read_crosses(&result, version), "{result:?}");
                let json_route = by_json::<_, rm::ReadResourceResult>(&result, version, false);
                assert!(json_route.is_ok(), "{json_route:?}");
                assert_eq!(
                    result.clone().into_rmcp_for(version),
                    json_route,
                    "{version:?}"
                );
                assert_eq!(result.to_rmcp_for(version), json_route);
            }
        }
    }

    #[test]
    fn prompts_and_reads_the_typed_crossing_does_not_take_are_refused_as_before() {
        let mut extra_message =
            crate::model::prompt::PromptMessage::new(Role::User, TextContent::new("x"));
        extra_message.insert_extra("x-m", 1).unwrap();
        let extra_message = crate::model::prompt::GetPromptResult::new(vec![extra_message]);
        let mut other_kind = crate::model::prompt::GetPromptResult::new(Vec::new());
        other_kind.result_type = Some("input_required".into());
        let mut rounded = crate::model::prompt::GetPromptResult::new(Vec::new());
        rounded.meta = crate::model::meta::Meta::from_checked_object(
            crate::model::json::JsonObject::parse(
                r#"{"com.example/n": 123456789012345678901234567890}"#,
            )
            .unwrap(),
        );
        let mut extra_contents =
            crate::model::content::TextResourceContents::new(uri("file:///a"), "a");
        extra_contents.insert_extra("x-c", true).unwrap();
        let extra_contents =
            crate::model::resource::ReadResourceResult::new(vec![extra_contents.into()]);
        for version in VERSIONS {
            assert_eq!(
                extra_message
                    .clone()
                    .into_rmcp_for(version)
                    .unwrap_err()
                    .path(),
                "messages[0].x-m"
            );
            assert!(!prompt_crosses(&rounded, version));
            let err = rounded.clone().into_rmcp_for(version).unwrap_err();
            assert!(err.path().starts_with("_meta"), "{err}");
            assert!(
                err.message().contains("123456789012345678901234567890"),
                "{err}"
            );
            assert!(!read_crosses(&extra_contents, version));
            assert_eq!(
                extra_contents
                    .clone()
                    .into_rmcp_for(version)
                    .unwrap_err()
                    .path(),
                "contents[0].x-c"
            );
            // Not written before 2026-07-28, so nothing to refuse there.
            assert_eq!(
                prompt_crosses(&other_kind, version),
                !version.has_result_type()
            );
            assert_eq!(
                other_kind.clone().into_rmcp_for(version),
                by_json::<_, rm::GetPromptResult>(&other_kind, version, false)
            );
        }
    }

    #[test]
    fn the_typed_crossing_gives_what_the_json_route_gives() {
        for version in VERSIONS {
            for result in typed_results() {
                let json_route = by_json::<_, rm::CallToolResult>(&result, version, true);
                if result.result_type.as_deref() == Some("task") && version.has_result_type() {
                    assert!(!typed_crossing(&result, version));
                    assert_eq!(result.clone().into_rmcp_for(version), json_route);
                    assert!(json_route.is_err());
                    continue;
                }
                assert!(typed_crossing(&result, version), "{result:?}");
                let typed = result.clone().into_rmcp_for(version);
                assert_eq!(typed, json_route, "{version:?}: {result:?}");
                assert_eq!(result.to_rmcp_for(version), json_route);
            }
        }
    }

    #[test]
    fn what_the_typed_crossing_does_not_take_goes_the_json_route_and_is_refused_the_same_way() {
        let mut inexact = TextContent::new("p");
        inexact.annotations = Some(annotated(0.123_456_789_123));
        let inexact = CallToolResult::new(vec![inexact.into()]);
        let mut extra = CallToolResult::text("x");
        extra.insert_extra("x-trace", "abc").unwrap();
        let mut block_extra = TextContent::new("x");
        block_extra.insert_extra("x-b", 1).unwrap();
        let block_extra = CallToolResult::new(vec![block_extra.into()]);
        let mut icons = crate::model::content::ResourceLink::new(uri("https://example.com/a"), "a");
        icons.icons = vec![crate::model::icon::Icon::new("https://example.com/a.png").unwrap()];
        let icons = CallToolResult::new(vec![ContentBlock::from(icons)]);
        let rounded_structured = CallToolResult {
            structured_content: Some(
                crate::model::json::RawJson::parse(r#"{"n": 123456789012345678901234567890}"#)
                    .unwrap(),
            ),
            ..CallToolResult::text("n")
        };
        for version in VERSIONS {
            assert!(!typed_crossing(&rounded_structured, version));
            assert_eq!(
                rounded_structured
                    .clone()
                    .into_rmcp_for(version)
                    .unwrap_err()
                    .path(),
                by_json::<_, rm::CallToolResult>(&rounded_structured, version, true)
                    .unwrap_err()
                    .path()
            );
            for result in [&inexact, &extra, &block_extra] {
                assert!(!typed_crossing(result, version));
                let json_route = by_json::<_, rm::CallToolResult>(result, version, true);
                assert_eq!(result.clone().into_rmcp_for(version), json_route);
            }
            // Icons go the JSON route where they are written, and cross either way.
            assert_eq!(typed_crossing(&icons, version), !version.has_icons());
            let json_route = by_json::<_, rm::CallToolResult>(&icons, version, true);
            assert!(json_route.is_ok());
            assert_eq!(icons.clone().into_rmcp_for(version), json_route);
            assert_eq!(
                inexact.clone().into_rmcp_for(version).unwrap_err().path(),
                "content[0].annotations.priority"
            );
            assert_eq!(
                extra.clone().into_rmcp_for(version).unwrap_err().path(),
                "x-trace"
            );
        }
    }
}
