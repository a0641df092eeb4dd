//! [`JsonObject`], a JSON object kept as text, and what builds and walks that text:
//! [`ObjectBuilder`] (member by member, as a model type reads its unknown fields), the
//! member iterators, and [`MemberKey`] (a member name with its spelling).
//!
//! Apart from [`RawJson`] because an object is more than a value: its
//! members are looked up, inserted and removed in place, each name keeping its spelling.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::{
    Key, RawJson, check_encoding, check_readable, enter_model, json_text_to_value, push_compact,
    push_key,
};

/// A JSON object kept as text, in the order it was read or built: the unknown fields of a
/// model type (`extra`), the fields of an unknown block, the entries of `_meta`.
///
/// Lookups read the text (a linear scan): these objects are relayed far more often than
/// they are searched.
///
/// ```
/// use mcp_content::model::JsonObject;
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
    /// use mcp_content::model::JsonObject;
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

    /// The value at `key` as a `serde_json::Value` (`null` for a value holding a number no
    /// `Value` holds, `1E400`: [`try_get_value`](Self::try_get_value) says so).
    pub fn get_value(&self, key: &str) -> Option<Value> {
        self.get(key).map(|raw| json_text_to_value(raw.get()))
    }

    /// The value at `key` as a `serde_json::Value`, or the error naming the number no `Value`
    /// holds (`1E400`) where [`get_value`](Self::get_value) gives `null`.
    pub fn try_get_value(&self, key: &str) -> Option<Result<Value, serde_json::Error>> {
        self.get(key)
            .map(|raw| crate::wire::value_text::parse_value(raw.get()))
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

impl JsonObject {
    /// Calls `each` with every member in order, without listing them first (a list takes
    /// 56 bytes a member: many times the text of an object of tiny members). Stops at the
    /// first `Err`, which it returns.
    pub(crate) fn try_for_each_member<'a, E>(
        &'a self,
        mut each: impl FnMut(Member<'a>) -> Result<(), E>,
    ) -> Result<(), E> {
        let Some(text) = self.0.as_deref() else {
            return Ok(());
        };
        let mut failure = None;
        {
            let mut call = |member: Member<'a>| match each(member) {
                Ok(()) => true,
                Err(error) => {
                    failure = Some(error);
                    false
                }
            };
            let mut deserializer = serde_json::Deserializer::from_str(text);
            // The text is a JSON object the model made: a parse error is the stop below.
            let _ =
                Deserializer::deserialize_map(&mut deserializer, EachMember { each: &mut call });
        }
        failure.map_or(Ok(()), Err)
    }
}

/// The visitor of [`JsonObject::try_for_each_member`]: `each` says whether to go on.
struct EachMember<'f, 'a> {
    each: &'f mut dyn FnMut(Member<'a>) -> bool,
}

impl<'de> Visitor<'de> for EachMember<'_, 'de> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<(), A::Error> {
        while let Some(key) = access.next_key::<&'de RawValue>()? {
            let key = key.get();
            let inner = key.get(1..key.len().saturating_sub(1)).unwrap_or_default();
            let name = if inner.contains('\\') {
                Cow::Owned(serde_json::from_str::<String>(key).map_err(de::Error::custom)?)
            } else {
                Cow::Borrowed(inner)
            };
            let value: &'de RawValue = access.next_value()?;
            if !(self.each)(Member { name, key, value }) {
                return Err(de::Error::custom("stopped"));
            }
        }
        Ok(())
    }
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
