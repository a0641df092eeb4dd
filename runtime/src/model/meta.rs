//! `_meta`: the open metadata object that results, blocks and resource contents carry.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

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
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meta(Map<String, Value>);

impl Meta {
    /// An empty `_meta`.
    pub fn new() -> Self {
        Self(Map::new())
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
    ) -> Result<Option<Value>, Violation> {
        rules::check_user_meta_key(key)?;
        Ok(self.0.insert(key.to_owned(), value.into()))
    }

    /// Inserts a key already validated as a [`MetaKey`] (reserved prefixes allowed: this is
    /// how the runtime and proxies write them).
    pub fn insert_key(&mut self, key: MetaKey, value: impl Into<Value>) -> Option<Value> {
        self.0.insert(key.into_string(), value.into())
    }

    /// Inserts a key the compiler already checked (generated code).
    pub(crate) fn __insert_unchecked(&mut self, key: &str, value: Value) {
        debug_assert!(rules::check_meta_key(key).is_ok(), "{key}");
        self.0.insert(key.to_owned(), value);
    }

    /// The value at `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// Removes and returns the value at `key`.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.0.remove(key)
    }

    /// Keeps the entries for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut Value) -> bool) {
        self.0.retain(|k, v| keep(k, v));
    }

    /// Iterates over the entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The entries as a JSON map.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.0
    }

    /// The entries as a JSON map.
    pub fn into_map(self) -> Map<String, Value> {
        self.0
    }

    /// A `_meta` from a JSON map, checking every key's grammar.
    pub fn from_map(map: Map<String, Value>) -> Result<Self, Violation> {
        for key in map.keys() {
            rules::check_meta_key(key)?;
        }
        Ok(Self(map))
    }

    /// `None` when empty: the shape optional `_meta` fields take.
    pub fn into_option(self) -> Option<Self> {
        if self.is_empty() { None } else { Some(self) }
    }
}

impl Serialize for Meta {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
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
                let mut map = Map::new();
                while let Some(key) = access.next_key::<String>()? {
                    rules::check_meta_key(&key).map_err(serde::de::Error::custom)?;
                    let value: Value = access.next_value()?;
                    map.insert(key, value);
                }
                Ok(Meta(map))
            }
        }
        deserializer.deserialize_map(MetaVisitor)
    }
}

impl<'a> IntoIterator for &'a Meta {
    type Item = (&'a String, &'a Value);
    type IntoIter = serde_json::map::Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
