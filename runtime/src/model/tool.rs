//! Tools: the descriptor (`Tool`, `ToolAnnotations`) and the result (`CallToolResult`).

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::model::content::ContentBlock;
use crate::model::extra::ExtraFields;
use crate::model::icon::Icon;
use crate::model::json::{
    Compact, JsonObject, ObjectBuilder, RawJson, deserialize_object, take_optional, take_required,
};
use crate::model::meta::Meta;
use crate::model::result::{ResultType, put_result_tail};
use crate::model::validated::ToolName;
use crate::rules::{ProtocolVersion, Rule, Violation};
use crate::wire::version::{SerializeFor, serialize_latest};
use crate::wire::write::{self, FieldSink, WriteFields};

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
pub struct CallToolResult {
    /// The unstructured result (may be empty, never absent on the wire).
    pub content: Vec<ContentBlock>,
    /// The structured result, kept as its exact JSON text. Any JSON value for 2026-07-28;
    /// written as `{"result": …}` for 2025-era peers when it is not an object.
    /// `Some(RawJson::null())` is an explicit `null` (a value the 2026-07-28 schema allows).
    pub structured_content: Option<RawJson>,
    /// Whether the call failed.
    pub is_error: Option<bool>,
    /// The result's `_meta`.
    pub meta: Meta,
    /// `resultType` as received (written as `"complete"` for 2026-07-28 when `None`).
    pub result_type: Option<Cow<'static, str>>,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
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

impl WriteFields for CallToolResult {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.objects("content", &self.content, version)?;
        if let Some(structured) = &self.structured_content {
            if version.wraps_non_object_structured() && !structured.is_object() {
                // 2025-era schemas require an object here.
                sink.field("structuredContent", &WrappedResult(structured.as_raw()))?;
            } else {
                sink.raw("structuredContent", structured.as_raw())?;
            }
        }
        if let Some(is_error) = self.is_error {
            sink.field("isError", &is_error)?;
        }
        put_result_tail(
            sink,
            version,
            &self.meta,
            self.result_type.as_deref(),
            &self.extra,
            CallToolResult::KNOWN_FIELDS,
        )
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

impl<'de> Deserialize<'de> for CallToolResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(CallToolResultVisitor)
    }
}

struct CallToolResultVisitor;

impl<'de> Visitor<'de> for CallToolResultVisitor {
    type Value = CallToolResult;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a CallToolResult object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<CallToolResult, A::Error> {
        let _model = crate::model::json::enter_model::<CallToolResult, A::Error>()?;
        let mut content: Option<Compact<ContentBlock>> = None;
        let mut structured: Option<RawJson> = None;
        let mut is_error: Option<bool> = None;
        let mut meta: Option<Meta> = None;
        let mut result_type: Option<ResultType> = None;
        let mut extra = ObjectBuilder::new();
        while let Some(key) = access.next_key::<crate::model::json::MemberKey<'de>>()? {
            match key.name.as_ref() {
                "content" => take_required(&mut access, &mut content, "content")?,
                // Any JSON value, `null` included (2026-07-28): a value, not an absence.
                "structuredContent" => {
                    take_required(&mut access, &mut structured, "structuredContent")?;
                }
                "isError" => take_optional(&mut access, &mut is_error, "isError")?,
                "_meta" => take_optional(&mut access, &mut meta, "_meta")?,
                "resultType" => take_optional(&mut access, &mut result_type, "resultType")?,
                _ => extra.push_member(&key, &mut access)?,
            }
        }
        Ok(CallToolResult {
            content: content
                .ok_or_else(|| de::Error::missing_field("content"))?
                .into(),
            structured_content: structured,
            is_error,
            meta: meta.unwrap_or_default(),
            result_type: result_type.map(ResultType::into_inner),
            extra: extra.finish(),
        })
    }
}

/// Hints about a tool's behaviour. All are hints, never guarantees; a hint of `false` is
/// kept (it says something), an absent one is `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolAnnotations {
    /// A display title.
    pub title: Option<String>,
    /// The tool does not modify its environment.
    pub read_only_hint: Option<bool>,
    /// The tool may perform destructive updates.
    pub destructive_hint: Option<bool>,
    /// Calling again with the same arguments has no further effect.
    pub idempotent_hint: Option<bool>,
    /// The tool interacts with an open world of external entities.
    pub open_world_hint: Option<bool>,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

// By hand, not derived with `#[serde(flatten)]`: an `extra` key naming a field is skipped,
// and the JSON writer copies the unknown members' text (names as received).
impl WriteFields for ToolAnnotations {
    fn write_fields<K: FieldSink>(&self, _: ProtocolVersion, sink: &mut K) -> Result<(), K::Error> {
        if let Some(title) = &self.title {
            sink.field("title", title)?;
        }
        for (key, hint) in [
            ("readOnlyHint", self.read_only_hint),
            ("destructiveHint", self.destructive_hint),
            ("idempotentHint", self.idempotent_hint),
            ("openWorldHint", self.open_world_hint),
        ] {
            if let Some(hint) = hint {
                sink.field(key, &hint)?;
            }
        }
        sink.members(&self.extra, Self::KNOWN_FIELDS)
    }
}

impl Serialize for ToolAnnotations {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Tool annotations have no version-dependent field.
        write::serialize_object(self, ProtocolVersion::LATEST, serializer)
    }
}

deserialize_object!(ToolAnnotations, "a tool annotations object", {
    title: optional String = "title",
    read_only_hint: optional bool = "readOnlyHint",
    destructive_hint: optional bool = "destructiveHint",
    idempotent_hint: optional bool = "idempotentHint",
    open_world_hint: optional bool = "openWorldHint",
});

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

/// A tool's descriptor, as `tools/list` returns it.
///
/// ```
/// use mcp_content::model::{Tool, ToolName};
/// let tool = Tool::new(ToolName::new("ping").unwrap());
/// assert_eq!(
///     serde_json::to_value(&tool).unwrap(),
///     serde_json::json!({"name": "ping", "inputSchema": {"type": "object", "additionalProperties": false}})
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Tool {
    /// The tool's name.
    pub name: ToolName,
    /// A display title.
    pub title: Option<String>,
    /// What the tool does (for the model).
    pub description: Option<String>,
    /// The JSON Schema of the arguments (an object schema), kept as its exact JSON text like
    /// the other parts the model does not interpret: a schema read from a peer is relayed
    /// byte for byte, and a schema of many tiny entries costs its size, not the 80 bytes an
    /// entry a `serde_json::Map` takes. Build one from a `Map` with `.into()`;
    /// [`JsonObject::to_map`] gives one back.
    pub input_schema: JsonObject,
    /// The JSON Schema of `structuredContent`, when the tool returns it (as text, like
    /// [`input_schema`](Self::input_schema)).
    pub output_schema: Option<JsonObject>,
    /// Behaviour hints.
    pub annotations: Option<ToolAnnotations>,
    /// Icons (not emitted for 2025-06-18).
    pub icons: Vec<Icon>,
    /// The descriptor's `_meta`.
    pub meta: Meta,
    /// Fields this version does not know.
    ///
    /// A key naming one of this type's own fields
    /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the field
    /// itself is) and is reported by `validate()`; add keys with
    /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
    pub extra: JsonObject,
}

deserialize_object!(Tool, "a tool object", {
    name: required ToolName = "name",
    title: optional String = "title",
    description: optional String = "description",
    input_schema: required InputSchema = "inputSchema" => |schema: InputSchema| schema.0,
    output_schema: optional JsonObject = "outputSchema",
    annotations: optional ToolAnnotations = "annotations",
    icons: defaulted Compact<Icon> = "icons" => Vec::from,
    meta: defaulted Meta = "_meta",
}, check = check_read_execution);

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

impl WriteFields for Tool {
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error> {
        sink.field("name", &self.name)?;
        if let Some(title) = &self.title {
            sink.field("title", title)?;
        }
        if let Some(description) = &self.description {
            sink.field("description", description)?;
        }
        sink.json_object("inputSchema", &self.input_schema)?;
        if let Some(output) = &self.output_schema {
            match output_schema_shape(schema_type(output).as_deref(), version) {
                OutputSchemaShape::AsIs => sink.json_object("outputSchema", output)?,
                OutputSchemaShape::Wrapped => sink.field(
                    "outputSchema",
                    &wrap_output_schema(output.to_map(), version),
                )?,
                OutputSchemaShape::Omitted => {}
            }
        }
        if let Some(annotations) = self.annotations.as_ref().filter(|a| !a.is_empty()) {
            sink.object("annotations", annotations, version)?;
        }
        put_descriptor_tail(
            sink,
            version,
            &self.icons,
            &self.meta,
            &self.extra,
            Tool::KNOWN_FIELDS,
        )
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

/// An output schema as a peer on `version` declares it: as it is for 2026-07-28 and for an
/// object schema; for 2025-era peers a non-object schema becomes the schema of
/// `{"result": …}` (how `structuredContent` is wrapped for them), and a schema with no single
/// type is `None` (it may describe objects, which are not wrapped, so no schema fits).
///
/// ```
/// use mcp_content::ProtocolVersion;
/// use mcp_content::model::wrap_output_schema;
/// use serde_json::json;
/// let schema = json!({"type": "integer"}).as_object().unwrap().clone();
/// let old = wrap_output_schema(schema.clone(), ProtocolVersion::V2025_06_18).unwrap();
/// assert_eq!(
///     serde_json::Value::Object(old),
///     json!({"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"]})
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
    Some(root)
}

/// Writes icons (not for 2025-06-18), `_meta` (when not empty) and unknown fields.
pub(crate) fn put_descriptor_tail<K: FieldSink>(
    sink: &mut K,
    version: ProtocolVersion,
    icons: &[Icon],
    meta: &Meta,
    extra: &JsonObject,
    known: &[&str],
) -> Result<(), K::Error> {
    if !icons.is_empty() && version.has_icons() {
        sink.objects("icons", icons, version)?;
    }
    if !meta.is_empty() {
        sink.json_object("_meta", meta.as_object())?;
    }
    sink.members(extra, known)
}
