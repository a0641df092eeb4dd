//! JSON the model does not interpret, kept as text: unknown fields ([`JsonObject`]), `_meta`
//! values, structured content and unknown blocks ([`RawJson`]).
//!
//! A relay must not change what it does not understand. `serde_json::Value` would: it
//! rounds integers beyond 64 bits, spells `1E2` as `100.0` and `-0` as `0`, and sorts object
//! keys. Text keeps all of it, byte for byte (whitespace between tokens is dropped: what is
//! written is compact JSON), member names included: a [`JsonObject`] read by
//! [`read_json`](crate::read_json) / [`read_json_with`](crate::wire::read_json_with) or
//! [`JsonObject::parse`] holds each name as it was spelled (`"\u0041"`, `"a\"b"`, `"\/"`) and
//! its JSON writers (`to_json_for`, `write_json_for`) write that text back, while every lookup
//! ([`JsonObject::get`], [`JsonObject::entries`]), check and error path uses the decoded name
//! (`A`). How the spelling reaches the model: `wire::spelling`. A name the model
//! builds (`insert`) is written with the fewest escapes; a `Value` has no spelling, and a serde
//! serializer (`Serialize`, `to_value_for`) writes the decoded names its own way. Text is also
//! small: a `Value` costs 32 bytes per number and more per object member, so a document of
//! many tiny values would take many times its size.
//!
//! Two values are equal when their (compact) texts are: `{"a":1}` and `{"a":1.0}` differ, as
//! they do on the wire.
//!
//! This file holds [`RawJson`] and the text helpers every part shares (compaction, the
//! checks that refuse text no reader takes back, the model-memory charges of a read);
//! [`JsonObject`] and its builder are in `object`, the readers of a model type's fields
//! (the one `null` rule, lists grown a quarter at a time) in `field`.

use std::fmt;

use serde::de::{self, DeserializeOwned};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

/// One JSON value kept as its exact text (numbers, key order and escapes as received).
///
/// ```
/// use mcp_content::model::RawJson;
/// let raw: RawJson = serde_json::from_str(r#"{"b": 1E2, "a": 123456789012345678901234567890}"#).unwrap();
/// assert_eq!(raw.as_str(), r#"{"b":1E2,"a":123456789012345678901234567890}"#);
/// assert_eq!(serde_json::to_string(&raw).unwrap(), raw.as_str());
/// assert_eq!(RawJson::from(serde_json::json!([1, "x"])).as_str(), r#"[1,"x"]"#);
/// ```
#[derive(Clone)]
pub struct RawJson(Box<RawValue>);

impl RawJson {
    /// Parses `text` (one JSON value); whitespace between tokens is dropped. Text that
    /// parses but that no reader of this crate takes back is refused: a key twice in one
    /// object or a lone surrogate escape (`"\ud800"`) at any depth, or nesting past the JSON
    /// parser's 128 levels. Kept, it would be written out as it is and refused by the peer
    /// (or read as another document).
    ///
    /// ```
    /// use mcp_content::model::RawJson;
    /// assert!(RawJson::parse(r#"{"a":[1E2,-0]}"#).is_ok());
    /// assert!(RawJson::parse(r#"{"a":1,"a":2}"#).is_err());
    /// assert!(RawJson::parse(r#"["\ud800"]"#).is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, serde_json::Error> {
        check_encoding(text)?;
        let raw: Box<RawValue> = serde_json::from_str(text)?;
        check_readable(text)?;
        Ok(Self(compact(raw)))
    }

    /// The JSON `null`.
    pub fn null() -> Self {
        Self::from(&Value::Null)
    }

    /// The JSON text.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    /// The text as `serde_json`'s raw value.
    pub fn as_raw(&self) -> &RawValue {
        &self.0
    }

    /// The value as a `serde_json::Value` (numbers as `Value` holds them: a relay should
    /// write the `RawJson` itself), at any depth: text nested past `serde_json`'s 128 levels
    /// is read without recursion rather than lost.
    ///
    /// A number no `Value` holds (`1E400`, past `f64`; valid JSON, which the model keeps as
    /// text) makes the whole value `null` here: [`try_to_value`](Self::try_to_value) says so.
    pub fn to_value(&self) -> Value {
        json_text_to_value(self.as_str())
    }

    /// The value as a `serde_json::Value`, or the error naming the number no `Value` holds
    /// (`1E400`), the one thing [`to_value`](Self::to_value) turns into `null`.
    ///
    /// ```
    /// use mcp_content::model::RawJson;
    /// let huge = RawJson::parse(r#"{"a":[1,1E400]}"#).unwrap();
    /// assert!(huge.try_to_value().unwrap_err().to_string().contains("number out of range"));
    /// assert_eq!(huge.to_value(), serde_json::Value::Null);
    /// assert_ne!(huge, serde_json::Value::Null);
    /// let small = RawJson::parse(r#"{"a":[1,1E3]}"#).unwrap();
    /// assert_eq!(small.try_to_value().unwrap(), serde_json::json!({"a": [1, 1000.0]}));
    /// ```
    pub fn try_to_value(&self) -> Result<Value, serde_json::Error> {
        crate::wire::value_text::parse_value(self.as_str())
    }

    /// Reads the value as `T`.
    pub fn deserialize_into<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.as_str())
    }

    /// Whether the value is an object.
    pub fn is_object(&self) -> bool {
        self.as_str().starts_with('{')
    }

    /// Whether the value is `null`.
    pub fn is_null(&self) -> bool {
        self.as_str() == "null"
    }

    /// The string, when the value is a string without escapes.
    pub fn as_plain_str(&self) -> Option<&str> {
        plain_str(self.as_str())
    }
}

/// Model text (valid JSON: a `RawJson`, a member of a `JsonObject`) as a `Value`, at any
/// depth.
pub(crate) fn json_text_to_value(text: &str) -> Value {
    // Unreachable fallback: `parse_value` fails only on text that is not JSON, and the
    // model holds none (`RawValue` checks it on the way in).
    crate::wire::value_text::parse_value(text).unwrap_or(Value::Null)
}

/// The inside of a JSON string literal without escapes.
fn plain_str(text: &str) -> Option<&str> {
    text.strip_prefix('"')?
        .strip_suffix('"')
        .filter(|s| !s.contains('\\'))
}

impl From<&Value> for RawJson {
    /// The text `serde_json::to_string` writes, at any depth: written without recursion
    /// (`serde_json`'s writer recurses once per level and would overflow the stack on a value
    /// nested 100,000 levels deep). Text nested past 128 levels is kept as it is; every
    /// reader that parses it back refuses it with the path (see [`RawJson::to_value`]).
    fn from(value: &Value) -> Self {
        let text = crate::wire::value_text::compact_json(value);
        // `from_string` checks the text without recursion, and the writer writes valid JSON.
        Self(RawValue::from_string(text).expect("compact_json writes valid JSON"))
    }
}

impl From<Value> for RawJson {
    fn from(value: Value) -> Self {
        let raw = Self::from(&value);
        // `Value`'s own drop recurses once per level.
        crate::wire::limits::drop_iteratively(value);
        raw
    }
}

impl From<Box<RawValue>> for RawJson {
    /// The unchecked route: `RawValue` has checked the syntax (without recursion), nothing
    /// more. Unlike [`RawJson::parse`], a duplicate key or nesting past 128 levels is kept:
    /// the writers relay the text as it is, [`RawJson::to_value`] reads it at any depth, and
    /// every reader of the wire ([`read_json`](crate::read_json), the rmcp bridge) refuses
    /// the document with the path of the first value past its limit and the rule `limit`.
    fn from(value: Box<RawValue>) -> Self {
        Self(compact(value))
    }
}

impl From<RawJson> for Value {
    fn from(value: RawJson) -> Self {
        value.to_value()
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Value> for RawJson {
    /// Equal when the text reads as `other` (a number no `Value` holds equals nothing).
    fn eq(&self, other: &Value) -> bool {
        self.try_to_value().is_ok_and(|value| value == *other)
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for RawJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let _model = enter_model::<Self, D::Error>()?;
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        Ok(Self(compact(raw)))
    }
}

/// `raw` without whitespace between tokens (most input has none: then it is returned as is).
pub(crate) fn compact(raw: Box<RawValue>) -> Box<RawValue> {
    if !has_whitespace(raw.get()) {
        return raw;
    }
    let mut out = String::with_capacity(raw.get().len());
    push_compact(&mut out, raw.get());
    RawValue::from_string(out).unwrap_or(raw)
}

fn has_whitespace(text: &str) -> bool {
    memchr::memchr3(b' ', b'\n', b'\t', text.as_bytes()).is_some()
        || memchr::memchr(b'\r', text.as_bytes()).is_some()
}

/// Appends valid JSON `text` to `out` without the whitespace between its tokens.
fn push_compact(out: &mut String, text: &str) {
    if !has_whitespace(text) {
        out.push_str(text);
        return;
    }
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if matches!(c, ' ' | '\n' | '\t' | '\r') {
            continue;
        } else if c == '"' {
            in_string = true;
        }
        out.push(c);
    }
}

/// Appends `key` as a JSON string.
pub(crate) fn push_key(out: &mut String, key: &str) {
    if key.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(key);
        out.push('"');
    } else {
        crate::wire::value_text::push_string(out, key);
    }
}

/// Refuses JSON text that parses but that [`read_json`](crate::read_json) refuses, which a
/// value built from it would write out unchanged (see [`unreadable`]).
fn check_readable(text: &str) -> Result<(), serde_json::Error> {
    match unreadable(text) {
        Some((path, message)) => Err(de::Error::custom(format_args!("{path}: {message}"))),
        None => Ok(()),
    }
}

/// A lone surrogate escape named as such (`serde_json` has other words for it), before the
/// text is parsed.
fn check_encoding(text: &str) -> Result<(), serde_json::Error> {
    match crate::wire::read::encoding_error(text.as_bytes()) {
        Some(error) => Err(de::Error::custom(error)),
        None => Ok(()),
    }
}

/// What in well-formed JSON text [`read_json`](crate::read_json) refuses: a key twice in
/// one object (a reader keeps one of them, another reader the other), a lone surrogate
/// escape (no UTF-8 text holds it), or nesting past the parser's 128 levels (no reader goes
/// deeper, and a `Value` made of the text would be `null`). The path inside the text (`.`
/// for the root), and why.
pub(crate) fn unreadable(text: &str) -> Option<(String, String)> {
    use crate::wire::error::cut_path;
    use crate::wire::limits::{Finding, ReadLimits, path_at, scan};
    if let Some(error) = crate::wire::read::encoding_error(text.as_bytes()) {
        return Some((error.path().to_owned(), error.detail().to_owned()));
    }
    match scan(text.as_bytes(), ReadLimits::PARSER_MAX_DEPTH, usize::MAX) {
        Finding::TooDeep(at) => Some((
            cut_path(path_at(text.as_bytes(), at)),
            "nested deeper than the JSON parser's 127 levels".to_owned(),
        )),
        Finding::DuplicateKey(at, key) => Some((
            cut_path(path_at(text.as_bytes(), at)),
            format!("duplicate field `{}`", crate::wire::error::cut(&key)),
        )),
        _ => None,
    }
}

/// Marks a model value of type `T` as being read (see
/// [`ReadLimits::max_model_bytes_per_byte`](crate::wire::ReadLimits::max_model_bytes_per_byte)):
/// one read outside any other model value is charged twice its size, as a caller's plain
/// `Vec` may hold it. Keep the guard until the value is read.
pub(crate) fn enter_model<T, E: de::Error>() -> Result<crate::wire::limits::ModelValue, E> {
    crate::wire::limits::ModelValue::enter::<T>().map_err(E::custom)
}

/// Charges `bytes` of model memory (a box, list slots) to the read in progress.
pub(crate) fn charge<E: de::Error>(bytes: usize) -> Result<(), E> {
    crate::wire::limits::charge_model(bytes).map_err(E::custom)
}

mod field;
mod object;

pub(crate) use self::field::{Compact, take_optional, take_required};
pub use self::object::JsonObject;
pub(crate) use self::object::{Member, MemberKey, ObjectBuilder};
pub(crate) use crate::wire::spelling::Key;

#[cfg(test)]
mod memory_tests;
