//! Normalization for gateways that relay MCP between peers (the rules `ToolHive` `vMCP` applies).
//!
//! - **Nothing is `None`.** Annotations, tool annotations and `_meta` that carry nothing
//!   become `None`, so a relayed value compares and prints like one that never had them.
//!   *Something* is any set field: a `priority` of `0.0`, a hint of `false`, an unknown field
//!   from a newer peer. *Nothing* is an absent field, and also an empty `audience` list or an
//!   empty `title`: peers written in Go cannot tell those from absent ones, so a gateway must
//!   not make the difference mean something.
//! - **Schemas.** An input schema passes through untouched (`$defs`, `additionalProperties`,
//!   `required: []` and every other keyword kept byte for byte); an output schema without a
//!   `type` is `None` (clients validate `structuredContent` against it and a schema with no
//!   type is one `vMCP` drops).
//! - **Reserved `_meta` on egress.** Keys under a prefix reserved for MCP
//!   (`io.modelcontextprotocol/…`, see [`reserved_meta_prefix`]) are the protocol's own; a
//!   gateway strips them from what it sends on, except those on a configured pass-through
//!   list ([`MetaEgress`]).
//! - **`progressToken`.** The dedicated token is `params._meta.progressToken` of a request
//!   (the only place the spec defines). A `progressToken` anywhere else — a top-level
//!   `params.progressToken`, a tool argument of that name, a key in other `_meta` fields being
//!   merged in — never becomes or replaces it ([`progress_token`], [`request_meta`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Number, Value};

use crate::model::annotations::Annotations;
use crate::model::content::{ContentBlock, ResourceContents};
use crate::model::json::JsonObject;
use crate::model::meta::Meta;
use crate::model::prompt::GetPromptResult;
use crate::model::tool::{CallToolResult, Tool, ToolAnnotations};
use crate::rules::{ProtocolVersion, Rule, Violation, reserved_meta_prefix};

/// The `_meta` key of the dedicated progress token.
pub const PROGRESS_TOKEN_KEY: &str = "progressToken";

/// Annotations, or `None` when they carry nothing. An empty `audience` list is dropped
/// (it carries nothing); a `priority` of `0.0` is kept.
///
/// ```
/// use mcp_content::model::{Annotations, Priority};
/// use mcp_content::convert::normalize::normalize_annotations;
///
/// assert_eq!(normalize_annotations(Some(Annotations::new())), None);
/// assert_eq!(normalize_annotations(Some(Annotations::new().audience([]))), None);
/// let zero = Annotations::new().priority(Priority::new(0.0).unwrap());
/// assert_eq!(normalize_annotations(Some(zero.clone())), Some(zero));
/// ```
pub fn normalize_annotations(annotations: Option<Annotations>) -> Option<Annotations> {
    let mut annotations = annotations?;
    if annotations.audience.as_ref().is_some_and(Vec::is_empty) {
        annotations.audience = None;
    }
    annotations.into_option()
}

/// Tool annotations, or `None` when they carry nothing. An empty `title` is dropped; a hint
/// of `false` is kept (it says something: "not read-only").
///
/// ```
/// use mcp_content::model::ToolAnnotations;
/// use mcp_content::convert::normalize::normalize_tool_annotations;
///
/// assert_eq!(normalize_tool_annotations(Some(ToolAnnotations::default())), None);
/// let title_only = ToolAnnotations { title: Some(String::new()), ..Default::default() };
/// assert_eq!(normalize_tool_annotations(Some(title_only)), None);
/// let not_read_only = ToolAnnotations { read_only_hint: Some(false), ..Default::default() };
/// assert_eq!(normalize_tool_annotations(Some(not_read_only.clone())), Some(not_read_only));
/// ```
pub fn normalize_tool_annotations(annotations: Option<ToolAnnotations>) -> Option<ToolAnnotations> {
    let mut annotations = annotations?;
    if annotations.title.as_deref() == Some("") {
        annotations.title = None;
    }
    (!annotations.is_empty()).then_some(annotations)
}

/// `_meta`, or `None` when it has no key.
///
/// ```
/// use mcp_content::model::Meta;
/// use mcp_content::convert::normalize::normalize_meta;
///
/// assert_eq!(normalize_meta(Some(Meta::new())), None);
/// let mut meta = Meta::new();
/// meta.insert("com.example/flag", false).unwrap();
/// assert_eq!(normalize_meta(Some(meta.clone())), Some(meta));
/// ```
pub fn normalize_meta(meta: Option<Meta>) -> Option<Meta> {
    meta.and_then(Meta::into_option)
}

/// An output schema, or `None` when it has no `type` (absent or `null`). Any other schema is
/// returned untouched.
///
/// ```
/// use mcp_content::model::JsonObject;
/// use mcp_content::convert::normalize::normalize_output_schema;
///
/// let untyped = JsonObject::parse(r#"{"properties":{}}"#).unwrap();
/// assert_eq!(normalize_output_schema(Some(untyped)), None);
/// let typed = JsonObject::parse(r#"{"type":"object","properties":{}}"#).unwrap();
/// assert_eq!(normalize_output_schema(Some(typed.clone())), Some(typed));
/// ```
pub fn normalize_output_schema(schema: Option<JsonObject>) -> Option<JsonObject> {
    schema.filter(|schema| schema.get("type").is_some_and(|t| t.get() != "null"))
}

/// A tool descriptor normalized for relaying: annotations by [`normalize_tool_annotations`],
/// the output schema by [`normalize_output_schema`]; the input schema, name, texts, icons,
/// `_meta` and unknown fields untouched.
///
/// ```
/// use mcp_content::model::{Tool, ToolAnnotations, ToolName};
/// use mcp_content::convert::normalize::normalize_tool;
/// use serde_json::json;
///
/// let mut tool = Tool::new(ToolName::new("search").unwrap());
/// tool.input_schema = mcp_content::model::JsonObject::parse(&json!({
///     "type": "object", "$defs": {"q": {"type": "string"}},
///     "properties": {"q": {"$ref": "#/$defs/q"}}, "required": [], "additionalProperties": false
/// }).to_string()).unwrap();
/// tool.annotations = Some(ToolAnnotations::default());
/// tool.output_schema = Some(mcp_content::model::JsonObject::new());
/// let normalized = normalize_tool(tool.clone());
/// assert_eq!(normalized.input_schema, tool.input_schema);
/// assert_eq!(normalized.annotations, None);
/// assert_eq!(normalized.output_schema, None);
/// ```
#[must_use]
pub fn normalize_tool(mut tool: Tool) -> Tool {
    tool.annotations = normalize_tool_annotations(tool.annotations.take());
    tool.output_schema = normalize_output_schema(tool.output_schema.take());
    tool
}

/// A tool result normalized for relaying: every block's annotations by
/// [`normalize_annotations`]; blocks, structured content and `_meta` otherwise untouched.
///
/// ```
/// use mcp_content::model::Annotations;
/// use mcp_content::{CallToolResult, ContentBlock};
/// use mcp_content::convert::normalize::normalize_call_tool_result;
///
/// let mut block = ContentBlock::text("hi");
/// block.set_annotations(Some(Annotations::new()));
/// let result = normalize_call_tool_result(CallToolResult::new(vec![block]));
/// assert_eq!(result.content[0].annotations(), None);
/// ```
#[must_use]
pub fn normalize_call_tool_result(mut result: CallToolResult) -> CallToolResult {
    for block in &mut result.content {
        let annotations = normalize_annotations(block.annotations().cloned());
        block.set_annotations(annotations);
    }
    result
}

/// Strips `_meta` keys reserved for MCP from what a gateway sends on, keeping those on a
/// pass-through list.
///
/// A key is stripped when [`reserved_meta_prefix`] says its prefix is reserved under the
/// receiving peer's protocol version, unless a pass-through entry matches it: an entry that
/// ends in `/` matches every key with that prefix (`io.modelcontextprotocol/`), any other
/// entry matches the exact key (`io.modelcontextprotocol/related-task`). Matching is exact
/// (case-sensitive). Keys without a prefix (`progressToken`) and user prefixes are never
/// stripped.
///
/// ```
/// use mcp_content::ProtocolVersion;
/// use mcp_content::model::{Meta, MetaKey};
/// use mcp_content::convert::normalize::MetaEgress;
///
/// let mut meta = Meta::new();
/// meta.insert_key(MetaKey::new("io.modelcontextprotocol/related-task").unwrap(), 1);
/// meta.insert_key(MetaKey::new("io.modelcontextprotocol/internal").unwrap(), 2);
/// meta.insert("com.example/trace", "abc").unwrap();
///
/// let egress = MetaEgress::new(ProtocolVersion::LATEST)
///     .pass_through("io.modelcontextprotocol/related-task");
/// egress.strip(&mut meta);
/// assert!(meta.get("io.modelcontextprotocol/related-task").is_some());
/// assert!(meta.get("io.modelcontextprotocol/internal").is_none());
/// assert!(meta.get("com.example/trace").is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaEgress {
    version: ProtocolVersion,
    pass_through: Vec<String>,
}

impl Default for MetaEgress {
    /// For the latest protocol version, with nothing passed through.
    fn default() -> Self {
        Self::new(ProtocolVersion::LATEST)
    }
}

impl MetaEgress {
    /// Strips what is reserved under `version` (the receiving peer's), passing nothing through.
    ///
    /// ```
    /// use mcp_content::ProtocolVersion;
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let egress = MetaEgress::new(ProtocolVersion::V2025_11_25);
    /// assert!(egress.is_stripped("io.modelcontextprotocol/x"));
    /// assert!(!egress.is_stripped("com.example/x"));
    /// ```
    pub fn new(version: ProtocolVersion) -> Self {
        Self {
            version,
            pass_through: Vec::new(),
        }
    }

    /// Adds a pass-through entry: an exact key, or a prefix ending in `/`.
    ///
    /// ```
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let egress = MetaEgress::default().pass_through("io.modelcontextprotocol/");
    /// assert!(!egress.is_stripped("io.modelcontextprotocol/anything"));
    /// assert!(egress.is_stripped("dev.mcp/other"));
    /// ```
    #[must_use]
    pub fn pass_through(mut self, key_or_prefix: impl Into<String>) -> Self {
        self.pass_through.push(key_or_prefix.into());
        self
    }

    /// Whether `key` is stripped: reserved under the version and not passed through.
    ///
    /// ```
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let egress = MetaEgress::default();
    /// assert!(egress.is_stripped("io.modelcontextprotocol/related-task"));
    /// assert!(!egress.is_stripped("progressToken"));
    /// ```
    pub fn is_stripped(&self, key: &str) -> bool {
        reserved_meta_prefix(key, self.version)
            && !self.pass_through.iter().any(|entry| {
                if entry.ends_with('/') {
                    key.starts_with(entry.as_str())
                } else {
                    key == entry
                }
            })
    }

    /// Removes the stripped keys from `meta`.
    ///
    /// ```
    /// use mcp_content::model::{Meta, MetaKey};
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let mut meta = Meta::new();
    /// meta.insert_key(MetaKey::new("io.modelcontextprotocol/x").unwrap(), 1);
    /// MetaEgress::default().strip(&mut meta);
    /// assert!(meta.is_empty());
    /// ```
    pub fn strip(&self, meta: &mut Meta) {
        meta.retain(|key, _| !self.is_stripped(key));
    }

    /// Strips every `_meta` of a tool result: the result's, each block's envelope, and the
    /// inner contents of embedded resources. Unknown blocks are relayed untouched.
    ///
    /// ```
    /// use mcp_content::model::MetaKey;
    /// use mcp_content::{CallToolResult, ContentBlock};
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let mut result = CallToolResult::text("ok");
    /// result.meta.insert_key(MetaKey::new("io.modelcontextprotocol/x").unwrap(), 1);
    /// result.content[0].meta_mut().unwrap().insert_key(MetaKey::new("dev.mcp/y").unwrap(), 2);
    /// MetaEgress::default().strip_call_tool_result(&mut result);
    /// assert!(result.meta.is_empty());
    /// assert!(result.content[0].meta().unwrap().is_empty());
    /// ```
    pub fn strip_call_tool_result(&self, result: &mut CallToolResult) {
        self.strip(&mut result.meta);
        for block in &mut result.content {
            self.strip_block(block);
        }
    }

    /// Strips every `_meta` of a prompt result: the result's and each message's block.
    ///
    /// ```
    /// use mcp_content::model::{GetPromptResult, MetaKey, PromptMessage, Role};
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let mut result = GetPromptResult::new(vec![PromptMessage::new(Role::User, "hi")]);
    /// result.meta.insert_key(MetaKey::new("io.modelcontextprotocol/x").unwrap(), 1);
    /// MetaEgress::default().strip_get_prompt_result(&mut result);
    /// assert!(result.meta.is_empty());
    /// ```
    pub fn strip_get_prompt_result(&self, result: &mut GetPromptResult) {
        self.strip(&mut result.meta);
        for message in &mut result.messages {
            self.strip_block(&mut message.content);
        }
    }

    /// Strips a tool descriptor's `_meta`.
    ///
    /// ```
    /// use mcp_content::model::{MetaKey, Tool, ToolName};
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let mut tool = Tool::new(ToolName::new("t").unwrap());
    /// tool.meta.insert_key(MetaKey::new("io.modelcontextprotocol/ui").unwrap(), 1);
    /// MetaEgress::default().pass_through("io.modelcontextprotocol/ui").strip_tool(&mut tool);
    /// assert_eq!(tool.meta.len(), 1);
    /// ```
    pub fn strip_tool(&self, tool: &mut Tool) {
        self.strip(&mut tool.meta);
    }

    /// Strips a block's envelope `_meta` and, for an embedded resource, its contents' `_meta`.
    ///
    /// ```
    /// use mcp_content::ContentBlock;
    /// use mcp_content::model::{EmbeddedResource, MetaKey, TextResourceContents, Uri};
    /// use mcp_content::convert::normalize::MetaEgress;
    ///
    /// let mut contents = TextResourceContents::new(Uri::new("file:///a").unwrap(), "a");
    /// contents.meta.insert_key(MetaKey::new("io.modelcontextprotocol/x").unwrap(), 1);
    /// let mut block: ContentBlock = EmbeddedResource::new(contents).into();
    /// MetaEgress::default().strip_block(&mut block);
    /// let ContentBlock::Resource(embedded) = block else { unreachable!() };
    /// assert!(embedded.resource.meta().is_empty());
    /// ```
    pub fn strip_block(&self, block: &mut ContentBlock) {
        if let Some(meta) = block.meta_mut() {
            self.strip(meta);
        }
        if let ContentBlock::Resource(embedded) = block {
            let inner = match &mut embedded.resource {
                ResourceContents::Text(text) => &mut text.meta,
                ResourceContents::Blob(blob) => &mut blob.meta,
            };
            self.strip(inner);
        }
    }
}

/// A progress token: a string or an integer (the spec's `ProgressToken`).
///
/// ```
/// use mcp_content::convert::normalize::ProgressToken;
/// use serde_json::json;
///
/// assert_eq!(ProgressToken::from_value(&json!("abc")), Some(ProgressToken::from("abc")));
/// assert_eq!(ProgressToken::from_value(&json!(7)), Some(ProgressToken::from(7)));
/// assert_eq!(ProgressToken::from_value(&json!(1.5)), None);
/// assert_eq!(serde_json::to_string(&ProgressToken::from(7)).unwrap(), "7");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProgressToken {
    /// A string token.
    String(String),
    /// An integer token (any JSON integer, kept as received).
    Integer(Number),
}

impl ProgressToken {
    /// The token a JSON value is, or `None` when it is neither a string nor an integer.
    ///
    /// ```
    /// use mcp_content::convert::normalize::ProgressToken;
    /// use serde_json::json;
    ///
    /// assert!(ProgressToken::from_value(&json!(null)).is_none());
    /// assert!(ProgressToken::from_value(&json!({"progressToken": 1})).is_none());
    /// ```
    pub fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::String(text) => Some(Self::String(text.clone())),
            Value::Number(number) if number.is_i64() || number.is_u64() => {
                Some(Self::Integer(number.clone()))
            }
            _ => None,
        }
    }

    /// The token as JSON.
    ///
    /// ```
    /// use mcp_content::convert::normalize::ProgressToken;
    ///
    /// assert_eq!(ProgressToken::from("t").to_value(), serde_json::json!("t"));
    /// ```
    pub fn to_value(&self) -> Value {
        match self {
            Self::String(text) => Value::String(text.clone()),
            Self::Integer(number) => Value::Number(number.clone()),
        }
    }
}

impl From<String> for ProgressToken {
    fn from(token: String) -> Self {
        Self::String(token)
    }
}

impl From<&str> for ProgressToken {
    fn from(token: &str) -> Self {
        Self::String(token.to_owned())
    }
}

impl From<i64> for ProgressToken {
    fn from(token: i64) -> Self {
        Self::Integer(token.into())
    }
}

impl Serialize for ProgressToken {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::String(text) => serializer.serialize_str(text),
            Self::Integer(number) => number.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for ProgressToken {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Self::from_value(&value).ok_or_else(|| {
            serde::de::Error::custom(Violation::new(
                Rule::Type,
                format!("a progress token is a string or an integer, got {value}"),
            ))
        })
    }
}

/// The dedicated progress token of a request: `params._meta.progressToken`, when it is a
/// string or an integer. A `progressToken` at the top of `params`, inside `arguments`, or of
/// another type is not a progress token and is not looked at.
///
/// ```
/// use mcp_content::convert::{normalize::progress_token, normalize::ProgressToken};
/// use serde_json::json;
///
/// let params = json!({
///     "name": "slow",
///     "progressToken": "smuggled",
///     "arguments": {"progressToken": "argument"},
///     "_meta": {"progressToken": "dedicated"}
/// });
/// let params = params.as_object().unwrap();
/// assert_eq!(progress_token(params), Some(ProgressToken::from("dedicated")));
///
/// let no_meta = json!({"name": "slow", "arguments": {"progressToken": 1}});
/// assert_eq!(progress_token(no_meta.as_object().unwrap()), None);
/// ```
pub fn progress_token(params: &Map<String, Value>) -> Option<ProgressToken> {
    params
        .get("_meta")?
        .get(PROGRESS_TOKEN_KEY)
        .and_then(ProgressToken::from_value)
}

/// The `_meta` of a request a gateway sends on: the other `fields` it forwards (trace ids,
/// vendor keys, …) with the dedicated `progress_token` set. A `progressToken` among `fields`
/// never wins: it is replaced by the dedicated token, and dropped when there is none (a token
/// only means something to the party that minted it and routes its notifications).
///
/// ```
/// use mcp_content::convert::{normalize::request_meta, normalize::ProgressToken};
/// use serde_json::json;
///
/// let fields = json!({"progressToken": "smuggled", "com.example/trace": "t1"});
/// let fields = fields.as_object().unwrap().clone();
///
/// let meta = request_meta(Some(&ProgressToken::from(42)), fields.clone());
/// assert_eq!(serde_json::Value::Object(meta), json!({"com.example/trace": "t1", "progressToken": 42}));
///
/// let meta = request_meta(None, fields);
/// assert_eq!(serde_json::Value::Object(meta), json!({"com.example/trace": "t1"}));
/// ```
pub fn request_meta(
    progress_token: Option<&ProgressToken>,
    mut fields: Map<String, Value>,
) -> Map<String, Value> {
    fields.remove(PROGRESS_TOKEN_KEY);
    if let Some(token) = progress_token {
        fields.insert(PROGRESS_TOKEN_KEY.to_owned(), token.to_value());
    }
    fields
}
