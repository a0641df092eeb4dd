//! `_meta`: the open metadata object that results, blocks and resource contents carry.

use std::borrow::Cow;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::model::content::Key;
use crate::model::json::{JsonObject, ObjectBuilder, RawJson};
use crate::model::validated::MetaKey;
use crate::rules::{self, Violation};

/// A `_meta` object. Every key follows the `_meta` key grammar; an empty `Meta` is omitted
/// on the wire (never `"_meta": {}`).
///
/// Keys written through [`Meta::insert`] must not use a prefix reserved for MCP; the runtime
/// (and a proxy relaying what a peer sent) may carry reserved keys.
///
/// ```
/// use mcp_content::Meta;
/// let mut meta = Meta::new();
/// meta.insert("com.example/source", "weather-api").unwrap();
/// assert!(meta.insert("io.modelcontextprotocol/x", 1).is_err());
/// assert_eq!(serde_json::to_string(&meta).unwrap(), r#"{"com.example/source":"weather-api"}"#);
/// assert_eq!(meta.get("com.example/source").unwrap().get(), r#""weather-api""#);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meta(JsonObject);

impl Meta {
    /// An empty `_meta`.
    pub const fn new() -> Self {
        Self(JsonObject::new())
    }

    /// Whether there is no key (an empty `_meta` is not emitted).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Inserts a key written by user code: the grammar holds and the prefix is not reserved.
    pub fn insert(
        &mut self,
        key: &str,
        value: impl Into<Value>,
    ) -> Result<Option<RawJson>, Violation> {
        rules::check_user_meta_key(key)?;
        Ok(self.0.insert(key, value.into()))
    }

    /// Inserts a key already validated as a [`MetaKey`] (reserved prefixes allowed: this is
    /// how the runtime and proxies write them).
    pub fn insert_key(&mut self, key: MetaKey, value: impl Into<Value>) -> Option<RawJson> {
        self.0.insert(key.into_string(), value.into())
    }

    /// Inserts a key the compiler already checked (generated code).
    #[doc(hidden)]
    pub fn __insert_unchecked(&mut self, key: &str, value: Value) {
        debug_assert!(rules::check_meta_key(key).is_ok(), "{key}");
        self.0.insert(key, value);
    }

    /// The exact text of the value at `key` (`.get()` is the text; `serde_json::from_str`
    /// reads it as any type).
    pub fn get(&self, key: &str) -> Option<&RawValue> {
        self.0.get(key)
    }

    /// The value at `key` as a `serde_json::Value`.
    pub fn get_value(&self, key: &str) -> Option<Value> {
        self.0.get_value(key)
    }

    /// Removes and returns the value at `key`.
    pub fn remove(&mut self, key: &str) -> Option<RawJson> {
        self.0.remove(key)
    }

    /// Keeps the entries for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &RawValue) -> bool) {
        self.0.retain(|k, v| keep(k, v));
    }

    /// The entries in order: each key and the exact text of its value.
    pub fn iter(&self) -> impl Iterator<Item = (Cow<'_, str>, &RawValue)> {
        self.0.iter()
    }

    /// The entries as an ordered JSON object kept as text.
    pub fn as_object(&self) -> &JsonObject {
        &self.0
    }

    /// The entries as a JSON map (keys sorted, numbers as `Value` holds them).
    pub fn to_map(&self) -> Map<String, Value> {
        self.0.to_map()
    }

    /// A `_meta` from a JSON map, checking every key's grammar.
    pub fn from_map(map: Map<String, Value>) -> Result<Self, Violation> {
        for key in map.keys() {
            rules::check_meta_key(key)?;
        }
        Ok(Self(JsonObject::from(map)))
    }

    /// A `_meta` from a JSON object kept as text, checking every key's grammar.
    pub fn from_object(object: JsonObject) -> Result<Self, Violation> {
        for key in object.keys() {
            rules::check_meta_key(&key)?;
        }
        Ok(Self(object))
    }

    /// `None` when empty: the shape optional `_meta` fields take.
    pub fn into_option(self) -> Option<Self> {
        if self.is_empty() { None } else { Some(self) }
    }
}

impl Serialize for Meta {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Meta {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MetaVisitor;
        impl<'de> Visitor<'de> for MetaVisitor {
            type Value = Meta;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a _meta object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Meta, A::Error> {
                let mut builder = ObjectBuilder::new();
                while let Some(key) = access.next_key::<Key<'de>>()? {
                    rules::check_meta_key(&key.0).map_err(serde::de::Error::custom)?;
                    builder.push_value(&key.0, &mut access)?;
                }
                Ok(Meta(builder.finish()))
            }
        }
        deserializer.deserialize_map(MetaVisitor)
    }
}
