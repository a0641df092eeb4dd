//! One field of an elicitation form: what it holds, and how it is read from a JSON Schema
//! property (only what every client's typed form reader takes: integer bounds as integers,
//! counts as counts, defaults of the field's own type), or refused naming the field.

use std::fmt;

use serde_json::{Number, Value};

/// Why a type cannot be a form, or a form cannot be written for a version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    /// The field, or empty for the form itself.
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

impl FormError {
    pub(super) fn new(field: &str, reason: impl Into<String>) -> Self {
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
        min_length: Option<u32>,
        /// `maxLength`.
        max_length: Option<u32>,
        /// `format`.
        format: Option<String>,
    },
    /// A number; `integer` when only whole numbers are allowed.
    ///
    /// The bounds are JSON numbers, written as read: an integer field's bounds are whole
    /// numbers in the signed 64-bit range, written as integers (`"minimum": 0`, never `0.0`:
    /// rmcp's `IntegerSchema` and other typed clients refuse a float there).
    Number {
        /// Whole numbers only.
        integer: bool,
        /// `minimum`.
        minimum: Option<Number>,
        /// `maximum`.
        maximum: Option<Number>,
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

pub(super) fn kind_name(kind: &FieldKind) -> &'static str {
    match kind {
        FieldKind::String { .. } => "a string field",
        FieldKind::Number { integer: true, .. } => "an integer field",
        FieldKind::Number { .. } => "a number field",
        FieldKind::Boolean => "a boolean field",
        FieldKind::Select(_) => "the field's options",
        FieldKind::MultiSelect { .. } => "a list of the field's options",
    }
}

pub(super) fn resolve(schema: &Value, defs: &Value) -> Value {
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
pub(super) fn unwrap_nullable(schema: Value, defs: &Value) -> (Value, bool) {
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

pub(super) fn field(
    name: &str,
    schema: &Value,
    required: bool,
    defs: &Value,
) -> Result<FormField, FormError> {
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
                min_length: length(name, schema, "minLength")?,
                max_length: length(name, schema, "maxLength")?,
                format,
            }
        }
        Some("integer" | "number") => {
            let integer = ty == Some("integer");
            FieldKind::Number {
                integer,
                minimum: bound(name, schema, "minimum", integer)?,
                maximum: bound(name, schema, "maximum", integer)?,
            }
        }
        Some("boolean") => FieldKind::Boolean,
        Some("array") => {
            let items = resolve(schema.get("items").unwrap_or(&Value::Null), defs);
            let options = options(&items, defs).ok_or_else(|| {
                FormError::new(name, "a list field must be a list of a string enum")
            })?;
            FieldKind::MultiSelect {
                options,
                min_items: count(name, schema, "minItems")?,
                max_items: count(name, schema, "maxItems")?,
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
    let default = schema.get("default").cloned();
    if let Some(default) = &default
        && !default_fits(&kind, default)
    {
        return Err(FormError::new(
            name,
            format!("the default {default} does not fit {}", kind_name(&kind)),
        ));
    }
    Ok(FormField {
        name: name.to_owned(),
        required,
        title: text(schema, "title"),
        description: text(schema, "description"),
        default,
        kind,
    })
}

/// Whether a field's `default` has the type its field answers with (a typed client reads
/// an integer field's default as a 64-bit integer, a select's as one of its options).
fn default_fits(kind: &FieldKind, default: &Value) -> bool {
    match kind {
        FieldKind::String { .. } => default.is_string(),
        FieldKind::Number { integer: true, .. } => default.is_i64(),
        FieldKind::Number { .. } => default.is_number(),
        FieldKind::Boolean => default.is_boolean(),
        FieldKind::Select(options) => default
            .as_str()
            .is_some_and(|v| options.iter().any(|o| o.value == v)),
        FieldKind::MultiSelect { options, .. } => default.as_array().is_some_and(|items| {
            items.iter().all(|item| {
                item.as_str()
                    .is_some_and(|v| options.iter().any(|o| o.value == v))
            })
        }),
    }
}

/// A `minimum` / `maximum`: any number for a number field; for an integer field a whole
/// number in the signed 64-bit range, kept (or made, from `1.0`) an integer.
fn bound(
    name: &str,
    schema: &Value,
    key: &str,
    integer: bool,
) -> Result<Option<Number>, FormError> {
    let Some(value) = schema.get(key) else {
        return Ok(None);
    };
    let Value::Number(number) = value else {
        return Err(FormError::new(
            name,
            format!("`{key}` {value} is not a number"),
        ));
    };
    if !integer || number.is_i64() {
        return Ok(Some(number.clone()));
    }
    // A whole float within the range (`1.0`), written back as the integer it is.
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let whole = number
        .as_f64()
        .filter(|f| f.fract() == 0.0 && *f >= i64::MIN as f64 && *f < i64::MAX as f64)
        .map(|f| f as i64);
    match whole {
        Some(whole) => Ok(Some(Number::from(whole))),
        None => Err(FormError::new(
            name,
            format!(
                "`{key}` {number} of an integer field is not a whole number in the signed \
                 64-bit range an elicitation schema's integer bounds hold"
            ),
        )),
    }
}

/// `minLength` / `maxLength`: a count up to `u32::MAX` (what typed clients, rmcp's
/// `StringSchema` among them, read).
fn length(name: &str, schema: &Value, key: &str) -> Result<Option<u32>, FormError> {
    count(name, schema, key)?
        .map(|n| {
            u32::try_from(n)
                .map_err(|_| FormError::new(name, format!("`{key}` {n} is over {}", u32::MAX)))
        })
        .transpose()
}

/// A count keyword (`minItems`, …): a non-negative integer, or the field is refused (a
/// bound silently dropped would accept what the type's schema refuses).
fn count(name: &str, schema: &Value, key: &str) -> Result<Option<u64>, FormError> {
    match schema.get(key) {
        None => Ok(None),
        Some(value) => value.as_u64().map(Some).ok_or_else(|| {
            FormError::new(
                name,
                format!("`{key}` {value} is not a non-negative integer"),
            )
        }),
    }
}
