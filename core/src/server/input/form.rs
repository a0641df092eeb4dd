//! Typed elicitation forms: a Rust type as the restricted schema `elicitation/create`
//! takes (a flat object of primitive fields), written in the shape of each protocol
//! version, and the user's answer read back as that type.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::form_field::{
    FieldKind, FormError, FormField, FormOption, field, kind_name, resolve, unwrap_nullable,
};

use crate::rules::ProtocolVersion;

/// The restricted schema of an elicitation form, independent of the protocol version.
///
/// Built from a type with [`FormSchema::of`] (through `schemars`), written for a peer with
/// [`FormSchema::to_value_for`].
///
/// ```
/// use mcp_content::input::FormSchema;
/// use mcp_content::ProtocolVersion;
///
/// #[derive(schemars::JsonSchema, serde::Deserialize)]
/// struct Contact {
///     /// Your name
///     name: String,
///     age: Option<u32>,
/// }
/// let form = FormSchema::of::<Contact>().unwrap();
/// let schema = form.to_value_for(ProtocolVersion::V2026_07_28).unwrap();
/// assert_eq!(schema["properties"]["age"]["type"], "integer");
/// assert_eq!(schema["required"], serde_json::json!(["name"]));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FormSchema {
    /// The fields, in declaration order.
    pub fields: Vec<FormField>,
}

impl FormSchema {
    /// The form for `T`: every field must be a string, a number, a boolean, a string
    /// enum, or a list of a string enum (multi-select); `Option` fields are not required.
    pub fn of<T: JsonSchema>() -> Result<Self, FormError> {
        let schema = schemars::SchemaGenerator::default().into_root_schema_for::<T>();
        Self::from_json_schema(&schema.to_value())
    }

    /// The form a JSON Schema describes (the same subset as [`FormSchema::of`]).
    pub fn from_json_schema(schema: &Value) -> Result<Self, FormError> {
        let defs = schema
            .get("$defs")
            .or_else(|| schema.get("definitions"))
            .cloned()
            .unwrap_or(Value::Null);
        let root = resolve(schema, &defs);
        if root.get("type").and_then(Value::as_str) != Some("object") {
            return Err(FormError::new("", "a form is an object with named fields"));
        }
        let required: Vec<&str> = root
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut fields = Vec::new();
        if let Some(properties) = root.get("properties").and_then(Value::as_object) {
            for (name, property) in properties {
                let (property, nullable) = unwrap_nullable(resolve(property, &defs), &defs);
                fields.push(field(
                    name,
                    &property,
                    required.contains(&name.as_str()) && !nullable,
                    &defs,
                )?);
            }
        }
        Ok(Self { fields })
    }

    /// The `requestedSchema` for a peer on `version`. 2025-06-18 has no titled options
    /// (written as `enum` + `enumNames`) and no multi-select (refused), and takes a
    /// `default` only on booleans.
    pub fn to_value_for(&self, version: ProtocolVersion) -> Result<Value, FormError> {
        let legacy = !version.has_elicitation_modes();
        let mut properties = Map::new();
        let mut required = Vec::new();
        for field in &self.fields {
            let mut out = Map::new();
            match &field.kind {
                FieldKind::String {
                    min_length,
                    max_length,
                    format,
                } => {
                    out.insert("type".into(), "string".into());
                    put(&mut out, "minLength", min_length.map(Value::from));
                    put(&mut out, "maxLength", max_length.map(Value::from));
                    put(&mut out, "format", format.clone().map(Value::from));
                }
                FieldKind::Number {
                    integer,
                    minimum,
                    maximum,
                } => {
                    out.insert(
                        "type".into(),
                        if *integer { "integer" } else { "number" }.into(),
                    );
                    put(&mut out, "minimum", minimum.clone().map(Value::Number));
                    put(&mut out, "maximum", maximum.clone().map(Value::Number));
                }
                FieldKind::Boolean => {
                    out.insert("type".into(), "boolean".into());
                }
                FieldKind::Select(options) => {
                    out.insert("type".into(), "string".into());
                    let titled = options.iter().any(|o| o.title.is_some());
                    if titled && legacy {
                        out.insert("enum".into(), values(options));
                        out.insert(
                            "enumNames".into(),
                            options
                                .iter()
                                .map(|o| Value::from(o.title.clone().unwrap_or(o.value.clone())))
                                .collect(),
                        );
                    } else if titled {
                        out.insert("oneOf".into(), titled_options(options));
                    } else {
                        out.insert("enum".into(), values(options));
                    }
                }
                FieldKind::MultiSelect {
                    options,
                    min_items,
                    max_items,
                } => {
                    if legacy {
                        return Err(FormError::new(
                            &field.name,
                            format!("{version} has no multi-select fields"),
                        ));
                    }
                    out.insert("type".into(), "array".into());
                    let items = if options.iter().any(|o| o.title.is_some()) {
                        serde_json::json!({ "anyOf": titled_options(options) })
                    } else {
                        serde_json::json!({ "type": "string", "enum": values(options) })
                    };
                    out.insert("items".into(), items);
                    put(&mut out, "minItems", min_items.map(Value::from));
                    put(&mut out, "maxItems", max_items.map(Value::from));
                }
            }
            put(&mut out, "title", field.title.clone().map(Value::from));
            put(
                &mut out,
                "description",
                field.description.clone().map(Value::from),
            );
            if !legacy || matches!(field.kind, FieldKind::Boolean) {
                put(&mut out, "default", field.default.clone());
            }
            if field.required {
                required.push(Value::from(field.name.clone()));
            }
            properties.insert(field.name.clone(), Value::Object(out));
        }
        let mut schema = Map::new();
        schema.insert("type".into(), "object".into());
        schema.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        Ok(Value::Object(schema))
    }

    /// Checks an accepted answer's `content` against the form: every value has its
    /// field's type, every required field is there, no field the form does not have.
    /// The error names the field.
    pub fn check_answer(&self, content: &Map<String, Value>) -> Result<(), FormError> {
        for name in content.keys() {
            if !self.fields.iter().any(|f| &f.name == name) {
                return Err(FormError::new(name, "the form has no such field"));
            }
        }
        for field in &self.fields {
            let Some(value) = content.get(&field.name) else {
                if field.required {
                    return Err(FormError::new(&field.name, "required, but not answered"));
                }
                continue;
            };
            let fits = match &field.kind {
                FieldKind::String { .. } => value.is_string(),
                FieldKind::Number { integer: true, .. } => {
                    value.is_i64()
                        || value.is_u64()
                        || value.as_f64().is_some_and(|n| n.fract() == 0.0)
                }
                FieldKind::Number { .. } => value.is_number(),
                FieldKind::Boolean => value.is_boolean(),
                FieldKind::Select(options) => value
                    .as_str()
                    .is_some_and(|v| options.iter().any(|o| o.value == v)),
                FieldKind::MultiSelect { options, .. } => value.as_array().is_some_and(|items| {
                    items.iter().all(|item| {
                        item.as_str()
                            .is_some_and(|v| options.iter().any(|o| o.value == v))
                    })
                }),
            };
            if !fits {
                return Err(FormError::new(
                    &field.name,
                    format!("{value} does not fit {}", kind_name(&field.kind)),
                ));
            }
        }
        Ok(())
    }
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        map.insert(key.to_owned(), value);
    }
}

fn values(options: &[FormOption]) -> Value {
    options
        .iter()
        .map(|o| Value::from(o.value.clone()))
        .collect()
}

fn titled_options(options: &[FormOption]) -> Value {
    options
        .iter()
        .map(|o| {
            serde_json::json!({
                "const": o.value,
                "title": o.title.clone().unwrap_or_else(|| o.value.clone()),
            })
        })
        .collect()
}

/// What the user did with a form: accepted it (with the answer, as the form's type),
/// declined it, or dismissed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elicitation<T> {
    /// The user submitted the form.
    Accept(T),
    /// The user explicitly declined.
    Decline,
    /// The user dismissed the form without choosing.
    Cancel,
}

impl<T: DeserializeOwned> Elicitation<T> {
    /// Reads an `ElicitResult` (`{"action": …, "content": {…}}`) for `form`. An answer
    /// that does not fit the form is an error naming the field.
    pub fn from_result(form: &FormSchema, result: &Value) -> Result<Self, FormError> {
        let Some(result) = result.as_object() else {
            return Err(FormError::new(
                "",
                "the answer is not an ElicitResult object",
            ));
        };
        match result.get("action").and_then(Value::as_str) {
            Some("decline") => Ok(Self::Decline),
            Some("cancel") => Ok(Self::Cancel),
            Some("accept") => {
                let empty = Map::new();
                let content = match result.get("content") {
                    Some(Value::Object(content)) => content,
                    None | Some(Value::Null) => &empty,
                    Some(_) => return Err(FormError::new("", "`content` is not an object")),
                };
                form.check_answer(content)?;
                let value = Value::Object(content.clone());
                serde_path_to_error::deserialize::<_, T>(value)
                    .map(Self::Accept)
                    .map_err(|e| FormError::new(&e.path().to_string(), e.inner().to_string()))
            }
            _ => Err(FormError::new(
                "",
                "`action` must be accept, decline or cancel",
            )),
        }
    }
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
