//! JSON the model does not interpret, kept as text: unknown fields ([`JsonObject`]), `_meta`
//! values, structured content and unknown blocks ([`RawJson`]).
//!
//! A relay must not change what it does not understand. `serde_json::Value` would: it
//! rounds integers beyond 64 bits, spells `1E2` as `100.0` and `-0` as `0`, and sorts object
//! keys. Text keeps all of it, byte for byte (whitespace between tokens is dropped: what is
//! written is compact JSON), member names included: a [`JsonObject`] read by
//! [`read_json`](crate::read_json) / [`read_json_with`](crate::read_json_with) or
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

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeOwned, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// One JSON value kept as its exact text (numbers, key order and escapes as received).
///
/// ```
/// use mcp_content::RawJson;
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
    /// use mcp_content::RawJson;
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
    pub fn to_value(&self) -> Value {
        json_text_to_value(self.as_str())
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
    fn eq(&self, other: &Value) -> bool {
        self.to_value() == *other
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

/// A JSON object kept as text, in the order it was read or built: the unknown fields of a
/// model type (`extra`), the fields of an unknown block, the entries of `_meta`.
///
/// Lookups read the text (a linear scan): these objects are relayed far more often than
/// they are searched.
///
/// ```
/// use mcp_content::JsonObject;
/// let mut object = JsonObject::new();
/// object.insert("z", serde_json::json!(1));
/// object.insert("a", serde_json::json!({"y": 2, "x": 3}));
/// assert_eq!(object.as_str(), r#"{"a":{"x":3,"y":2},"z":1}"#);
/// let read = JsonObject::parse(r#"{"z":1E2,"a":-0}"#).unwrap();
/// assert_eq!(read.as_str(), r#"{"z":1E2,"a":-0}"#);
/// assert_eq!(object.get("a").unwrap().get(), r#"{"x":3,"y":2}"#);
/// assert_eq!(object.len(), 2);
/// ```
#[derive(Clone, Default, PartialEq)]
pub struct JsonObject(Option<Box<str>>);

impl JsonObject {
    /// An empty object.
    pub const fn new() -> Self {
        Self(None)
    }

    /// Parses `text` (one JSON object), keeping its members' text: numbers, order and the
    /// spelling of names (`"\u0041"` stays so; lookups use the decoded name, `A`). As
    /// [`RawJson::parse`], a key twice in one object and a lone surrogate escape are refused
    /// at any depth, and nesting past 128 levels.
    ///
    /// ```
    /// use mcp_content::JsonObject;
    /// assert!(JsonObject::parse(r#"{"a":1,"a":2}"#).is_err());
    /// assert!(JsonObject::parse(r#"{"a":{"b":1,"b":2}}"#).is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, serde_json::Error> {
        check_encoding(text)?;
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let object = crate::wire::spelling::deserialize(&mut deserializer)?;
        deserializer.end()?;
        check_readable(text)?;
        Ok(object)
    }

    /// Whether the object has no member.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// The compact JSON text (`{}` when empty).
    pub fn as_str(&self) -> &str {
        self.0.as_deref().unwrap_or("{}")
    }

    /// The members, in order: each key (decoded: a name spelled `"\u0041"` is `A`) and the
    /// raw text of its value.
    pub fn entries(&self) -> Vec<(Cow<'_, str>, &RawValue)> {
        let Some(text) = self.0.as_deref() else {
            return Vec::new();
        };
        serde_json::from_str::<Entries<'_>>(text)
            .map(|e| e.0)
            .unwrap_or_default()
    }

    /// Iterates over the members in order.
    pub fn iter(&self) -> impl Iterator<Item = (Cow<'_, str>, &RawValue)> {
        self.entries().into_iter()
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = Cow<'_, str>> {
        self.entries().into_iter().map(|(k, _)| k)
    }

    /// The raw value at `key`.
    pub fn get(&self, key: &str) -> Option<&RawValue> {
        self.entries()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// The value at `key` as a `serde_json::Value`.
    pub fn get_value(&self, key: &str) -> Option<Value> {
        self.get(key).map(|raw| json_text_to_value(raw.get()))
    }

    /// Whether `key` is a member.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Sets `key` to `value`: in place when present (the old value is returned); a new key
    /// goes before the first greater one, so an object built by inserts is sorted as
    /// `serde_json::Map` sorts it, and one read keeps its order. Every other member keeps
    /// its text, and a member set in place the spelling of its name.
    pub fn insert(&mut self, key: impl Into<String>, value: impl Into<RawJson>) -> Option<RawJson> {
        let key = key.into();
        let value = value.into();
        self.set(&key, None, value.as_str())
    }

    /// [`JsonObject::insert`] of a member named `name`, written as `key_text` (its JSON
    /// text) when it is new; `None` writes the name with the fewest escapes.
    fn set(&mut self, name: &str, key_text: Option<&str>, value: &str) -> Option<RawJson> {
        let members = self.members();
        let mut builder = ObjectBuilder::new();
        if let Some(at) = members.iter().position(|m| m.name == name) {
            let old = RawJson(members[at].value.to_owned());
            for (i, m) in members.iter().enumerate() {
                builder.push_text(m.key, if i == at { value } else { m.value.get() });
            }
            *self = builder.finish();
            return Some(old);
        }
        let at = members
            .iter()
            .position(|m| m.name.as_ref() > name)
            .unwrap_or(members.len());
        let push_new = |builder: &mut ObjectBuilder| match key_text {
            Some(text) => builder.push_text(text, value),
            None => builder.push(name, value),
        };
        for (i, m) in members.iter().enumerate() {
            if i == at {
                push_new(&mut builder);
            }
            builder.push_text(m.key, m.value.get());
        }
        if at == members.len() {
            push_new(&mut builder);
        }
        *self = builder.finish();
        None
    }

    /// Removes `key`, keeping the order (and the text) of the rest.
    pub fn remove(&mut self, key: &str) -> Option<RawJson> {
        let mut old = None;
        let mut builder = ObjectBuilder::new();
        for m in self.members() {
            if m.name == key && old.is_none() {
                old = Some(RawJson(m.value.to_owned()));
            } else {
                builder.push_text(m.key, m.value.get());
            }
        }
        *self = builder.finish();
        old
    }

    /// Keeps the members for which `keep` returns true (called with each decoded name).
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &RawValue) -> bool) {
        let mut builder = ObjectBuilder::new();
        for m in self.members() {
            if keep(&m.name, m.value) {
                builder.push_text(m.key, m.value.get());
            }
        }
        *self = builder.finish();
    }

    /// Appends the members of `other` (a key present in both takes `other`'s value), each
    /// name spelled as `other` holds it.
    pub fn extend(&mut self, other: &JsonObject) {
        for m in other.members() {
            self.set(&m.name, Some(m.key), m.value.get());
        }
    }

    /// The members in order, each with its decoded name and the text of its name as held
    /// (escapes as received).
    pub(crate) fn members(&self) -> Vec<Member<'_>> {
        let Some(text) = self.0.as_deref() else {
            return Vec::new();
        };
        serde_json::from_str::<Members<'_>>(text)
            .map(|m| m.0)
            .unwrap_or_default()
    }

    /// The members as a `serde_json::Map` (keys sorted, numbers as `Value` holds them).
    pub fn to_map(&self) -> Map<String, Value> {
        self.entries()
            .into_iter()
            .map(|(k, v)| (k.into_owned(), json_text_to_value(v.get())))
            .collect()
    }

    /// The members' text between the braces (`"a":1,"b":2`), empty when there is none.
    pub(crate) fn members_text(&self) -> &str {
        self.0
            .as_deref()
            .and_then(|t| t.get(1..t.len() - 1))
            .unwrap_or("")
    }
}

impl From<Map<String, Value>> for JsonObject {
    fn from(map: Map<String, Value>) -> Self {
        let mut builder = ObjectBuilder::new();
        for (k, v) in &map {
            builder.push(k, RawJson::from(v).as_str());
        }
        builder.finish()
    }
}

impl FromIterator<(String, Value)> for JsonObject {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        let mut builder = ObjectBuilder::new();
        for (k, v) in iter {
            builder.push(&k, RawJson::from(&v).as_str());
        }
        builder.finish()
    }
}

impl PartialEq<Map<String, Value>> for JsonObject {
    fn eq(&self, other: &Map<String, Value>) -> bool {
        self.to_map() == *other
    }
}

impl fmt::Debug for JsonObject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for JsonObject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entries = self.entries();
        let mut map = serializer.serialize_map(Some(entries.len()))?;
        for (k, v) in entries {
            map.serialize_entry(&k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for JsonObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor;
        impl<'de> Visitor<'de> for ObjectVisitor {
            type Value = JsonObject;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<JsonObject, A::Error> {
                let _model = enter_model::<JsonObject, A::Error>()?;
                let mut builder = ObjectBuilder::new();
                while let Some(key) = access.next_key::<MemberKey<'de>>()? {
                    builder.push_member(&key, &mut access)?;
                }
                Ok(builder.finish())
            }
        }
        deserializer.deserialize_map(ObjectVisitor)
    }
}

/// Builds a [`JsonObject`]'s text member by member, as a model type reads its unknown fields.
#[derive(Default)]
pub(crate) struct ObjectBuilder(String);

impl ObjectBuilder {
    pub(crate) fn new() -> Self {
        Self(String::new())
    }

    /// Appends `key` with the value text `raw` (valid JSON).
    pub(crate) fn push(&mut self, key: &str, raw: &str) {
        self.0.push(if self.0.is_empty() { '{' } else { ',' });
        push_key(&mut self.0, key);
        self.0.push(':');
        push_compact(&mut self.0, raw);
    }

    /// Appends a member whose name is given as its JSON text, quotes included (a name
    /// kept as the peer spelled it).
    pub(crate) fn push_text(&mut self, key_text: &str, raw: &str) {
        self.0.push(if self.0.is_empty() { '{' } else { ',' });
        self.0.push_str(key_text);
        self.0.push(':');
        push_compact(&mut self.0, raw);
    }

    /// Appends `key` (in its spelling when it has one) with the value text `raw`.
    pub(crate) fn push_spelled(&mut self, key: &MemberKey<'_>, raw: &str) {
        match &key.spelling {
            Some(text) => self.push_text(text, raw),
            None => self.push(&key.name, raw),
        }
    }

    /// Reads the next value of `access` as raw text and appends it under `key`.
    pub(crate) fn push_value<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        access: &mut A,
    ) -> Result<(), A::Error> {
        let raw: Box<RawValue> = access.next_value()?;
        self.push(key, raw.get());
        Ok(())
    }

    /// Reads the next value of `access` as raw text and appends it under `key`, spelled as
    /// it was read.
    pub(crate) fn push_member<'de, A: MapAccess<'de>>(
        &mut self,
        key: &MemberKey<'_>,
        access: &mut A,
    ) -> Result<(), A::Error> {
        let raw: Box<RawValue> = access.next_value()?;
        self.push_spelled(key, raw.get());
        Ok(())
    }

    /// Appends the members of `other`, after these.
    pub(crate) fn append(&mut self, other: ObjectBuilder) {
        if other.0.is_empty() {
            return;
        }
        if self.0.is_empty() {
            self.0 = other.0;
        } else {
            self.0.push(',');
            self.0.push_str(&other.0[1..]);
        }
    }

    pub(crate) fn finish(mut self) -> JsonObject {
        if self.0.is_empty() {
            return JsonObject(None);
        }
        self.0.push('}');
        JsonObject(Some(self.0.into_boxed_str()))
    }
}

/// The members of an object's text, borrowed.
struct Entries<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> Deserialize<'de> for Entries<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntriesVisitor;
        impl<'de> Visitor<'de> for EntriesVisitor {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Entries<'de>, A::Error> {
                let mut entries = Vec::new();
                while let Some(Key(key)) = access.next_key::<Key<'de>>()? {
                    let value: &'de RawValue = access.next_value()?;
                    entries.push((key, value));
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(EntriesVisitor)
    }
}

/// A member of a [`JsonObject`] as its text holds it.
pub(crate) struct Member<'a> {
    /// The decoded name: what lookups, checks and paths use.
    pub(crate) name: Cow<'a, str>,
    /// The name's JSON text, quotes included, as received (escapes kept).
    pub(crate) key: &'a str,
    /// The value's text.
    pub(crate) value: &'a RawValue,
}

/// The members of an object's text with the names' text, borrowed.
struct Members<'a>(Vec<Member<'a>>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Members<'de>, A::Error> {
                let mut members = Vec::new();
                // `serde_json` hands a key out as raw text too: its exact spelling.
                while let Some(key) = access.next_key::<&'de RawValue>()? {
                    let key = key.get();
                    let inner = key.get(1..key.len().saturating_sub(1)).unwrap_or_default();
                    let name = if inner.contains('\\') {
                        Cow::Owned(serde_json::from_str::<String>(key).map_err(de::Error::custom)?)
                    } else {
                        Cow::Borrowed(inner)
                    };
                    let value: &'de RawValue = access.next_value()?;
                    members.push(Member { name, key, value });
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor)
    }
}

/// A member name as the model holds it: the decoded name, which every lookup, check,
/// duplicate test and error path uses, and, for a name read with escapes through one of the
/// crate's readers, its exact text (see [`crate::wire::spelling`]), which is what is written
/// back. A name without escapes is its own text: nothing more is kept, nothing is done.
pub(crate) struct MemberKey<'de> {
    pub(crate) name: Cow<'de, str>,
    /// The name's JSON text, quotes included, when it had escapes and the reader kept them.
    pub(crate) spelling: Option<Box<str>>,
}

impl<'de> MemberKey<'de> {
    fn escaped<E: de::Error>(name: Cow<'de, str>) -> Result<Self, E> {
        use crate::wire::spelling::{Escaped, escaped_key};
        let spelling = match escaped_key() {
            Escaped::Spelled(text) => Some(text),
            Escaped::Unknown => None,
            Escaped::Refused => {
                // Never shown: the one-pass read gives the document to the checked path.
                return Err(E::custom(
                    "a member name with escapes (read on the checked path)",
                ));
            }
        };
        Ok(Self { name, spelling })
    }
}

impl<'de> Deserialize<'de> for MemberKey<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MemberKeyVisitor;
        impl<'de> Visitor<'de> for MemberKeyVisitor {
            type Value = MemberKey<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            // Borrowed: the name had no escapes, its text is the name.
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<MemberKey<'de>, E> {
                Ok(MemberKey {
                    name: Cow::Borrowed(v),
                    spelling: None,
                })
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MemberKey<'de>, E> {
                MemberKey::escaped(Cow::Owned(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<MemberKey<'de>, E> {
                MemberKey::escaped(Cow::Owned(v))
            }
        }
        deserializer.deserialize_str(MemberKeyVisitor)
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
            format!(
                "nested deeper than the JSON parser's {} levels",
                ReadLimits::PARSER_MAX_DEPTH
            ),
        )),
        Finding::DuplicateKey(at, key) => Some((
            cut_path(path_at(text.as_bytes(), at)),
            format!("duplicate field `{}`", crate::wire::error::cut(&key)),
        )),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Reading optional fields: one rule for `null`.

/// An optional field's value, read with the crate's one `null` rule: the official schemas
/// give no optional field a `null` type, so `null` is refused (naming the field's path)
/// rather than read as absent — a relay that dropped it would change the document, and one
/// that kept it would write an invalid one. Absent fields are `None` as usual.
pub(crate) struct Present<T>(pub(crate) T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Present<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PresentVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for PresentVisitor<T> {
            type Value = Present<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value (not null)")
            }
            fn visit_none<E: de::Error>(self) -> Result<Present<T>, E> {
                Err(null_error())
            }
            fn visit_unit<E: de::Error>(self) -> Result<Present<T>, E> {
                Err(null_error())
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Present<T>, D::Error> {
                T::deserialize(d).map(Present)
            }
        }
        deserializer.deserialize_option(PresentVisitor(std::marker::PhantomData))
    }
}

/// Marks a model value of type `T` as being read (see
/// [`ReadLimits::max_model_bytes_per_byte`](crate::ReadLimits::max_model_bytes_per_byte)):
/// one read outside any other model value is charged twice its size, as a caller's plain
/// `Vec` may hold it. Keep the guard until the value is read.
pub(crate) fn enter_model<T, E: de::Error>() -> Result<crate::wire::limits::ModelValue, E> {
    crate::wire::limits::ModelValue::enter::<T>().map_err(E::custom)
}

/// Charges `bytes` of model memory (a box, list slots) to the read in progress.
pub(crate) fn charge<E: de::Error>(bytes: usize) -> Result<(), E> {
    crate::wire::limits::charge_model(bytes).map_err(E::custom)
}

/// The error for `null` in an optional field.
pub(crate) fn null_error<E: de::Error>() -> E {
    E::custom(crate::rules::Violation::new(
        crate::rules::Rule::Type,
        "null is not allowed here (no optional field of the schema takes null): leave the field out",
    ))
}

/// Reads the value of an optional field into `slot` once, refusing `null` and a second value.
pub(crate) fn take_optional<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
) -> Result<(), A::Error> {
    take_once(access, slot, key, |Present(value): Present<T>| value)
}

/// Reads the value of a required field into `slot` once.
pub(crate) fn take_required<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
) -> Result<(), A::Error> {
    take_once(access, slot, key, std::convert::identity)
}

/// Reads a field's value as `V` into `slot` once, refusing a second value.
fn take_once<'de, V: Deserialize<'de>, T, A: MapAccess<'de>>(
    access: &mut A,
    slot: &mut Option<T>,
    key: &'static str,
    unwrap: impl FnOnce(V) -> T,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(key));
    }
    *slot = Some(unwrap(access.next_value::<V>()?));
    Ok(())
}

/// A list read from a peer, grown by a quarter at a time and trimmed to its length: a `Vec`
/// read element by element doubles, so a peer choosing one element past a power of two
/// would have the reader hold twice the room it needs (for a list of tiny icons, 10 times
/// the input's size). Growing by a quarter costs a few more copies and holds 1.25 times.
/// Each slot is charged to the read's model-memory budget as the list grows
/// ([`ReadLimits::max_model_bytes_per_byte`](crate::ReadLimits::max_model_bytes_per_byte)).
pub(crate) struct Compact<T>(pub(crate) Vec<T>);

impl<T> From<Compact<T>> for Vec<T> {
    fn from(list: Compact<T>) -> Self {
        list.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Compact<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CompactVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for CompactVisitor<T> {
            type Value = Compact<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // The words of serde's own `Vec`, which these lists were read as before.
                f.write_str("a sequence")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(
                self,
                mut access: A,
            ) -> Result<Compact<T>, A::Error> {
                // A list of one (the usual tool result) gets one exact allocation, nothing
                // to trim; the charges are those of the loop below, at the same points.
                let Some(first) = access.next_element::<T>()? else {
                    return Ok(Compact(Vec::new()));
                };
                charge::<A::Error>(4 * size_of::<T>())?;
                let Some(second) = access.next_element::<T>()? else {
                    return Ok(Compact(vec![first]));
                };
                let mut list = Vec::with_capacity(4);
                list.extend([first, second]);
                while let Some(item) = access.next_element()? {
                    if list.len() == list.capacity() {
                        let more = list.len() / 4 + 4;
                        charge::<A::Error>(more.saturating_mul(size_of::<T>()))?;
                        list.reserve_exact(more);
                    }
                    list.push(item);
                }
                list.shrink_to_fit();
                Ok(Compact(list))
            }
        }
        deserializer.deserialize_seq(CompactVisitor(std::marker::PhantomData))
    }
}

/// A size in bytes: a non-negative integer as JSON Schema counts integers, so `1.0` and `1e3`
/// are integers too (and `1.5` is not).
pub(crate) struct Size(pub(crate) u64);

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SizeVisitor;
        impl Visitor<'_> for SizeVisitor {
            type Value = Size;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a non-negative integer")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Size, E> {
                Ok(Size(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Size, E> {
                u64::try_from(v)
                    .map(Size)
                    .map_err(|_| E::custom(format_args!("size {v} is negative")))
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Size, E> {
                // 2^53: every integer below it is exactly an `f64`, so a decimal spelling
                // (`2.0`, `1e3`) below it is read as the integer it names. At or past it the
                // spelling may name an integer the float cannot hold (`9007199254740993.0`
                // parses as ...992): refused rather than read as a neighbour.
                const EXACT: f64 = 9_007_199_254_740_992.0;
                if v.fract() != 0.0 || !v.is_finite() {
                    return Err(E::custom(format_args!("size {v} is not an integer")));
                }
                if v < 0.0 {
                    return Err(E::custom(format_args!("size {v} is negative")));
                }
                if v >= EXACT {
                    return Err(E::custom(
                        "a size written with a fraction or an exponent must be below 2^53 \
                         (9007199254740992) to be read exactly: write it as an integer",
                    ));
                }
                Ok(Size(v as u64))
            }
        }
        deserializer.deserialize_any(SizeVisitor)
    }
}

/// Implements `Deserialize` for a model struct whose fields are listed once: `required`,
/// `optional` (`Option<T>`) or `defaulted` (absent is `Default`), each read as a type (with a
/// conversion when the field's type differs), unknown members kept in `extra` as text in
/// order. Every optional field follows the one `null` rule ([`Present`]); `@count` counts
/// the object as a block against [`ReadLimits::max_blocks`](crate::ReadLimits::max_blocks).
macro_rules! deserialize_object {
    ($ty:ident, $expecting:literal, $(@$count:ident,)? {
        $($field:ident : $kind:ident $read:ty = $key:literal $(=> $conv:expr)?),* $(,)?
    }) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct ObjectVisitor;
                impl<'de> serde::de::Visitor<'de> for ObjectVisitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut access: A,
                    ) -> Result<$ty, A::Error> {
                        let _model = $crate::model::json::enter_model::<$ty, A::Error>()?;
                        $( $crate::model::json::deserialize_object!(@$count); )?
                        $( let mut $field: Option<$read> = None; )*
                        let mut extra = $crate::model::json::ObjectBuilder::new();
                        while let Some(key) =
                            access.next_key::<$crate::model::json::MemberKey<'de>>()?
                        {
                            match key.name.as_ref() {
                                $( $key => $crate::model::json::deserialize_object!(
                                    @take $kind, access, $field, $key
                                ), )*
                                _ => extra.push_member(&key, &mut access)?,
                            }
                        }
                        Ok($ty {
                            $( $field: $crate::model::json::deserialize_object!(
                                @finish $kind, $field, $key $(, $conv)?
                            ), )*
                            extra: extra.finish(),
                        })
                    }
                }
                deserializer.deserialize_map(ObjectVisitor)
            }
        }
    };
    (@count) => {
        $crate::wire::limits::count_block().map_err(serde::de::Error::custom)?
    };
    (@take required, $access:ident, $slot:ident, $key:literal) => {
        $crate::model::json::take_required(&mut $access, &mut $slot, $key)?
    };
    (@take $kind:ident, $access:ident, $slot:ident, $key:literal) => {
        $crate::model::json::take_optional(&mut $access, &mut $slot, $key)?
    };
    (@finish required, $slot:ident, $key:literal $(, $conv:expr)?) => {
        match $slot {
            Some(value) => $( ($conv) )? (value),
            None => return Err(serde::de::Error::missing_field($key)),
        }
    };
    (@finish optional, $slot:ident, $key:literal $(, $conv:expr)?) => {
        $slot $( .map($conv) )?
    };
    (@finish defaulted, $slot:ident, $key:literal $(, $conv:expr)?) => {
        $slot $( .map($conv) )? .unwrap_or_default()
    };
}
pub(crate) use deserialize_object;

pub(crate) use crate::wire::spelling::Key;

#[cfg(test)]
mod memory_tests {
    //! The model-memory budget of a read (`ReadLimits::max_model_bytes_per_byte`): what it
    //! refuses, with which path and rule, and what it lets through. The memory itself is
    //! measured by the memory benchmark, whose test mode fails over 8 bytes per input byte.

    use crate::rules::Rule;
    use crate::{CallToolResult, Prompt, ReadLimits, Tool, read_json, read_json_with};

    fn list(item: &str, count: usize) -> String {
        format!("[{}]", vec![item; count].join(","))
    }

    #[test]
    fn many_tiny_tools_in_a_plain_vec_are_refused_naming_the_element() {
        let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 20_000);
        let err = read_json::<Vec<Tool>>(doc.as_bytes()).unwrap_err();
        assert_eq!(err.rule(), Some(Rule::Limit));
        assert!(err.path().starts_with('['), "{}", err.path());
        assert!(
            err.to_string().contains("max_model_bytes_per_byte"),
            "{err}"
        );
        // Trusted input: no budget.
        let tools: Vec<Tool> = read_json_with(doc.as_bytes(), &ReadLimits::unlimited()).unwrap();
        assert_eq!(tools.len(), 20_000);
    }

    #[test]
    fn many_empty_prompt_arguments_are_refused_at_the_list() {
        let doc = format!(
            r#"{{"name":"p","arguments":{}}}"#,
            list(r#"{"name":""}"#, 50_000)
        );
        let err = read_json::<Prompt>(doc.as_bytes()).unwrap_err();
        assert_eq!(err.rule(), Some(Rule::Limit));
        assert_eq!(err.path(), "arguments");
    }

    #[test]
    fn ordinary_documents_are_read() {
        // Tools with a description, text blocks with a sentence: far under the budget.
        let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
        let tools: Vec<Tool> = read_json(list(tool, 5_000).as_bytes()).unwrap();
        assert_eq!(tools.len(), 5_000);
        let block = r#"{"type":"text","text":"The quick brown fox jumps over the lazy dog."}"#;
        let doc = format!(r#"{{"content":{}}}"#, list(block, 20_000));
        let result: CallToolResult = read_json(doc.as_bytes()).unwrap();
        assert_eq!(result.content.len(), 20_000);
    }

    #[test]
    fn a_small_document_is_never_refused_for_the_size_of_its_values() {
        // Two tools are charged more than 6 bytes per input byte, within the 16 KiB floor.
        let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 2);
        assert_eq!(read_json::<Vec<Tool>>(doc.as_bytes()).unwrap().len(), 2);
        let err = read_json_with::<Vec<Tool>>(
            doc.as_bytes(),
            &ReadLimits::default().with_max_model_bytes_per_byte(0),
        );
        assert!(err.is_ok(), "the floor holds whatever the ratio");
    }

    /// A `Value` is charged as the bytes it would be written as (`ReadLimits`, Memory): the
    /// same document is refused as bytes and as a `Value`, at the same path.
    #[test]
    fn a_value_is_charged_as_the_bytes_it_would_be_written_as() {
        let doc = list(r#"{"name":"t","inputSchema":{"type":"object"}}"#, 20_000);
        let from_bytes = read_json::<Vec<Tool>>(doc.as_bytes()).unwrap_err();
        let value: serde_json::Value = serde_json::from_str(&doc).unwrap();
        let err = crate::read_value::<Vec<Tool>>(value.clone()).unwrap_err();
        assert_eq!(err.rule(), Some(Rule::Limit));
        assert_eq!(err.path(), from_bytes.path());
        assert!(
            err.to_string().contains("max_model_bytes_per_byte"),
            "{err}"
        );
        let tools: Vec<Tool> =
            crate::read_value_with(value, &ReadLimits::unlimited()).expect("no budget");
        assert_eq!(tools.len(), 20_000);
        // Ordinary documents are read as `Value`s too.
        let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
        let value: serde_json::Value = serde_json::from_str(&list(tool, 5_000)).unwrap();
        assert_eq!(crate::read_value::<Vec<Tool>>(value).unwrap().len(), 5_000);
    }

    /// The length a `Value` is charged against is its compact JSON's, escapes not counted.
    #[test]
    fn the_length_of_a_value_is_its_compact_json() {
        let plain = serde_json::json!({
            "a": [1, -2.5, 1e300, null, true, false, "text", [], {}],
            "": {"nested": [[{"k": 12_345_678_901_234_567_u64}]]},
            "é": "ünï"
        });
        let len = crate::wire::limits::check_value_depth(&plain, 128, usize::MAX).ok();
        assert_eq!(len, Some(serde_json::to_string(&plain).unwrap().len()));
        let escaped = serde_json::json!({"a\"b": "line\n"});
        let len = crate::wire::limits::check_value_depth(&escaped, 128, usize::MAX).ok();
        assert_eq!(
            len,
            Some(serde_json::to_string(&escaped).unwrap().len() - 2)
        );
    }

    #[test]
    fn the_budget_starts_again_for_each_read() {
        // Each read takes most of its budget: three of them would not fit in one.
        let tool = r#"{"name":"get_weather","description":"Weather for a city","inputSchema":{"type":"object"}}"#;
        let doc = list(tool, 1_000);
        for _ in 0..3 {
            assert_eq!(read_json::<Vec<Tool>>(doc.as_bytes()).unwrap().len(), 1_000);
        }
    }
}
