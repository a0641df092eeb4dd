//! Shared helpers for the integration tests in `tests/`.
//!
//! [`validate`] and [`assert_valid`] check a JSON value against one definition of the
//! official MCP JSON Schema of a protocol version, with the `jsonschema` crate. The schemas
//! are vendored in `tests/spec/<version>/schema.json` (copies of
//! `../shared/spec/<version>/schema.json`; `wire/schema_conformance.rs` checks that they
//! still match) and compiled into this crate, so the tests need no files at run time.
//!
//! ```
//! use serde_json::json;
//! mcp_content_tests::assert_valid("2026-07-28", "TextContent", &json!({"type": "text", "text": "hi"}));
//! assert!(mcp_content_tests::validate("2025-06-18", "TextContent", &json!({"type": "text"})).is_err());
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use jsonschema::Validator;
use serde_json::{Value, json};

/// The protocol versions whose official schemas are vendored, oldest first.
pub const VERSIONS: [&str; 3] = ["2025-06-18", "2025-11-25", "2026-07-28"];

/// The vendored schema text of `version`, or `None` for a version that is not vendored.
pub fn schema_text(version: &str) -> Option<&'static str> {
    match version {
        "2025-06-18" => Some(include_str!("../spec/2025-06-18/schema.json")),
        "2025-11-25" => Some(include_str!("../spec/2025-11-25/schema.json")),
        "2026-07-28" => Some(include_str!("../spec/2026-07-28/schema.json")),
        _ => None,
    }
}

/// The parsed official schema of `version`.
///
/// # Panics
/// When `version` is not one of [`VERSIONS`] (a bug in the test calling it).
pub fn schema(version: &str) -> &'static Value {
    static SCHEMAS: OnceLock<Vec<(&'static str, Value)>> = OnceLock::new();
    let schemas = SCHEMAS.get_or_init(|| {
        VERSIONS
            .iter()
            .map(|&v| {
                let text = schema_text(v).expect("every listed version is vendored");
                let value = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("tests/spec/{v}/schema.json is not JSON: {e}"));
                (v, value)
            })
            .collect()
    });
    schemas.iter().find(|(v, _)| *v == version).map_or_else(
        || panic!("no vendored schema for protocol version {version:?}"),
        |(_, schema)| schema,
    )
}

/// Where the definitions live: `definitions` in draft-07 (2025-06-18), `$defs` after.
fn definitions_key(version: &str) -> &'static str {
    if schema(version).get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    }
}

/// Whether the schema of `version` has a definition named `definition`.
pub fn has_definition(version: &str, definition: &str) -> bool {
    schema(version)
        .get(definitions_key(version))
        .and_then(|defs| defs.get(definition))
        .is_some()
}

/// The names of every definition in the schema of `version`.
pub fn definitions(version: &str) -> Vec<&'static str> {
    schema(version)
        .get(definitions_key(version))
        .and_then(Value::as_object)
        .map(|defs| defs.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// A compiled validator for `definition` of `version` (cached: compiling a whole schema
/// document for each call would dominate the test time).
fn validator(version: &str, definition: &str) -> Arc<Validator> {
    type Cache = Mutex<HashMap<(String, String), Arc<Validator>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    let key = (version.to_owned(), definition.to_owned());
    // A poisoned lock only means another test panicked; the cache itself is still sound.
    if let Some(found) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Arc::clone(found);
    }
    assert!(
        has_definition(version, definition),
        "the {version} schema has no definition {definition:?}"
    );
    let full = schema(version);
    let defs_key = definitions_key(version);
    // Wrap: a root that refers to the one definition, with all definitions beside it so
    // that its own `$ref`s resolve. The `$schema` keeps the draft (07 or 2020-12).
    let mut wrapper = json!({ "$ref": format!("#/{defs_key}/{definition}") });
    wrapper[defs_key] = full[defs_key].clone();
    if let Some(draft) = full.get("$schema") {
        wrapper["$schema"] = draft.clone();
    }
    let compiled = jsonschema::options()
        .should_validate_formats(true)
        .build(&wrapper)
        .unwrap_or_else(|e| panic!("the {version} schema for {definition} does not compile: {e}"));
    let compiled = Arc::new(compiled);
    cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, Arc::clone(&compiled));
    compiled
}

/// Validates `value` against `definition` (e.g. `"CallToolResult"`) of the official schema
/// of `version` (e.g. `"2025-11-25"`). The error lists every problem as
/// `"<instance path>: <message>"`.
///
/// # Panics
/// When the version is not vendored or the schema has no such definition.
pub fn validate(version: &str, definition: &str, value: &Value) -> Result<(), Vec<String>> {
    let validator = validator(version, definition);
    let problems: Vec<String> = validator
        .iter_errors(value)
        .map(|e| {
            let path = e.instance_path().to_string();
            let path = if path.is_empty() {
                "/".to_owned()
            } else {
                path
            };
            format!("{path}: {e}")
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Asserts that `value` is a valid `definition` of the official schema of `version`.
///
/// # Panics
/// When it is not, listing every problem and the value.
#[track_caller]
pub fn assert_valid(version: &str, definition: &str, value: &Value) {
    if let Err(problems) = validate(version, definition, value) {
        panic!(
            "not a valid {definition} for MCP {version}:\n  {}\nvalue: {}",
            problems.join("\n  "),
            serde_json::to_string_pretty(value).unwrap_or_default()
        );
    }
}

/// Asserts that `value` is NOT a valid `definition` of the official schema of `version`.
///
/// # Panics
/// When it is valid.
#[track_caller]
pub fn assert_invalid(version: &str, definition: &str, value: &Value) {
    assert!(
        validate(version, definition, value).is_err(),
        "expected an invalid {definition} for MCP {version}, but it validates: {value}"
    );
}
