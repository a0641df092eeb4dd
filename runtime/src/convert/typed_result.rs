//! Reading any server's tool results into typed values: the structured content, checked
//! against the tool's listed output schema, unwrapped exactly when the schema says the
//! server wrapped it, then read into a serde type or a [`FromContent`] type.
//!
//! Servers disagree on how a structured value that is not an object goes out to 2025-era
//! peers (whose schemas require an object):
//!
//! | server | structured `[1, 2]` | output schema |
//! |---|---|---|
//! | `FastMCP` (package `fastmcp`) | `{"result": [1, 2]}` | wrapper schema with `"x-fastmcp-wrap-result": true` |
//! | Python SDK (package `mcp`) | `{"result": [1, 2]}` | wrapper schema titled `<function>Output`, one required property `result` |
//! | TypeScript SDK, rmcp | (objects only) | the user's schema, unmarked |
//! | this crate, 2026-07-28 | `[1, 2]` | the value's schema |
//!
//! [`ResultWrapping::of`] reads which case a schema is. A hand-written `{"result": …}` object
//! with an unmarked schema is the user's own shape and is never unwrapped.
//!
//! ```
//! use mcp_content::CallToolResult;
//! use mcp_content::convert::{typed_result::ResultWrapping, typed_result::ToolOutput};
//! use serde_json::json;
//!
//! // What FastMCP lists and returns for a tool declared `-> list[str]`.
//! let schema = json!({
//!     "type": "object",
//!     "properties": {"result": {"type": "array", "items": {"type": "string"}}},
//!     "required": ["result"],
//!     "x-fastmcp-wrap-result": true
//! });
//! let output = ToolOutput::new(schema.as_object().unwrap().clone()).unwrap();
//! assert_eq!(output.wrapping(), ResultWrapping::FastMcp);
//!
//! let result = CallToolResult::structured(json!({"result": ["Paris", "Oslo"]}));
//! let cities: Vec<String> = output.read(&result).unwrap();
//! assert_eq!(cities, ["Paris", "Oslo"]);
//! ```

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::content_traits::{FromContent, tool_error};
use crate::model::json::RawJson;
use crate::model::tool::{CallToolResult, Tool};
use crate::wire::error::{ReadError, cut, join_path, tracked_path};

/// `FastMCP`'s output-schema keyword saying the value was wrapped as `{"result": …}`.
pub const FASTMCP_WRAP_MARKER: &str = "x-fastmcp-wrap-result";

/// How a server wrapped the structured value, as its output schema says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResultWrapping {
    /// The structured content is the value itself.
    None,
    /// `FastMCP`'s wrapper: the schema carries `"x-fastmcp-wrap-result": true`.
    FastMcp,
    /// The Python SDK's wrapper: an object schema titled `<function>Output` whose only
    /// property is the required `result` (pydantic's `create_model(f"{name}Output", result=…)`).
    PythonSdk,
}

impl ResultWrapping {
    /// Which wrapping `schema` (a tool's listed `outputSchema`) declares.
    ///
    /// ```
    /// use mcp_content::convert::typed_result::ResultWrapping;
    /// use serde_json::json;
    /// let python = json!({
    ///     "type": "object", "title": "answerOutput",
    ///     "properties": {"result": {"type": "number", "title": "Result"}},
    ///     "required": ["result"]
    /// });
    /// assert_eq!(ResultWrapping::of(python.as_object().unwrap()), ResultWrapping::PythonSdk);
    ///
    /// // The same shape without the title is somebody's own `{result}` object.
    /// let own = json!({"type": "object", "properties": {"result": {"type": "number"}}, "required": ["result"]});
    /// assert_eq!(ResultWrapping::of(own.as_object().unwrap()), ResultWrapping::None);
    /// ```
    pub fn of(schema: &Map<String, Value>) -> Self {
        if schema.get(FASTMCP_WRAP_MARKER) == Some(&Value::Bool(true)) {
            return Self::FastMcp;
        }
        if is_python_sdk_wrapper(schema) {
            return Self::PythonSdk;
        }
        Self::None
    }

    /// Whether the value sits under `result`.
    pub fn is_wrapped(self) -> bool {
        self != Self::None
    }
}

/// The Python SDK's wrapper model, and nothing a user would write by accident: every
/// keyword is one pydantic emits for `create_model("<name>Output", result=T)` (a user model
/// with a docstring has a `description`, one with more fields has more properties).
fn is_python_sdk_wrapper(schema: &Map<String, Value>) -> bool {
    let titled = schema
        .get("title")
        .and_then(Value::as_str)
        .is_some_and(|title| title.len() > "Output".len() && title.ends_with("Output"));
    let only_result = schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|props| props.len() == 1 && props.contains_key("result"));
    let requires_result = schema.get("required") == Some(&Value::from(vec!["result"]));
    let object = schema.get("type").and_then(Value::as_str) == Some("object");
    let known_keywords = schema.keys().all(|key| {
        matches!(
            key.as_str(),
            "type" | "title" | "properties" | "required" | "$defs"
        )
    });
    titled && only_result && requires_result && object && known_keywords
}

/// A tool's listed output schema, ready to check results against and read them through.
///
/// With the feature `jsonschema`, [`ToolOutput::new`] compiles the schema (JSON Schema
/// 2020-12 unless `$schema` names another draft) and every read checks the structured
/// content first; without it, reads unwrap and deserialize only.
pub struct ToolOutput {
    schema: Map<String, Value>,
    wrapping: ResultWrapping,
    #[cfg(feature = "jsonschema")]
    validator: jsonschema::Validator,
}

impl std::fmt::Debug for ToolOutput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolOutput")
            .field("schema", &self.schema)
            .field("wrapping", &self.wrapping)
            .finish_non_exhaustive()
    }
}

/// A `jsonschema` error's words with the value they quote cut: they quote it whole
/// (`[1,2,…] is not of type "string"`), unquoted when it is an array or object, where an
/// error quotes at most 80 characters of a value.
#[cfg(feature = "jsonschema")]
fn schema_words(error: &jsonschema::ValidationError<'_>) -> String {
    let words = error.to_string();
    let instance = error.instance().to_string();
    match instance
        .char_indices()
        .nth(crate::wire::error::QUOTE_MAX_CHARS)
    {
        Some((at, _)) => words.replacen(&instance, &format!("{}…", &instance[..at]), 1),
        None => words,
    }
}

impl ToolOutput {
    /// The output schema `schema`. With the feature `jsonschema`, a schema that does not
    /// compile is an error at `outputSchema` (references to other documents are not
    /// fetched: they are errors too).
    pub fn new(schema: Map<String, Value>) -> Result<Self, ReadError> {
        let wrapping = ResultWrapping::of(&schema);
        #[cfg(feature = "jsonschema")]
        let validator = {
            let document = Value::Object(schema.clone());
            jsonschema::validator_for(&document).map_err(|e| {
                ReadError::message(
                    "outputSchema",
                    format!("not a usable JSON Schema: {}", schema_words(&e)),
                )
            })?
        };
        Ok(Self {
            schema,
            wrapping,
            #[cfg(feature = "jsonschema")]
            validator,
        })
    }

    /// The output schema of `tool` as listed, or `None` when it declares none.
    pub fn for_tool(tool: &Tool) -> Result<Option<Self>, ReadError> {
        tool.output_schema
            .as_ref()
            .map(|schema| Self::new(schema.to_map()))
            .transpose()
    }

    /// The schema.
    pub fn schema(&self) -> &Map<String, Value> {
        &self.schema
    }

    /// How the server wrapped the value.
    pub fn wrapping(&self) -> ResultWrapping {
        self.wrapping
    }

    /// Checks `value` (a `structuredContent` as it came) against the schema: the first
    /// violation is an error whose path starts at `structuredContent`. A value nested past
    /// the JSON parser's 128 levels (as structured content of a result, which no reader
    /// takes) is refused with its path and rule `limit` before the validator, which recurses
    /// once per level, walks it.
    ///
    /// ```
    /// # #[cfg(feature = "jsonschema")] {
    /// use mcp_content::convert::typed_result::ToolOutput;
    /// use serde_json::json;
    /// let schema = json!({"type": "object", "properties": {"items": {"type": "array", "items": {"type": "integer"}}}});
    /// let output = ToolOutput::new(schema.as_object().unwrap().clone()).unwrap();
    /// let err = output.check_value(&json!({"items": [1, "two"]})).unwrap_err();
    /// assert_eq!(err.path(), "structuredContent.items[1]");
    /// assert_eq!(err.detail(), r#"breaks the tool's output schema: "two" is not of type "integer""#);
    /// # }
    /// ```
    #[cfg(feature = "jsonschema")]
    pub fn check_value(&self, value: &Value) -> Result<(), ReadError> {
        use crate::wire::limits::{ReadLimits, ValueProblem, check_value_depth};
        // Inside its result (one level) as the reader counts it.
        if let Err(ValueProblem::TooDeep(path) | ValueProblem::TooMany(path)) =
            check_value_depth(value, ReadLimits::PARSER_MAX_DEPTH - 1, usize::MAX)
        {
            return Err(ReadError::new(
                join_path("structuredContent", &path),
                crate::rules::Violation::new(
                    crate::rules::Rule::Limit,
                    "nested deeper than the JSON parser's 127 levels",
                ),
            ));
        }
        let Some(error) = self.validator.iter_errors(value).next() else {
            return Ok(());
        };
        let path = json_path(value, error.instance_path().as_str());
        Err(ReadError::message(
            join_path("structuredContent", &path),
            format!("breaks the tool's output schema: {}", schema_words(&error)),
        ))
    }

    /// Checks a result against the schema: a result with `isError: true` is not checked
    /// (it carries an error, not the declared value); a successful one must have
    /// structured content that validates.
    #[cfg(feature = "jsonschema")]
    pub fn check(&self, result: &CallToolResult) -> Result<(), ReadError> {
        if result.is_error() {
            return Ok(());
        }
        let value = structured(result)?;
        let checked = self.check_value(&value);
        // A value refused for its depth drops with recursion as it is.
        crate::wire::limits::drop_iteratively(value);
        checked
    }

    /// The structured value of a successful result: checked (feature `jsonschema`), then
    /// unwrapped when the schema says it was wrapped. A result with `isError: true` is an
    /// error naming its message.
    pub fn value(&self, result: &CallToolResult) -> Result<Value, ReadError> {
        if result.is_error() {
            return Err(tool_error(result));
        }
        let value = structured(result)?;
        #[cfg(feature = "jsonschema")]
        if let Err(error) = self.check_value(&value) {
            crate::wire::limits::drop_iteratively(value);
            return Err(error);
        }
        self.unwrap(value)
    }

    fn unwrap(&self, value: Value) -> Result<Value, ReadError> {
        if !self.wrapping.is_wrapped() {
            return Ok(value);
        }
        let kind = json_kind(&value);
        match value {
            Value::Object(mut object) if object.contains_key("result") => {
                Ok(object.remove("result").unwrap_or(Value::Null))
            }
            _ => Err(ReadError::message(
                "structuredContent",
                format!(
                    "the output schema says the value is wrapped as {{\"result\": …}}; found {kind}"
                ),
            )),
        }
    }

    /// Reads a successful result's structured value into `T` (after [`ToolOutput::value`]).
    /// Errors name the path inside `structuredContent`.
    pub fn read<T: DeserializeOwned>(&self, result: &CallToolResult) -> Result<T, ReadError> {
        let value = self.value(result)?;
        let prefix = if self.wrapping.is_wrapped() {
            "structuredContent.result"
        } else {
            "structuredContent"
        };
        serde_path_to_error::deserialize::<_, T>(value).map_err(|e| {
            let path = tracked_path(e.path());
            let inner = e.into_inner();
            ReadError::message(join_path(prefix, dotless(&path)), inner.to_string())
        })
    }

    /// Reads a result into a [`FromContent`] type (a `#[derive(Content)]` type): checked and
    /// unwrapped as [`ToolOutput::value`] does, then read by the type from a result whose
    /// structured content is the unwrapped value.
    pub fn read_content<T: FromContent>(&self, result: &CallToolResult) -> Result<T, ReadError> {
        let value = self.value(result)?;
        if !self.wrapping.is_wrapped() {
            return T::from_call_tool_result(result);
        }
        let unwrapped = CallToolResult {
            structured_content: Some(value.into()),
            ..result.clone()
        };
        T::from_call_tool_result(&unwrapped)
    }
}

fn structured(result: &CallToolResult) -> Result<Value, ReadError> {
    result
        .structured_content
        .as_ref()
        .map(RawJson::to_value)
        .ok_or_else(|| {
            ReadError::message(
                "structuredContent",
                "the tool declares an output schema; the result has no structured content",
            )
        })
}

/// serde's path for the root is `.`.
fn dotless(path: &str) -> &str {
    if path == "." { "" } else { path }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Object(_) => "an object without `result`",
        other => crate::model::meta::kind_of(other),
    }
}

/// A JSON pointer into `value` as this crate writes paths (`items[1].name`): the value
/// decides whether a numeric segment is an index or a key.
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
fn json_path(value: &Value, pointer: &str) -> String {
    let mut path = String::new();
    let mut here = Some(value);
    for raw in pointer.split('/').skip(1) {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        match here {
            Some(Value::Array(items)) => {
                path.push('[');
                path.push_str(&segment);
                path.push(']');
                here = segment.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            other => {
                if !path.is_empty() {
                    path.push('.');
                }
                // Cut as one key (a key of many dots included), as the reader's paths are.
                path.push_str(&cut(&segment));
                here = other.and_then(|v| v.get(&segment));
            }
        }
    }
    path
}

/// Checks of results against their tools' output schemas, for a router built with
/// `check_structured_output(true)`.
#[cfg(feature = "jsonschema")]
pub(crate) struct OutputChecks(std::collections::HashMap<String, ToolOutput>);

#[cfg(feature = "jsonschema")]
impl OutputChecks {
    pub(crate) fn new<'a>(
        tools: impl Iterator<Item = &'a Tool>,
    ) -> Result<Self, (String, ReadError)> {
        let mut checks = std::collections::HashMap::new();
        for tool in tools {
            if let Some(output) =
                ToolOutput::for_tool(tool).map_err(|e| (tool.name.as_str().to_owned(), e))?
            {
                checks.insert(tool.name.as_str().to_owned(), output);
            }
        }
        Ok(Self(checks))
    }

    pub(crate) fn check(&self, tool: &str, result: &CallToolResult) -> Result<(), ReadError> {
        match self.0.get(tool) {
            Some(output) => output.check(result),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(value: &Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn python_wrapper_needs_every_sign() {
        let base = json!({
            "type": "object", "title": "fOutput",
            "properties": {"result": {"type": "string"}}, "required": ["result"]
        });
        assert_eq!(
            ResultWrapping::of(&schema(&base)),
            ResultWrapping::PythonSdk
        );
        for (key, value) in [
            ("title", json!("Weather")),
            ("title", json!("Output")),
            ("required", json!([])),
            ("properties", json!({"result": {}, "other": {}})),
            ("description", json!("A user's own model.")),
            ("type", json!("array")),
        ] {
            let mut changed = schema(&base);
            changed.insert(key.into(), value.clone());
            assert_eq!(
                ResultWrapping::of(&changed),
                ResultWrapping::None,
                "{key} = {value}"
            );
        }
    }

    #[test]
    fn fastmcp_marker_must_be_true() {
        let marked =
            json!({"type": "object", "properties": {"result": {}}, "x-fastmcp-wrap-result": true});
        assert_eq!(
            ResultWrapping::of(&schema(&marked)),
            ResultWrapping::FastMcp
        );
        let off =
            json!({"type": "object", "properties": {"result": {}}, "x-fastmcp-wrap-result": false});
        assert_eq!(ResultWrapping::of(&schema(&off)), ResultWrapping::None);
    }

    #[test]
    fn unmarked_result_object_is_not_unwrapped() {
        let output = ToolOutput::new(schema(&json!({
            "type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]
        })))
        .unwrap();
        let result = CallToolResult::structured(json!({"result": 3}));
        let read: Map<String, Value> = output.read(&result).unwrap();
        assert_eq!(Value::Object(read), json!({"result": 3}));
    }

    #[test]
    fn wrapped_schema_with_bare_value_is_an_error() {
        let output = ToolOutput::new(schema(&json!({"x-fastmcp-wrap-result": true}))).unwrap();
        let err = output
            .value(&CallToolResult::structured(json!(3)))
            .unwrap_err();
        assert_eq!(err.path(), "structuredContent");
        assert!(err.detail().contains("found a number"), "{err}");
    }

    #[test]
    fn read_error_names_the_path_inside_result() {
        let output = ToolOutput::new(schema(&json!({"x-fastmcp-wrap-result": true}))).unwrap();
        let err = output
            .read::<Vec<u8>>(&CallToolResult::structured(json!({"result": [1, "x"]})))
            .unwrap_err();
        assert_eq!(err.path(), "structuredContent.result[1]");
    }

    #[test]
    fn error_results_are_errors_when_read_and_skipped_when_checked() {
        let output = ToolOutput::new(schema(&json!({"type": "object"}))).unwrap();
        let failed = CallToolResult::error("boom");
        assert_eq!(output.value(&failed).unwrap_err().path(), "isError");
        #[cfg(feature = "jsonschema")]
        assert!(output.check(&failed).is_ok());
    }

    #[test]
    fn missing_structured_content_is_an_error() {
        let output = ToolOutput::new(schema(&json!({"type": "object"}))).unwrap();
        let err = output.value(&CallToolResult::text("x")).unwrap_err();
        assert_eq!(err.path(), "structuredContent");
    }

    #[test]
    fn json_path_follows_the_value() {
        let value = json!({"a": [{"0": {"b/c": 1}}]});
        assert_eq!(json_path(&value, "/a/0/0/b~1c"), "a[0].0.b/c");
        assert_eq!(json_path(&value, ""), "");
    }

    #[cfg(feature = "jsonschema")]
    #[test]
    fn check_names_the_path() {
        let output = ToolOutput::new(schema(&json!({
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"]
        })))
        .unwrap();
        let err = output
            .check(&CallToolResult::structured(json!({"city": 3})))
            .unwrap_err();
        assert_eq!(err.path(), "structuredContent.city");
        let err = output
            .check(&CallToolResult::structured(json!({})))
            .unwrap_err();
        assert_eq!(err.path(), "structuredContent");
        assert!(
            err.detail().contains("\"city\" is a required property"),
            "{err}"
        );
    }

    #[cfg(feature = "jsonschema")]
    #[test]
    fn a_broken_schema_is_refused() {
        let err = ToolOutput::new(schema(&json!({"type": 5}))).unwrap_err();
        assert_eq!(err.path(), "outputSchema");
    }
}
