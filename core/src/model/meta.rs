//! `_meta`: the open metadata object that results, blocks and resource contents carry.
//!
//! This file holds [`Meta`] itself; the keys the 2026-07-28 schema types, and the checks
//! of their values (on a `Value`, and on the text as it is read), are in `typed`.

use std::borrow::Cow;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::model::json::{JsonObject, MemberKey, ObjectBuilder, RawJson};
use crate::model::validated::MetaKey;
use crate::model::write::AsJsonObject;
use crate::rules::{self, Violation};
use crate::wire::error::{field_error, join_path};

mod typed;

pub(crate) use self::typed::{
    CLIENT_CAPABILITIES, LOG_LEVEL, PROTOCOL_VERSION, check_reserved_text, check_reserved_value,
    kind_of,
};
use self::typed::{CLIENT_INFO, SERVER_INFO, SUBSCRIPTION_ID};

/// A `_meta` object. Every key follows the `_meta` key grammar; an empty `Meta` is omitted
/// on the wire (never `"_meta": {}`).
///
/// The keys protocol 2026-07-28 defines ([`Meta::TYPED_KEYS`]) hold values of their spec
/// types: reading refuses another shape, naming the path, and
/// [`validate`](crate::Validate::validate) reports one set in code.
///
/// Keys written through [`Meta::insert`] must not use a prefix reserved for MCP; the runtime
/// (and a proxy relaying what a peer sent) may carry reserved keys.
///
/// ```
/// use mcp_content::model::Meta;
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
    /// how the runtime and proxies write them). The value of a key the spec types
    /// ([`Meta::TYPED_KEYS`]) is not checked here: [`Meta::try_insert_key`] checks it, and
    /// [`validate`](crate::Validate::validate) reports it.
    pub fn insert_key(&mut self, key: MetaKey, value: impl Into<Value>) -> Option<RawJson> {
        self.0.insert(key.into_string(), value.into())
    }

    /// [`Meta::insert_key`], refusing a value of another shape than the spec gives the key
    /// ([`Meta::TYPED_KEYS`]).
    ///
    /// ```
    /// use mcp_content::model::{Meta, MetaKey};
    /// use serde_json::json;
    /// let mut meta = Meta::new();
    /// let key = MetaKey::new("io.modelcontextprotocol/serverInfo").unwrap();
    /// let err = meta.try_insert_key(key.clone(), json!({"name": "weather"})).unwrap_err();
    /// assert_eq!(err.to_string(), "version: `version` is required (a string) (rule: type)");
    /// assert!(meta.try_insert_key(key, json!({"name": "weather", "version": "1.0"})).is_ok());
    /// ```
    pub fn try_insert_key(
        &mut self,
        key: MetaKey,
        value: impl Into<Value>,
    ) -> Result<Option<Value>, Violation> {
        let value = value.into();
        check_reserved_value(key.as_str(), &value).map_err(|(at, violation)| {
            if at.is_empty() {
                violation
            } else {
                Violation::new(violation.rule, format!("{at}: {}", violation.message))
            }
        })?;
        Ok(self
            .0
            .insert(key.into_string(), value)
            .map(|raw| raw.to_value()))
    }

    /// Inserts a key the compiler already checked (generated code).
    pub(crate) fn __insert_unchecked(&mut self, key: &str, value: Value) {
        debug_assert!(rules::check_meta_key(key).is_ok(), "{key}");
        self.0.insert(key, value);
    }

    /// The exact text of the value at `key` (`.get()` is the text; `serde_json::from_str`
    /// reads it as any type).
    pub fn get(&self, key: &str) -> Option<&RawValue> {
        self.0.get(key)
    }

    /// The value at `key` as a `serde_json::Value` (`null` for a value holding a number no
    /// `Value` holds, `1E400`: [`try_get_value`](Self::try_get_value) says so).
    pub fn get_value(&self, key: &str) -> Option<Value> {
        self.0.get_value(key)
    }

    /// The value at `key` as a `serde_json::Value`, or the error naming the number no `Value`
    /// holds (`1E400`) where [`get_value`](Self::get_value) gives `null`.
    ///
    /// ```
    /// use mcp_content::model::Meta;
    /// let meta: Meta = serde_json::from_str(r#"{"com.example/n":{"big":1E400},"com.example/m":2}"#).unwrap();
    /// assert!(meta.try_get_value("com.example/n").unwrap().is_err());
    /// assert_eq!(meta.try_get_value("com.example/m").unwrap().unwrap(), serde_json::json!(2));
    /// assert!(meta.try_get_value("com.example/absent").is_none());
    /// ```
    pub fn try_get_value(&self, key: &str) -> Option<Result<Value, serde_json::Error>> {
        self.0.try_get_value(key)
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

    /// A `_meta` from a JSON map, checking every key's grammar and the values of the keys
    /// the spec types ([`Meta::TYPED_KEYS`]).
    pub fn from_map(map: Map<String, Value>) -> Result<Self, Violation> {
        for (key, value) in &map {
            rules::check_meta_key(key)?;
            check_reserved_value(key, value).map_err(|(at, violation)| {
                let at = join_path(key, &at);
                Violation::new(violation.rule, format!("{at}: {}", violation.message))
            })?;
        }
        Ok(Self(JsonObject::from(map)))
    }

    /// A `_meta` from a JSON object kept as text, checking every key's grammar and the
    /// values of the keys the spec types ([`Meta::TYPED_KEYS`]), as [`Meta::from_map`] does.
    ///
    /// ```
    /// use mcp_content::model::{JsonObject, Meta};
    /// let object = JsonObject::parse(r#"{"io.modelcontextprotocol/logLevel": 5}"#).unwrap();
    /// let err = Meta::from_object(object).unwrap_err();
    /// assert!(err.message.starts_with("io.modelcontextprotocol/logLevel: "), "{err}");
    /// ```
    pub fn from_object(object: JsonObject) -> Result<Self, Violation> {
        for (key, raw) in object.iter() {
            rules::check_meta_key(&key)?;
            if Meta::TYPED_KEYS.contains(&key.as_ref()) {
                let value = crate::model::json::json_text_to_value(raw.get());
                check_reserved_value(&key, &value).map_err(|(at, violation)| {
                    let at = join_path(&key, &at);
                    Violation::new(violation.rule, format!("{at}: {}", violation.message))
                })?;
            }
        }
        Ok(Self(object))
    }

    /// A `_meta` from an object whose keys the caller already checked (a transport's lazy
    /// read of a request's `_meta`).
    pub fn from_checked_object(object: JsonObject) -> Self {
        debug_assert!(object.keys().all(|key| rules::check_meta_key(&key).is_ok()));
        Self(object)
    }

    /// `None` when empty: the shape optional `_meta` fields take.
    pub fn into_option(self) -> Option<Self> {
        if self.is_empty() { None } else { Some(self) }
    }
}

impl AsJsonObject for Meta {
    fn as_json_object(&self) -> &JsonObject {
        self.as_object()
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
                let _model = crate::model::json::enter_model::<Meta, A::Error>()?;
                let mut builder = ObjectBuilder::new();
                while let Some(key) = access.next_key::<MemberKey<'de>>()? {
                    // The decoded name is checked (a key spelled `io.modelcontextprotocol\/x`
                    // is reserved all the same); its spelling is what is written back.
                    let name = key.name.as_ref();
                    rules::check_meta_key(name).map_err(serde::de::Error::custom)?;
                    if Meta::TYPED_KEYS.contains(&name) {
                        // A key the spec types: its value is checked (a small object), then
                        // kept as text like every other.
                        let raw: Box<RawValue> = access.next_value()?;
                        if let Err((at, violation)) = check_reserved_text(name, raw.get()) {
                            return Err(field_error(&join_path(name, &at), violation));
                        }
                        builder.push_spelled(&key, raw.get());
                    } else {
                        builder.push_member(&key, &mut access)?;
                    }
                }
                Ok(Meta(builder.finish()))
            }
        }
        deserializer.deserialize_map(MetaVisitor)
    }
}

// ---------------------------------------------------------------------------------------
// The keys the spec types

impl Meta {
    /// The `_meta` keys the 2026-07-28 schema defines, each with the type it gives the
    /// value: `serverInfo` and `clientInfo` an `Implementation`, `clientCapabilities` a
    /// `ClientCapabilities`, `logLevel` a `LoggingLevel`, `protocolVersion` a string and
    /// `subscriptionId` a `RequestId` (a string or an integer).
    ///
    /// ```
    /// use mcp_content::model::{Meta, MetaKey};
    /// use mcp_content::{Validate, read_json};
    /// let err = read_json::<Meta>(br#"{"io.modelcontextprotocol/serverInfo": {"name": "s"}}"#)
    ///     .unwrap_err();
    /// assert_eq!(err.path(), "io.modelcontextprotocol/serverInfo.version");
    ///
    /// let mut meta = Meta::new();
    /// meta.insert_key(MetaKey::new("io.modelcontextprotocol/logLevel").unwrap(), "loud");
    /// assert!(meta.validate().is_err());
    /// ```
    pub const TYPED_KEYS: [&'static str; 6] = [
        SERVER_INFO,
        CLIENT_INFO,
        CLIENT_CAPABILITIES,
        LOG_LEVEL,
        PROTOCOL_VERSION,
        SUBSCRIPTION_ID,
    ];
}
