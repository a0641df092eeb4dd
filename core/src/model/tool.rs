//! Tools: the descriptor (`Tool`, `ToolAnnotations`) and the result (`CallToolResult`).

use std::borrow::Cow;

use serde::de;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::model::content::ContentBlock;
use crate::model::declare::model_object;
use crate::model::icon::Icon;
use crate::model::json::{Compact, JsonObject, RawJson};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_type};
use crate::model::validated::ToolName;
use crate::model::write::{self, FieldSink};
use crate::rules::{ProtocolVersion, Rule, Violation};
use crate::wire::version::{SerializeFor, serialize_latest};

model_object! {
    /// The result of `tools/call`.
    ///
    /// ```
    /// use mcp_content::{CallToolResult, ContentBlock};
    /// let result = CallToolResult::new(vec![ContentBlock::text("42")]);
    /// assert_eq!(
    ///     serde_json::to_string(&result).unwrap(),
    ///     r#"{"content":[{"type":"text","text":"42"}],"resultType":"complete"}"#
    /// );
    /// ```
    #[derive(Debug, Clone, PartialEq, Default)]
    pub struct CallToolResult as "CallToolResult", read "a CallToolResult object" {
        /// The unstructured result (may be empty, never absent on the wire).
        pub content: Vec<ContentBlock> =
            "content" (required Compact<ContentBlock> => Vec::from) objects,
        /// The structured result, kept as its exact JSON text. Any JSON value for 2026-07-28;
        /// written as `{"result": …}` for 2025-era peers when it is not an object.
        /// `Some(RawJson::null())` is an explicit `null` (a value the 2026-07-28 schema
        /// allows: read as a value, not an absence).
        pub structured_content: Option<RawJson> =
            "structuredContent" (nullable RawJson) with(put_structured_content),
        /// Whether the call failed.
        pub is_error: Option<bool> = "isError" (optional bool) value,
        /// The result's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
        /// `resultType` as received (written as `"complete"` for 2026-07-28 when `None`).
        pub result_type: Option<Cow<'static, str>> =
            "resultType" (optional ResultType => ResultType::into_inner) with(put_result_type)
            since has_result_type,
    }
}

impl CallToolResult {
    /// A successful result with these blocks.
    pub fn new(content: Vec<ContentBlock>) -> Self {
        Self {
            content,
            ..Self::default()
        }
    }

    /// A successful result with one text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self::new(vec![ContentBlock::text(text)])
    }

    /// A failed result (`isError: true`) whose one text block says what went wrong.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            is_error: Some(true),
            ..Self::text(message)
        }
    }

    /// A result with structured content and, for clients that only read `content`, its JSON
    /// as a text block (the spec's backward-compatibility rule).
    pub fn structured(value: Value) -> Self {
        // Not `Display`: it recurses once per level (see `wire::value_text`).
        let text = crate::wire::value_text::compact_json(&value);
        Self {
            structured_content: Some(value.into()),
            ..Self::text(text)
        }
    }

    /// Whether `isError` is `true`.
    pub fn is_error(&self) -> bool {
        self.is_error == Some(true)
    }
}

impl SerializeFor for CallToolResult {
    fn json_len_hint(&self) -> usize {
        // The blocks, plus `_meta` and `structuredContent` at a typical size (the buffer
        // grows if they are larger).
        256 + self
            .content
            .iter()
            .map(ContentBlock::json_len_hint)
            .sum::<usize>()
    }

    fn serialize_for<S: Serializer>(
        &self,
        version: ProtocolVersion,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        write::serialize_object(self, version, serializer)
    }

    fn write_json_for(&self, version: ProtocolVersion, out: &mut Vec<u8>) {
        write::write_json(self, version, out);
    }
}

/// `structuredContent`: as it is, or `{"result": …}` for 2025-era peers when not an object
/// (their schemas require an object here).
fn put_structured_content<K: FieldSink>(
    sink: &mut K,
    key: &str,
    structured: Option<&RawJson>,
    version: ProtocolVersion,
) -> Result<(), K::Error> {
    match structured {
        Some(structured) if version.wraps_non_object_structured() && !structured.is_object() => {
            sink.field(key, &WrappedResult(structured.as_raw()))
        }
        Some(structured) => sink.raw(key, structured.as_raw()),
        None => Ok(()),
    }
}

/// `{"result": value}`, the object form 2025-era peers take for a non-object structured value.
pub(crate) struct WrappedResult<'a>(pub(crate) &'a RawValue);

impl Serialize for WrappedResult<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("result", self.0)?;
        map.end()
    }
}

serialize_latest!(CallToolResult, Tool);

model_object! {
    /// Hints about a tool's behaviour. All are hints, never guarantees; a hint of `false` is
    /// kept (it says something), an absent one is `None`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct ToolAnnotations as "ToolAnnotations", read "a tool annotations object" {
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// The tool does not modify its environment.
        pub read_only_hint: Option<bool> = "readOnlyHint" (optional bool) value,
        /// The tool may perform destructive updates.
        pub destructive_hint: Option<bool> = "destructiveHint" (optional bool) value,
        /// Calling again with the same arguments has no further effect.
        pub idempotent_hint: Option<bool> = "idempotentHint" (optional bool) value,
        /// The tool interacts with an open world of external entities.
        pub open_world_hint: Option<bool> = "openWorldHint" (optional bool) value,
    }
}

impl Serialize for ToolAnnotations {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Tool annotations have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

impl ToolAnnotations {
    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        self.title.is_none()
            && self.read_only_hint.is_none()
            && self.destructive_hint.is_none()
            && self.idempotent_hint.is_none()
            && self.open_world_hint.is_none()
            && self.extra.is_empty()
    }
}

model_object! {
    /// A tool's descriptor, as `tools/list` returns it.
    ///
    /// ```
    /// use mcp_content::model::{Tool, ToolName};
    /// let tool = Tool::new(ToolName::new("echo").unwrap());
    /// assert_eq!(
    ///     serde_json::to_value(&tool).unwrap(),
    ///     serde_json::json!({"name": "echo", "inputSchema": {"type": "object", "additionalProperties": false}})
    /// );
    /// ```
    #[derive(Debug, Clone, PartialEq)]
    pub struct Tool as "Tool", read "a tool object", check = check_read_execution {
        /// The tool's name.
        pub name: ToolName = "name" (required ToolName) value,
        /// A display title.
        pub title: Option<String> = "title" (optional String) value,
        /// What the tool does (for the model).
        pub description: Option<String> = "description" (optional String) value,
        /// The JSON Schema of the arguments (an object schema), kept as its exact JSON text
        /// like the other parts the model does not interpret: a schema read from a peer is
        /// relayed byte for byte, and a schema of many tiny entries costs its size, not the
        /// 80 bytes an entry a `serde_json::Map` takes. Build one from a `Map` with
        /// `.into()`; [`JsonObject::to_map`] gives one back.
        pub input_schema: JsonObject =
            "inputSchema" (required InputSchema => |schema: InputSchema| schema.0) json,
        /// The JSON Schema of `structuredContent`, when the tool returns it (as text, like
        /// [`input_schema`](Self::input_schema)).
        pub output_schema: Option<JsonObject> =
            "outputSchema" (optional JsonObject) with(put_output_schema),
        /// Behaviour hints.
        pub annotations: Option<ToolAnnotations> =
            "annotations" (optional ToolAnnotations) nonempty_object,
        /// Icons (not emitted for 2025-06-18).
        pub icons: Vec<Icon> = "icons" (defaulted Compact<Icon> => Vec::from) objects
            since has_icons,
        /// The descriptor's `_meta`.
        pub meta: Meta = "_meta" (defaulted Meta) json,
    }
}

/// `execution`, a field protocol 2025-11-25 gives tools (`ToolExecution`) and this model
/// keeps in `extra`: an object whose `taskSupport`, when present, is `forbidden`,
/// `optional` or `required`. `null` (of the field or of `taskSupport`) follows the one
/// `null` rule. The fault's path below the tool (`execution`, `execution.taskSupport`) and
/// the rule it breaks; `validate()` and the reader both ask this.
pub(crate) fn execution_fault(value: &RawValue) -> Option<(&'static str, Violation)> {
    let bad = |why: &str| {
        Violation::new(
            Rule::ExtraField,
            format!("`execution` is a ToolExecution in protocol 2025-11-25: {why}"),
        )
    };
    let null = |expected: &str| {
        Violation::new(
            Rule::Type,
            format!("null is not allowed here: expected {expected} (protocol 2025-11-25)"),
        )
    };
    // Read from its text, members kept as text: a `Value` would make a number it cannot
    // hold (`1E400`) `null`.
    let text = value.get();
    if text == "null" {
        return Some(("execution", null("a ToolExecution object")));
    }
    let Ok(execution) =
        serde_json::from_str::<std::collections::BTreeMap<String, Box<RawValue>>>(text)
    else {
        return Some(("execution", bad("it must be an object")));
    };
    let support = execution.get("taskSupport").map(|raw| raw.get());
    match support.map(serde_json::from_str::<Value>) {
        None => None,
        Some(Ok(Value::String(support)))
            if matches!(support.as_str(), "forbidden" | "optional" | "required") =>
        {
            None
        }
        Some(Ok(Value::Null)) => Some((
            "execution.taskSupport",
            null("\"forbidden\", \"optional\" or \"required\""),
        )),
        Some(_) => Some((
            "execution",
            bad("`taskSupport` must be \"forbidden\", \"optional\" or \"required\""),
        )),
    }
}

/// The reader's side of [`execution_fault`].
fn check_read_execution<E: de::Error>(tool: &Tool) -> Result<(), E> {
    match tool.extra.get("execution").and_then(execution_fault) {
        Some((path, violation)) => Err(crate::wire::error::field_error(path, violation)),
        None => Ok(()),
    }
}

impl Tool {
    /// A tool that takes no arguments: `{"type":"object","additionalProperties":false}`.
    pub fn new(name: ToolName) -> Self {
        Self {
            name,
            title: None,
            description: None,
            input_schema: empty_input_schema(),
            output_schema: None,
            annotations: None,
            icons: Vec::new(),
            meta: Meta::new(),
            extra: JsonObject::new(),
        }
    }
}

/// `outputSchema` as a peer on `version` takes it (see [`wrap_output_schema`]).
fn put_output_schema<K: FieldSink>(
    sink: &mut K,
    key: &str,
    output: Option<&JsonObject>,
    version: ProtocolVersion,
) -> Result<(), K::Error> {
    let Some(output) = output else {
        return Ok(());
    };
    match output_schema_shape(schema_type(output).as_deref(), version) {
        OutputSchemaShape::AsIs => sink.json_object(key, output),
        OutputSchemaShape::Wrapped => {
            sink.field(key, &wrap_output_schema(output.to_map(), version))
        }
        OutputSchemaShape::Omitted => Ok(()),
    }
}

write::serialize_for_via_fields!(Tool);

/// How an output schema goes out for a protocol version.
enum OutputSchemaShape {
    AsIs,
    Wrapped,
    Omitted,
}

/// A tool's `inputSchema` as read from a peer: an object whose root `type` is `"object"`,
/// which every version's schema requires (tool arguments are always an object). Anything
/// else is refused at `inputSchema.type` with rule [`Type`](crate::rules::Rule::Type), as
/// `validate()` reports it for a value built in code: read and relayed, it would be written
/// as an invalid tool.
struct InputSchema(JsonObject);

impl<'de> Deserialize<'de> for InputSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let schema = JsonObject::deserialize(deserializer)?;
        if schema_type(&schema).as_deref() == Some("object") {
            return Ok(Self(schema));
        }
        // A string is quoted whole and cut by the error (`"xxx…"…`, the closing quote kept);
        // any other JSON is shown as written, cut.
        let found = root_type(&schema).map_or_else(
            || "no `type`".to_owned(),
            |t| match serde_json::from_str::<String>(t.get()) {
                Ok(text) => format!("{text:?}"),
                Err(_) => crate::wire::error::cut(t.get()).into_owned(),
            },
        );
        Err(crate::wire::error::field_error(
            "type",
            Violation::new(
                Rule::Type,
                format!("an input schema needs \"type\": \"object\" at its root, found {found}"),
            ),
        ))
    }
}

/// The schema of a tool that takes no arguments: `{"additionalProperties":false,"type":"object"}`.
pub(crate) fn empty_input_schema() -> JsonObject {
    JsonObject::parse(r#"{"additionalProperties":false,"type":"object"}"#).expect("a JSON object")
}

/// The root `type` of a schema, when it is one string.
pub(crate) fn schema_type(schema: &JsonObject) -> Option<String> {
    root_type(schema).and_then(|raw| serde_json::from_str(raw.get()).ok())
}

/// The root `type` member of a schema, found in one pass over its text that keeps nothing
/// else (`JsonObject::get` lists every member first: a schema of many tiny members read from
/// a peer then took 11x its size, past the memory bound of `ReadLimits`).
fn root_type(schema: &JsonObject) -> Option<&RawValue> {
    // `null` is a value here (reported as found), not an absent member.
    fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'de RawValue>, D::Error> {
        <&RawValue>::deserialize(d).map(Some)
    }
    #[derive(Deserialize)]
    struct Root<'a> {
        #[serde(rename = "type", borrow, default, deserialize_with = "present")]
        ty: Option<&'a RawValue>,
    }
    serde_json::from_str::<Root<'_>>(schema.as_str()).ok()?.ty
}

/// The shape for a schema whose root `type` is `schema_type`.
fn output_schema_shape(schema_type: Option<&str>, version: ProtocolVersion) -> OutputSchemaShape {
    if !version.wraps_non_object_structured() {
        return OutputSchemaShape::AsIs;
    }
    // 2025-era schemas require `"type": "object"`, and `structuredContent` that is not an
    // object goes out as `{"result": …}`: describe that wrapper. A schema whose type is
    // absent (or a list) may describe objects, which go out unwrapped, so no single schema
    // fits: leave it out (it is optional).
    match schema_type {
        Some("object") => OutputSchemaShape::AsIs,
        Some(_) => OutputSchemaShape::Wrapped,
        None => OutputSchemaShape::Omitted,
    }
}

/// The output-schema keyword saying the value was wrapped as `{"result": …}`: `FastMCP`'s, the
/// one marker other SDKs' readers know.
pub(crate) const WRAP_MARKER: &str = "x-fastmcp-wrap-result";

/// An output schema as a peer on `version` declares it: as it is for 2026-07-28 and for an
/// object schema; for 2025-era peers a non-object schema becomes the schema of
/// `{"result": …}` (how `structuredContent` is wrapped for them) marked
/// `"x-fastmcp-wrap-result": true` (`FastMCP`'s marker, so a reader knows to unwrap), and a
/// schema with no single type is `None` (it may describe objects, which are not wrapped, so
/// no schema fits).
///
/// ```
/// use mcp_content::ProtocolVersion;
/// use mcp_content::model::wrap_output_schema;
/// use serde_json::json;
/// let schema = json!({"type": "integer"}).as_object().unwrap().clone();
/// let old = wrap_output_schema(schema.clone(), ProtocolVersion::V2025_06_18).unwrap();
/// assert_eq!(
///     serde_json::Value::Object(old),
///     json!({
///         "type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"],
///         "x-fastmcp-wrap-result": true
///     })
/// );
/// assert_eq!(wrap_output_schema(schema.clone(), ProtocolVersion::V2026_07_28), Some(schema));
/// ```
pub fn wrap_output_schema(
    mut schema: Map<String, Value>,
    version: ProtocolVersion,
) -> Option<Map<String, Value>> {
    match output_schema_shape(schema.get("type").and_then(Value::as_str), version) {
        OutputSchemaShape::AsIs => return Some(schema),
        OutputSchemaShape::Omitted => return None,
        OutputSchemaShape::Wrapped => {}
    }
    // Keywords that belong to the document, not to the value: `$defs` must stay at the root
    // for `#/$defs/…` references to resolve.
    let mut root = Map::new();
    for keyword in ["$schema", "$id", "$defs", "definitions"] {
        if let Some(value) = schema.remove(keyword) {
            root.insert(keyword.to_owned(), value);
        }
    }
    root.insert("type".to_owned(), Value::from("object"));
    let mut properties = Map::new();
    properties.insert("result".to_owned(), Value::Object(schema));
    root.insert("properties".to_owned(), Value::Object(properties));
    root.insert(
        "required".to_owned(),
        Value::from(vec![Value::from("result")]),
    );
    // The marker `FastMCP` writes for the same wrapping: readers (this crate's own, FastMCP's
    // client) unwrap on it, and a user's `{"result": …}` object, unmarked, is never unwrapped.
    root.insert(WRAP_MARKER.to_owned(), Value::Bool(true));
    Some(root)
}
