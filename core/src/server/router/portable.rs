//! Schemas every client reads: what the router lists unless
//! [`RouterBuilder::full_schemas`](super::RouterBuilder::full_schemas) asks for schemars'
//! output as it is.
//!
//! schemars describes Rust types exactly, in words some clients do not take: `format`
//! values of its own (`uint32`, `int64`, `double`, `ip`…), which the MCP Inspector and other
//! validators warn on, and `Option<T>` arguments typed `["integer", "null"]` (or `anyOf` with
//! a `null` branch), which strict clients flag. The portable form keeps the formats JSON
//! Schema 2020-12 defines and drops the rest (the type, and `minimum` / `maximum`, still say
//! what the number holds); in an input schema, a property that is not required is typed as
//! its inner type: leaving it out is how a client says "none". An output schema keeps its
//! `null`s: a `None` the server writes is `null` there.

use serde_json::{Map, Value};

use crate::model::tool::Tool;

/// The `format` values JSON Schema 2020-12 defines (its format vocabulary).
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Keywords whose value is one subschema.
const ONE_SCHEMA: &[&str] = &[
    "items",
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
];

/// Keywords whose subschemas are conditions, not the shape of a value the client writes:
/// their `null`s are kept (dropping one would change what the condition matches).
const CONDITIONS: &[&str] = &[
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
];

/// Keywords whose value is a list of subschemas.
const SCHEMA_LISTS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value maps names to subschemas.
const SCHEMA_MAPS: &[&str] = &[
    "properties",
    "patternProperties",
    "dependentSchemas",
    "$defs",
    "definitions",
];

/// A tool's schemas in the portable form (see [`RouterBuilder::full_schemas`](super::RouterBuilder::full_schemas)); a schema the
/// form does not change is kept as it was given (its text, order and number spellings).
pub(super) fn tool(tool: &mut Tool) {
    let mut schema = tool.input_schema.to_map();
    let before = schema.clone();
    input(&mut schema);
    if schema != before {
        tool.input_schema = schema.into();
    }
    if let Some(listed) = &tool.output_schema {
        let mut schema = listed.to_map();
        let before = schema.clone();
        output(&mut schema);
        if schema != before {
            tool.output_schema = Some(schema.into());
        }
    }
}

/// An input schema in the portable form: non-standard formats dropped, and every property
/// that is not required typed without `null`.
pub(crate) fn input(schema: &mut Map<String, Value>) {
    walk(schema, true, 0);
}

/// An output schema in the portable form: non-standard formats dropped (`null`s kept).
pub(crate) fn output(schema: &mut Map<String, Value>) {
    walk(schema, false, 0);
}

/// Deeper than any derived schema nests; a schema past it is left as it is below there.
const MAX_DEPTH: usize = 128;

fn walk(schema: &mut Map<String, Value>, optional_without_null: bool, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    if schema
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(|format| !STANDARD_FORMATS.contains(&format))
    {
        schema.remove("format");
    }
    if optional_without_null {
        let required: Vec<String> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|names| {
                names
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            for (name, property) in properties.iter_mut() {
                if !required.contains(name)
                    && let Value::Object(property) = property
                {
                    without_null(property);
                }
            }
        }
    }
    for (key, value) in schema.iter_mut() {
        let key = key.as_str();
        let strip = optional_without_null && !CONDITIONS.contains(&key);
        if ONE_SCHEMA.contains(&key) {
            if let Value::Object(sub) = value {
                walk(sub, strip, depth + 1);
            }
        } else if SCHEMA_LISTS.contains(&key) {
            if let Value::Array(subs) = value {
                for sub in subs.iter_mut().filter_map(Value::as_object_mut) {
                    walk(sub, strip, depth + 1);
                }
            }
        } else if SCHEMA_MAPS.contains(&key)
            && let Value::Object(subs) = value
        {
            for sub in subs.values_mut().filter_map(Value::as_object_mut) {
                walk(sub, strip, depth + 1);
            }
        }
    }
}

/// A property's schema without its `null`: `type: [T, "null"]` becomes `type: T`, a `null`
/// in `enum` and a `default: null` go, and `anyOf` / `oneOf` of one schema and `{"type":
/// "null"}` becomes that schema (with the property's own title, description and default).
fn without_null(property: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = property.get_mut("type")
        && types.len() > 1
        && types.iter().any(|t| t == "null")
    {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            property.insert("type".to_owned(), only);
        }
    }
    if let Some(Value::Array(values)) = property.get_mut("enum")
        && values.len() > 1
    {
        values.retain(|v| !v.is_null());
    }
    if property.get("default").is_some_and(Value::is_null) {
        property.remove("default");
    }
    for key in ["anyOf", "oneOf"] {
        let Some(Value::Array(branches)) = property.get(key) else {
            continue;
        };
        let is_null = |b: &Value| b.get("type").and_then(Value::as_str) == Some("null");
        if branches.len() != 2 || !branches.iter().any(is_null) {
            continue;
        }
        let Some(Value::Object(inner)) = branches.iter().find(|b| !is_null(b)).cloned() else {
            continue;
        };
        property.remove(key);
        for (inner_key, inner_value) in inner {
            property.entry(inner_key).or_insert(inner_value);
        }
        break;
    }
}

#[cfg(test)]
#[path = "portable_tests.rs"]
mod tests;
