//! The `_meta` keys the 2026-07-28 schema types ([`Meta::TYPED_KEYS`](super::Meta::TYPED_KEYS))
//! and the checks of their values: on a `serde_json::Value` ([`check_reserved_value`], for a
//! value set in code) and on the JSON text as it is read ([`check_reserved_text`], which
//! holds only a skeleton of the value), which agree fault for fault.
//!
//! Apart from [`Meta`](super::Meta) because these are the schema's rules for a few keys, not
//! the container: a new typed key, or a new member of `Implementation`, changes only this.

use serde::Deserializer;
use serde::de::{MapAccess, Visitor};
use serde_json::{Map, Value};

use crate::model::json::Key;
use crate::rules::{self, Rule, Violation};
use crate::wire::error::{join_key, join_path};

pub(super) const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";
pub(super) const CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
pub(crate) const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
pub(crate) const LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";
pub(crate) const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
pub(super) const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// `LoggingLevel` of 2026-07-28.
const LOG_LEVELS: [&str; 8] = [
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// Where inside a value a problem is (`name`, `icons[0].src`; empty for the value itself).
type Fault = (String, Violation);

fn fault(at: &str, message: String) -> Fault {
    (at.to_owned(), Violation::new(Rule::Type, message))
}

/// A JSON value's kind with its article, for error messages ("got a string").
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn object<'a>(value: &'a Value, at: &str, what: &str) -> Result<&'a Map<String, Value>, Fault> {
    value.as_object().ok_or_else(|| {
        fault(
            at,
            format!("{what} must be an object, got {}", kind_of(value)),
        )
    })
}

fn string_field(
    map: &Map<String, Value>,
    at: &str,
    key: &str,
    required: bool,
) -> Result<(), Fault> {
    let here = join_path(at, key);
    match map.get(key) {
        None if required => Err(fault(&here, format!("`{key}` is required (a string)"))),
        None | Some(Value::String(_)) => Ok(()),
        Some(other) => Err(fault(
            &here,
            format!("`{key}` must be a string, got {}", kind_of(other)),
        )),
    }
}

/// `JSONObject` members: each present one is an object.
fn object_fields(map: &Map<String, Value>, at: &str, keys: &[&str]) -> Result<(), Fault> {
    for key in keys {
        if let Some(value) = map.get(*key) {
            object(value, &join_path(at, key), &format!("`{key}`"))?;
        }
    }
    Ok(())
}

/// `Implementation`: `name` and `version` strings, optional `title`, `websiteUrl` (a URI)
/// and `icons`.
fn check_implementation(value: &Value) -> Result<(), Fault> {
    let map = object(value, "", "an Implementation")?;
    string_field(map, "", "name", true)?;
    string_field(map, "", "version", true)?;
    string_field(map, "", "title", false)?;
    string_field(map, "", "description", false)?;
    string_field(map, "", "websiteUrl", false)?;
    if let Some(Value::String(url)) = map.get("websiteUrl") {
        rules::check_absolute_uri(url).map_err(|v| ("websiteUrl".to_owned(), v))?;
    }
    if let Some(icons) = map.get("icons") {
        let Value::Array(icons) = icons else {
            return Err(fault(
                "icons",
                format!("`icons` must be an array, got {}", kind_of(icons)),
            ));
        };
        for (i, icon) in icons.iter().enumerate() {
            check_icon(icon, &format!("icons[{i}]"))?;
        }
    }
    Ok(())
}

/// An `Icon` of an `Implementation`, at `at`.
fn check_icon(icon: &Value, at: &str) -> Result<(), Fault> {
    let icon = object(icon, at, "an icon")?;
    string_field(icon, at, "src", true)?;
    if let Some(Value::String(src)) = icon.get("src") {
        // As an `Icon`'s `src`: `http:` is read (the spec allows it; `https_icons_only`
        // refuses it), what code builds is `https:` or `data:`.
        let checked = if crate::wire::limits::reading() {
            crate::model::icon::check_read_icon_src(src, crate::wire::limits::https_icons_only())
        } else {
            rules::check_icon_src(src)
        };
        checked.map_err(|v| (join_path(at, "src"), v))?;
    }
    string_field(icon, at, "mimeType", false)?;
    if let Some(sizes) = icon.get("sizes") {
        let here = join_path(at, "sizes");
        match sizes {
            Value::Array(items) if items.iter().all(Value::is_string) => {}
            other => {
                return Err(fault(
                    &here,
                    format!(
                        "`sizes` must be an array of strings, got {}",
                        kind_of(other)
                    ),
                ));
            }
        }
    }
    if let Some(theme) = icon.get("theme") {
        let text = theme.as_str().unwrap_or_default();
        rules::check_icon_theme(text).map_err(|v| (join_path(at, "theme"), v))?;
    }
    Ok(())
}

/// `ClientCapabilities`: an object whose known members are objects of objects.
fn check_client_capabilities(value: &Value) -> Result<(), Fault> {
    let map = object(value, "", "ClientCapabilities")?;
    object_fields(
        map,
        "",
        &[
            "elicitation",
            "experimental",
            "extensions",
            "roots",
            "sampling",
        ],
    )?;
    if let Some(Value::Object(elicitation)) = map.get("elicitation") {
        object_fields(elicitation, "elicitation", &["form", "url"])?;
    }
    if let Some(Value::Object(sampling)) = map.get("sampling") {
        object_fields(sampling, "sampling", &["context", "tools"])?;
    }
    for key in ["experimental", "extensions"] {
        if let Some(Value::Object(members)) = map.get(key) {
            for (name, member) in members {
                object(member, &join_key(key, name), &format!("`{key}.{name}`"))?;
            }
        }
    }
    Ok(())
}

/// The value for an error: a string quoted (cut at 80 characters), else its kind.
fn describe(value: &Value) -> String {
    match value {
        Value::String(text) => match text.char_indices().nth(80) {
            Some((cut, _)) => format!("{:?}…", &text[..cut]),
            None => format!("{text:?}"),
        },
        other => kind_of(other).to_owned(),
    }
}

/// A JSON Schema `integer`: any number without a fractional part (`1.0` included).
fn is_integer(number: &serde_json::Number) -> bool {
    number.is_i64() || number.is_u64() || number.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// Checks the value of a `_meta` key the 2026-07-28 schema gives a type (see
/// [`Meta::TYPED_KEYS`](super::Meta::TYPED_KEYS)); any other key takes any value. On error:
/// where inside the value, and why.
pub(crate) fn check_reserved_value(key: &str, value: &Value) -> Result<(), Fault> {
    match key {
        SERVER_INFO | CLIENT_INFO => check_implementation(value),
        CLIENT_CAPABILITIES => check_client_capabilities(value),
        LOG_LEVEL => match value.as_str() {
            Some(level) if LOG_LEVELS.contains(&level) => Ok(()),
            _ => Err(fault(
                "",
                format!(
                    "`{key}` must be a LoggingLevel ({}), got {}",
                    LOG_LEVELS.join(", "),
                    describe(value)
                ),
            )),
        },
        PROTOCOL_VERSION => match value {
            Value::String(_) => Ok(()),
            other => Err(fault(
                "",
                format!("`{key}` must be a string, got {}", kind_of(other)),
            )),
        },
        SUBSCRIPTION_ID => match value {
            Value::String(_) => Ok(()),
            Value::Number(n) if is_integer(n) => Ok(()),
            other => Err(fault(
                "",
                format!(
                    "`{key}` must be a RequestId (a string or an integer), got {}",
                    kind_of(other)
                ),
            )),
        },
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------
// Checking a typed value as it is read, holding only what the checks look at

/// Checks the JSON text of a typed key's value (read from a peer) by the rules of
/// [`check_reserved_value`], without building the whole value: a peer's `serverInfo` of a
/// million unknown members, or icons, would take 10 to 40 times its size as a `Value`. The
/// value is read into a skeleton (the members the checks read, scalars as they are, the rest
/// skipped); lists the checks walk (icons, capability members) are checked element by
/// element as they are read, and their first fault reported after the skeleton's, the order
/// [`check_reserved_value`] reports them in.
pub(crate) fn check_reserved_text(key: &str, text: &str) -> Result<(), Fault> {
    let shape = match key {
        SERVER_INFO | CLIENT_INFO => Shape::Implementation,
        CLIENT_CAPABILITIES => Shape::Capabilities,
        _ => Shape::Shallow,
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let Skeleton { value, faults } =
        serde::de::DeserializeSeed::deserialize(shape, &mut deserializer)
            .map_err(|e| fault("", e.to_string()))?;
    check_reserved_value(key, &value)?;
    match faults.into_iter().next() {
        Some(found) => Err(found),
        None => Ok(()),
    }
}

/// What of a value a check reads.
#[derive(Clone, Copy)]
enum Shape {
    /// Scalars as they are; arrays and objects empty (their members skipped).
    Shallow,
    /// An `Implementation`: its string members, and `icons` checked one by one.
    Implementation,
    /// `ClientCapabilities`: its members' kinds; `experimental` / `extensions` members
    /// checked one by one.
    Capabilities,
    /// An object keeping these members, shallow.
    Keep(&'static [&'static str]),
    /// An object each of whose members must be an object (checked one by one), under `name`.
    Members(&'static str),
    /// An array of icons, each checked as it is read.
    Icons,
    /// An icon: the members [`check_icon`] reads.
    Icon,
    /// An array of strings: kept empty when every element is a string, else as `[null]`.
    Strings,
}

impl Shape {
    /// The shape of member `key` of an object of this shape (`None`: skipped).
    fn member(self, key: &str) -> Option<Shape> {
        match (self, key) {
            (
                Shape::Implementation,
                "name" | "version" | "title" | "description" | "websiteUrl",
            )
            | (Shape::Capabilities, "roots")
            | (Shape::Icon, "src" | "mimeType" | "theme") => Some(Shape::Shallow),
            (Shape::Implementation, "icons") => Some(Shape::Icons),
            (Shape::Icon, "sizes") => Some(Shape::Strings),
            (Shape::Capabilities, "elicitation") => Some(Shape::Keep(&["form", "url"])),
            (Shape::Capabilities, "sampling") => Some(Shape::Keep(&["context", "tools"])),
            (Shape::Capabilities, "experimental") => Some(Shape::Members("experimental")),
            (Shape::Capabilities, "extensions") => Some(Shape::Members("extensions")),
            (Shape::Keep(keys), key) if keys.contains(&key) => Some(Shape::Shallow),
            _ => None,
        }
    }
}

/// A value as far as a [`Shape`] reads it, and the faults found in the lists it walked.
struct Skeleton {
    value: Value,
    faults: Vec<Fault>,
}

impl Skeleton {
    fn plain(value: Value) -> Self {
        Self {
            value,
            faults: Vec::new(),
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for Shape {
    type Value = Skeleton;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Skeleton, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Shape {
    type Value = Skeleton;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::Null))
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::Bool(v)))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::from(v)))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::from(v)))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::from(v)))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Skeleton, E> {
        Ok(Skeleton::plain(Value::from(v)))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut access: A) -> Result<Skeleton, A::Error> {
        let mut skeleton = Skeleton::plain(Value::Array(Vec::new()));
        let mut index = 0;
        loop {
            match self {
                Shape::Icons => {
                    let Some(icon) = access.next_element_seed(Shape::Icon)? else {
                        break;
                    };
                    if skeleton.faults.is_empty() {
                        let at = format!("icons[{index}]");
                        if let Err(found) = check_icon(&icon.value, &at) {
                            skeleton.faults.push(found);
                        }
                    }
                }
                Shape::Strings => {
                    let Some(item) = access.next_element_seed(Shape::Shallow)? else {
                        break;
                    };
                    if !item.value.is_string() {
                        skeleton.value = Value::Array(vec![Value::Null]);
                    }
                }
                _ => {
                    if access.next_element::<serde::de::IgnoredAny>()?.is_none() {
                        break;
                    }
                }
            }
            index += 1;
        }
        Ok(skeleton)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Skeleton, A::Error> {
        let mut map = Map::new();
        let mut faults = Vec::new();
        while let Some(Key(key)) = access.next_key::<Key<'de>>()? {
            if let Shape::Members(name) = self {
                let member = access.next_value_seed(Shape::Shallow)?;
                if faults.is_empty() {
                    let at = join_key(name, &key);
                    if let Err(found) = object(&member.value, &at, &format!("`{name}.{key}`")) {
                        faults.push(found);
                    }
                }
                continue;
            }
            match self.member(&key) {
                Some(shape) => {
                    let member = access.next_value_seed(shape)?;
                    // At most one fault a member; `extensions` after `experimental`, as
                    // `check_client_capabilities` walks them.
                    faults.extend(member.faults);
                    faults.sort_by_key(|(at, _): &Fault| at.starts_with("extensions"));
                    map.insert(key.into_owned(), member.value);
                }
                None => {
                    access.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(Skeleton {
            value: Value::Object(map),
            faults,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Reading a typed value (the skeleton) finds what checking the whole value finds: the
    /// same first fault, at the same path, with the same message.
    #[test]
    fn the_read_check_agrees_with_the_value_check() {
        let icon = json!({"src": "https://example.com/i.png"});
        let cases = [
            (SERVER_INFO, json!({"name": "s", "version": "1"})),
            (
                SERVER_INFO,
                json!({"name": "s", "version": "1", "x": [1, {"y": 2}]}),
            ),
            (SERVER_INFO, json!({"name": "s"})),
            (SERVER_INFO, json!({"name": ["s"], "version": "1"})),
            (SERVER_INFO, json!({"version": 1, "icons": [{"src": 1}]})),
            (
                SERVER_INFO,
                json!({"name": "s", "version": "1", "websiteUrl": "no uri"}),
            ),
            (
                SERVER_INFO,
                json!({"name": "s", "version": "1", "icons": {}}),
            ),
            (
                SERVER_INFO,
                json!({"name": "s", "version": "1", "icons": [icon, icon, {"src": "ftp://x"}]}),
            ),
            (
                SERVER_INFO,
                json!({"name": "s", "version": "1", "icons": [icon, "x", {"src": 1}]}),
            ),
            (
                CLIENT_INFO,
                json!({"name": "s", "version": "1", "icons": [{"src": "data:,", "sizes": ["a", 1]}]}),
            ),
            (
                CLIENT_INFO,
                json!({"name": "s", "version": "1", "icons": [{"src": "data:,", "sizes": "a"}]}),
            ),
            (
                CLIENT_INFO,
                json!({"name": "s", "version": "1", "icons": [{"src": "data:,", "sizes": ["a"], "theme": "blue"}]}),
            ),
            (
                CLIENT_INFO,
                json!({"icons": [{"mimeType": 1}], "name": "s", "version": "1"}),
            ),
            (CLIENT_INFO, json!([])),
            (CLIENT_INFO, json!("s")),
            (CLIENT_CAPABILITIES, json!({})),
            (CLIENT_CAPABILITIES, json!({"roots": 1})),
            (
                CLIENT_CAPABILITIES,
                json!({"elicitation": {"form": [], "x": 1}}),
            ),
            (
                CLIENT_CAPABILITIES,
                json!({"sampling": {"context": {}, "tools": true}}),
            ),
            (
                CLIENT_CAPABILITIES,
                json!({"experimental": {"a": {}, "b": 1, "c": []}}),
            ),
            (
                CLIENT_CAPABILITIES,
                json!({"extensions": {"a": 1}, "experimental": {"b": 2}}),
            ),
            (
                CLIENT_CAPABILITIES,
                json!({"extensions": {"a": 1}, "roots": 2}),
            ),
            (CLIENT_CAPABILITIES, json!({"experimental": [1]})),
            (CLIENT_CAPABILITIES, json!(null)),
            (LOG_LEVEL, json!("info")),
            (LOG_LEVEL, json!("loud")),
            (LOG_LEVEL, json!({"a": 1})),
            (PROTOCOL_VERSION, json!("2025-06-18")),
            (PROTOCOL_VERSION, json!([1])),
            (SUBSCRIPTION_ID, json!(1)),
            (SUBSCRIPTION_ID, json!(1.0)),
            (SUBSCRIPTION_ID, json!(1.5)),
            (SUBSCRIPTION_ID, json!(false)),
        ];
        for (key, value) in cases {
            let whole = check_reserved_value(key, &value).map_err(|(at, v)| (at, v.to_string()));
            let read =
                check_reserved_text(key, &value.to_string()).map_err(|(at, v)| (at, v.to_string()));
            assert_eq!(read, whole, "{key}: {value}");
        }
    }
}
