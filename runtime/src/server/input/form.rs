//! Typed elicitation forms: a Rust type as the restricted schema `elicitation/create`
//! takes (a flat object of primitive fields), written in the shape of each protocol
//! version, and the user's answer read back as that type.

use std::fmt;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;

/// Why a type cannot be a form, or a form cannot be written for a version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    /// The field, or empty for the form itself.
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

impl FormError {
    fn new(field: &str, reason: impl Into<String>) -> Self {
        Self {
            field: field.to_owned(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "elicitation form: {}", self.reason)
        } else {
            write!(
                f,
                "elicitation form field `{}`: {}",
                self.field, self.reason
            )
        }
    }
}

impl std::error::Error for FormError {}

/// One option of a select field: its value and, optionally, what the user sees.
#[derive(Debug, Clone, PartialEq)]
pub struct FormOption {
    /// The value the answer carries.
    pub value: String,
    /// The label shown instead of the value.
    pub title: Option<String>,
}

/// What a field holds.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// Free text, with an optional `format` (`email`, `uri`, `date`, `date-time`).
    String {
        /// `minLength`.
        min_length: Option<u64>,
        /// `maxLength`.
        max_length: Option<u64>,
        /// `format`.
        format: Option<String>,
    },
    /// A number; `integer` when only whole numbers are allowed.
    Number {
        /// Whole numbers only.
        integer: bool,
        /// `minimum`.
        minimum: Option<f64>,
        /// `maximum`.
        maximum: Option<f64>,
    },
    /// A yes / no.
    Boolean,
    /// One of the options.
    Select(Vec<FormOption>),
    /// Any number of the options (2025-11-25 and later).
    MultiSelect {
        /// The options.
        options: Vec<FormOption>,
        /// `minItems`.
        min_items: Option<u64>,
        /// `maxItems`.
        max_items: Option<u64>,
    },
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq)]
pub struct FormField {
    /// The property name (what the answer's `content` uses).
    pub name: String,
    /// Whether the user must fill it in.
    pub required: bool,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `default`.
    pub default: Option<Value>,
    /// What it holds.
    pub kind: FieldKind,
}

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
                    put(&mut out, "minimum", minimum.map(Value::from));
                    put(&mut out, "maximum", maximum.map(Value::from));
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

fn kind_name(kind: &FieldKind) -> &'static str {
    match kind {
        FieldKind::String { .. } => "a string field",
        FieldKind::Number { integer: true, .. } => "an integer field",
        FieldKind::Number { .. } => "a number field",
        FieldKind::Boolean => "a boolean field",
        FieldKind::Select(_) => "the field's options",
        FieldKind::MultiSelect { .. } => "a list of the field's options",
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

fn resolve(schema: &Value, defs: &Value) -> Value {
    let mut current = schema.clone();
    // A bounded walk: `$ref` chains in a derived schema are short, and a cycle must not hang.
    for _ in 0..8 {
        let Some(reference) = current.get("$ref").and_then(Value::as_str) else {
            break;
        };
        let name = reference.rsplit('/').next().unwrap_or_default();
        let Some(target) = defs.get(name) else { break };
        let mut merged = target.clone();
        if let (Some(merged), Some(extra)) = (merged.as_object_mut(), current.as_object()) {
            for (key, value) in extra {
                if key != "$ref" {
                    merged.insert(key.clone(), value.clone());
                }
            }
        }
        current = merged;
    }
    current
}

/// `Option<T>` comes out of schemars as `type: [T, "null"]` or `anyOf: [T, {type: null}]`.
fn unwrap_nullable(schema: Value, defs: &Value) -> (Value, bool) {
    if let Some(types) = schema.get("type").and_then(Value::as_array) {
        let rest: Vec<&Value> = types
            .iter()
            .filter(|t| t.as_str() != Some("null"))
            .collect();
        if rest.len() + 1 == types.len() && rest.len() == 1 {
            let mut schema = schema.clone();
            schema["type"] = rest[0].clone();
            return (schema, true);
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            let is_null = |b: &Value| b.get("type").and_then(Value::as_str) == Some("null");
            if branches.len() == 2 && branches.iter().any(is_null) {
                let inner = branches
                    .iter()
                    .find(|b| !is_null(b))
                    .cloned()
                    .unwrap_or_default();
                let mut inner = resolve(&inner, defs);
                if let (Some(inner), Some(outer)) = (inner.as_object_mut(), schema.as_object()) {
                    for k in ["title", "description", "default"] {
                        if let Some(v) = outer.get(k) {
                            inner.entry(k).or_insert(v.clone());
                        }
                    }
                }
                return (inner, true);
            }
        }
    }
    (schema, false)
}

fn text(schema: &Value, key: &str) -> Option<String> {
    schema.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn options(schema: &Value, defs: &Value) -> Option<Vec<FormOption>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let names = schema.get("enumNames").and_then(Value::as_array);
        return values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                Some(FormOption {
                    value: v.as_str()?.to_owned(),
                    title: names
                        .and_then(|n| n.get(i))
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                })
            })
            .collect();
    }
    let branches = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)?;
    branches
        .iter()
        .map(|branch| {
            let branch = resolve(branch, defs);
            let value = branch
                .get("const")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| {
                    let single = branch.get("enum")?.as_array()?;
                    (single.len() == 1).then(|| single[0].as_str().map(str::to_owned))?
                })?;
            // A variant's doc comment is its description; use it as the label when no title.
            let title = text(&branch, "title").or_else(|| text(&branch, "description"));
            Some(FormOption { value, title })
        })
        .collect()
}

fn uint(schema: &Value, key: &str) -> Option<u64> {
    schema.get(key).and_then(Value::as_u64)
}

fn field(name: &str, schema: &Value, required: bool, defs: &Value) -> Result<FormField, FormError> {
    let ty = schema.get("type").and_then(Value::as_str);
    let kind = match ty {
        Some("string") if schema.get("enum").is_none() && schema.get("oneOf").is_none() => {
            let format = text(schema, "format");
            if let Some(f) = &format
                && !["email", "uri", "date", "date-time"].contains(&f.as_str())
            {
                return Err(FormError::new(
                    name,
                    format!("format `{f}` is not one of email, uri, date, date-time"),
                ));
            }
            FieldKind::String {
                min_length: uint(schema, "minLength"),
                max_length: uint(schema, "maxLength"),
                format,
            }
        }
        Some("integer" | "number") => FieldKind::Number {
            integer: ty == Some("integer"),
            minimum: schema.get("minimum").and_then(Value::as_f64),
            maximum: schema.get("maximum").and_then(Value::as_f64),
        },
        Some("boolean") => FieldKind::Boolean,
        Some("array") => {
            let items = resolve(schema.get("items").unwrap_or(&Value::Null), defs);
            let options = options(&items, defs).ok_or_else(|| {
                FormError::new(name, "a list field must be a list of a string enum")
            })?;
            FieldKind::MultiSelect {
                options,
                min_items: uint(schema, "minItems"),
                max_items: uint(schema, "maxItems"),
            }
        }
        Some("string") | None => FieldKind::Select(options(schema, defs).ok_or_else(|| {
            FormError::new(
                name,
                "not a primitive: a form field is a string, number, boolean or string enum",
            )
        })?),
        Some(other) => {
            return Err(FormError::new(
                name,
                format!("`{other}` is not a form field type (forms are flat)"),
            ));
        }
    };
    Ok(FormField {
        name: name.to_owned(),
        required,
        title: text(schema, "title"),
        description: text(schema, "description"),
        default: schema.get("default").cloned(),
        kind,
    })
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
