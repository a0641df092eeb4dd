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
//! | Python SDK (package `mcp`) | `{"result": [1, 2]}` | wrapper schema titled `<function>Output`, one required property `result` (recognised when the function's name is the tool's) |
//! | TypeScript SDK, rmcp | (objects only) | the user's schema, unmarked |
//! | this crate, 2025-era peer | `{"result": [1, 2]}` | wrapper schema with `"x-fastmcp-wrap-result": true` |
//! | this crate, 2026-07-28 | `[1, 2]` | the value's schema |
//!
//! [`ResultWrapping::of`] reads which case a schema is. A hand-written `{"result": …}` object
//! with an unmarked schema is the user's own shape and is never unwrapped (the one leftover:
//! a Python model of exactly the generated shape, titled `<tool name>Output`).
//!
//! Values are read from the structured content's JSON text, never through a
//! `serde_json::Value`: an integer past 64 bits reads exactly into a `u128`, `i128` or
//! [`RawJson`] field ([`ToolOutput::read`]), and where a `Value` is asked for
//! ([`ToolOutput::value`], or a `Value`, an `f64` or an untagged enum inside the type read)
//! such a number is refused naming its path rather than rounded.
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
use crate::wire::error::{ReadError, cut, join_path};

/// `FastMCP`'s output-schema keyword saying the value was wrapped as `{"result": …}` (this
/// crate marks its own wrapped schemas with it too).
pub const FASTMCP_WRAP_MARKER: &str = crate::model::tool::WRAP_MARKER;

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
    /// Which wrapping `schema` (the `outputSchema` the tool `tool_name` lists) declares.
    ///
    /// `FastMCP`'s marker says so on its own. The Python SDK's wrapper has no marker: it is
    /// recognised by being exactly what the SDK generates for a function returning a value
    /// that is not an object — an object schema titled `<tool name>Output` whose only
    /// property is the required `result`, with no keyword pydantic would not write there.
    /// A user's own model `class ScoreOutput(BaseModel): result: int` is unwrapped only for a
    /// tool named `Score`; for that one leftover case (a model of exactly the generated
    /// shape and title) the schema cannot tell the two apart, and the value is read from
    /// under `result`. A Python tool renamed at
    /// registration (`@mcp.tool(name=…)`) lists its function's name in the title, so its
    /// wrapper is not recognised: the value reads as the object `{"result": …}`.
    ///
    /// ```
    /// use mcp_content::convert::typed_result::ResultWrapping;
    /// use serde_json::json;
    /// let python = json!({
    ///     "type": "object", "title": "answerOutput",
    ///     "properties": {"result": {"type": "number", "title": "Result"}},
    ///     "required": ["result"]
    /// });
    /// let python = python.as_object().unwrap();
    /// assert_eq!(ResultWrapping::of("answer", python), ResultWrapping::PythonSdk);
    /// // The same schema on a tool of another name is somebody's own `{result}` model.
    /// assert_eq!(ResultWrapping::of("score", python), ResultWrapping::None);
    ///
    /// // The same shape without the title is somebody's own `{result}` object too.
    /// let own = json!({"type": "object", "properties": {"result": {"type": "number"}}, "required": ["result"]});
    /// assert_eq!(ResultWrapping::of("answer", own.as_object().unwrap()), ResultWrapping::None);
    /// ```
    pub fn of(tool_name: &str, schema: &Map<String, Value>) -> Self {
        if let Some(marked) = Self::marked(schema) {
            return marked;
        }
        if is_python_sdk_wrapper(tool_name, schema) {
            return Self::PythonSdk;
        }
        Self::None
    }

    /// The wrapping a schema says by a marker alone (`FastMCP`'s, which this crate writes
    /// too), when the tool's name is not known: the Python SDK's wrapper, recognised by its
    /// title, is [`ResultWrapping::None`] here.
    pub fn marked(schema: &Map<String, Value>) -> Option<Self> {
        (schema.get(FASTMCP_WRAP_MARKER) == Some(&Value::Bool(true))).then_some(Self::FastMcp)
    }

    /// Whether the value sits under `result`.
    pub fn is_wrapped(self) -> bool {
        self != Self::None
    }
}

/// The Python SDK's wrapper model, and nothing a user would write by accident: the title is
/// the tool's name and `Output`, and every keyword is one pydantic emits for
/// `create_model(f"{name}Output", result=T)` (a user model with a docstring has a
/// `description`, one with more fields has more properties).
fn is_python_sdk_wrapper(tool_name: &str, schema: &Map<String, Value>) -> bool {
    let titled = !tool_name.is_empty()
        && schema
            .get("title")
            .and_then(Value::as_str)
            .and_then(|title| title.strip_suffix("Output"))
            == Some(tool_name);
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
    /// The output schema `schema`, its tool's name unknown: a wrapped value is recognised by
    /// `FastMCP`'s marker only ([`ResultWrapping::marked`]); [`ToolOutput::for_tool`] or
    /// [`ToolOutput::named`] recognise the Python SDK's wrapper too. With the feature
    /// `jsonschema`, a schema that does not compile is an error at `outputSchema`
    /// (references to other documents are not fetched: they are errors too).
    pub fn new(schema: Map<String, Value>) -> Result<Self, ReadError> {
        let wrapping = ResultWrapping::marked(&schema).unwrap_or(ResultWrapping::None);
        Self::with_wrapping(schema, wrapping)
    }

    /// The output schema `schema` that the tool `tool_name` lists (see
    /// [`ResultWrapping::of`]).
    pub fn named(tool_name: &str, schema: Map<String, Value>) -> Result<Self, ReadError> {
        let wrapping = ResultWrapping::of(tool_name, &schema);
        Self::with_wrapping(schema, wrapping)
    }

    // Fallible only with `jsonschema` (the schema must compile); one signature either way.
    #[cfg_attr(not(feature = "jsonschema"), allow(clippy::unnecessary_wraps))]
    fn with_wrapping(
        schema: Map<String, Value>,
        wrapping: ResultWrapping,
    ) -> Result<Self, ReadError> {
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
            .map(|schema| Self::named(tool.name.as_str(), schema.to_map()))
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
        let value = schema_value(structured(result)?)?;
        let checked = self.check_value(&value);
        // A value refused for its depth drops with recursion as it is.
        crate::wire::limits::drop_iteratively(value);
        checked
    }

    /// The structured value of a successful result: checked (feature `jsonschema`), then
    /// unwrapped when the schema says it was wrapped. A result with `isError: true` is an
    /// error naming its message. A number a `Value` does not hold exactly (an integer past
    /// 64 bits) is refused naming its path, never rounded: [`ToolOutput::read`] it into a
    /// type that holds it (`u128`, `i128`, [`RawJson`]).
    ///
    /// ```
    /// use mcp_content::CallToolResult;
    /// use mcp_content::convert::typed_result::ToolOutput;
    /// use mcp_content::model::RawJson;
    /// let output = ToolOutput::new(serde_json::Map::new()).unwrap();
    /// let mut big = CallToolResult::default();
    /// big.structured_content = Some(RawJson::parse(r#"{"id":18446744073709551617}"#).unwrap());
    /// assert_eq!(output.value(&big).unwrap_err().path(), "structuredContent.id");
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Row { id: u128 }
    /// assert_eq!(output.read::<Row>(&big).unwrap().id, 18_446_744_073_709_551_617);
    /// ```
    pub fn value(&self, result: &CallToolResult) -> Result<Value, ReadError> {
        let (text, prefix) = self.unwrapped_text(result)?;
        crate::wire::exact::exact_value(text, prefix)
    }

    /// The text of the structured value of a successful result, checked (feature
    /// `jsonschema`) and unwrapped, and the path it is at.
    fn unwrapped_text<'r>(
        &self,
        result: &'r CallToolResult,
    ) -> Result<(&'r str, &'static str), ReadError> {
        if result.is_error() {
            return Err(tool_error(result));
        }
        let raw = structured(result)?;
        #[cfg(feature = "jsonschema")]
        {
            // The schema is checked on a `Value`: a number past 64 bits is checked as the
            // nearest `f64` (its type and bounds), and read below from its text, exactly.
            let value = schema_value(raw)?;
            let checked = self.check_value(&value);
            crate::wire::limits::drop_iteratively(value);
            checked?;
        }
        if !self.wrapping.is_wrapped() {
            return Ok((raw.as_str(), "structuredContent"));
        }
        match crate::wire::exact::object_member(raw.as_str(), "result") {
            Some(inner) => Ok((inner.get(), "structuredContent.result")),
            None => Err(ReadError::message(
                "structuredContent",
                format!(
                    "the output schema says the value is wrapped as {{\"result\": …}}; found {}",
                    json_kind(raw)
                ),
            )),
        }
    }

    /// Reads a successful result's structured value into `T`, from its JSON text (checked
    /// and unwrapped as [`ToolOutput::value`] does): numbers are read exactly as `T` takes
    /// them (an integer past 64 bits into a `u128` or `i128` field, or kept as text by a
    /// [`RawJson`] field). Errors name the path inside `structuredContent`. An integer past
    /// 64 bits is never rounded to the nearest `f64` on the way: read into a field that
    /// would round it (a `u64` or `f64` field, a `serde_json::Value`, an untagged enum or
    /// anything else that reads any JSON value) it is an error naming its path. A float
    /// literal (`1.8446744073709552e19`) reads as `serde_json` reads it.
    ///
    /// ```
    /// use mcp_content::CallToolResult;
    /// use mcp_content::convert::typed_result::ToolOutput;
    /// use mcp_content::model::RawJson;
    /// #[derive(serde::Deserialize)]
    /// struct Stats { total: serde_json::Value }
    /// #[derive(serde::Deserialize)]
    /// struct Exact { total: u128 }
    /// let output = ToolOutput::new(serde_json::Map::new()).unwrap();
    /// let mut result = CallToolResult::default();
    /// result.structured_content = Some(RawJson::parse(r#"{"total":18446744073709551617}"#).unwrap());
    /// let error = output.read::<Stats>(&result).err().unwrap();
    /// assert_eq!(error.path(), "structuredContent.total");
    /// assert_eq!(output.read::<Exact>(&result).unwrap().total, 18_446_744_073_709_551_617);
    /// ```
    pub fn read<T: DeserializeOwned>(&self, result: &CallToolResult) -> Result<T, ReadError> {
        let (text, prefix) = self.unwrapped_text(result)?;
        let value = crate::wire::read::read_json::<T>(text.as_bytes())
            .map_err(|e| ReadError::message(join_path(prefix, dotless(e.path())), e.detail()))?;
        crate::wire::exact_read::check_read::<T>(text, prefix)?;
        Ok(value)
    }

    /// Reads a result into a [`FromContent`] type (a `#[derive(Content)]` type): checked and
    /// unwrapped as [`ToolOutput::value`] does, then read by the type from a result whose
    /// structured content is the unwrapped value (its text: numbers stay exact).
    pub fn read_content<T: FromContent>(&self, result: &CallToolResult) -> Result<T, ReadError> {
        let (text, _) = self.unwrapped_text(result)?;
        if !self.wrapping.is_wrapped() {
            return T::from_call_tool_result(result);
        }
        let inner = RawJson::parse(text)
            .map_err(|e| ReadError::message("structuredContent.result", e.to_string()))?;
        let unwrapped = CallToolResult {
            structured_content: Some(inner),
            ..result.clone()
        };
        T::from_call_tool_result(&unwrapped)
    }
}

fn structured(result: &CallToolResult) -> Result<&RawJson, ReadError> {
    result.structured_content.as_ref().ok_or_else(|| {
        ReadError::message(
            "structuredContent",
            "the tool declares an output schema; the result has no structured content",
        )
    })
}

/// The structured content as a `Value` to check against the schema (a number past `f64`,
/// `1E400`, which no `Value` holds, is an error naming it, not `null`).
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
fn schema_value(raw: &RawJson) -> Result<Value, ReadError> {
    raw.try_to_value().map_err(|e| {
        ReadError::message(
            "structuredContent",
            format!("cannot be checked against the output schema: {e}"),
        )
    })
}

/// serde's path for the root is `.`.
fn dotless(path: &str) -> &str {
    if path == "." { "" } else { path }
}

fn json_kind(raw: &RawJson) -> &'static str {
    match raw.as_str().as_bytes().first() {
        Some(b'{') => "an object without `result`",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
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
#[path = "typed_result_tests.rs"]
mod tests;
