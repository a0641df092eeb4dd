//! The promise of `validate()`, as a property: for arbitrary model values (unknown fields
//! with any name, unknown blocks, `_meta` with reserved keys of any shape, every optional
//! field present and absent), when `validate()` is `Ok`, what the value writes for each
//! protocol version is valid under that version's official schema, reads back, and the
//! value read writes the same JSON again; for the latest version it reads back equal to
//! the value itself.
//!
//! The same values go through the `rmcp` bridge: `to_rmcp` either converts and
//! `from_rmcp` gives the value back, or it fails naming a path that is in the value's JSON
//! (never a generic serde message).
//!
//! Cases are capped (`PROPTEST_CASES` overrides) so the test stays fast in CI.

use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, CacheScope, EmbeddedResource, GetPromptResult,
    Icon, IconTheme, ImageContent, JsonInteger, Meta, MetaKey, MimeType, Priority, Prompt,
    PromptArgument, PromptMessage, ReadResourceResult, Resource, ResourceContents, ResourceLink,
    ResourceTemplate, Role, TextContent, TextResourceContents, Timestamp, Tool, ToolAnnotations,
    ToolName, UnknownBlock, Uri,
};
use mcp_content::rmcp::RmcpModel;
use mcp_content::rules::UriTemplate;
use mcp_content::wire::read_value;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use proptest::collection::{btree_map, vec};
use proptest::option;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value, json};
use std::borrow::Cow;
use std::fmt::Debug;

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256)
}

// ---------------------------------------------------------------------------------------
// JSON

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1.0e6f64..1.0e6).prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
        text().prop_map(Value::String),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(Value::Array),
            btree_map(key(), inner, 0..4).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,8}",
        "\\PC{0,6}",
        Just(String::new()),
        Just("\"quoted\\\" \u{0}\u{1f600}".to_owned()),
    ]
}

/// A name: the field names of every model type (so extras shadow them) and others.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "type", "text", "data", "mimeType", "uri", "name", "title", "description", "size",
            "icons", "resource", "annotations", "_meta", "blob", "audience", "priority",
            "lastModified", "src", "sizes", "theme", "content", "structuredContent", "isError",
            "resultType", "messages", "role", "contents", "cacheScope", "ttlMs", "inputSchema",
            "outputSchema", "execution", "readOnlyHint", "arguments", "required", "uriTemplate",
        ])
        .prop_map(str::to_owned),
        2 => "x-[a-z]{1,4}",
        1 => text(),
    ]
}

fn extra() -> impl Strategy<Value = mcp_content::model::JsonObject> {
    prop_oneof![
        2 => Just(Map::new()),
        1 => btree_map(key(), json_value(), 1..3).prop_map(|m| m.into_iter().collect()),
    ]
    .prop_map(mcp_content::model::JsonObject::from)
}

// ---------------------------------------------------------------------------------------
// `_meta`

fn meta_value(key: &str) -> BoxedStrategy<Value> {
    let good: Vec<Value> = match key {
        "io.modelcontextprotocol/serverInfo" | "io.modelcontextprotocol/clientInfo" => vec![
            json!({"name": "s", "version": "1.0"}),
            json!({"name": "s", "version": "1.0", "title": "S", "websiteUrl": "https://example.com",
                   "icons": [{"src": "https://example.com/i.png", "sizes": ["any"], "theme": "light"}]}),
        ],
        "io.modelcontextprotocol/clientCapabilities" => vec![
            json!({}),
            json!({"roots": {}, "sampling": {"context": {}}, "extensions": {"a.b/c": {}}}),
        ],
        "io.modelcontextprotocol/logLevel" => vec![json!("info"), json!("alert")],
        "io.modelcontextprotocol/protocolVersion" => vec![json!("2026-07-28")],
        "io.modelcontextprotocol/subscriptionId" => vec![json!("sub"), json!(4)],
        _ => vec![],
    };
    if good.is_empty() {
        json_value().boxed()
    } else {
        prop_oneof![3 => prop::sample::select(good), 1 => json_value()].boxed()
    }
}

fn meta() -> impl Strategy<Value = Meta> {
    let keys = prop::sample::select(vec![
        "com.example/a",
        "progressToken",
        "x",
        "io.modelcontextprotocol/other",
        "io.modelcontextprotocol/serverInfo",
        "io.modelcontextprotocol/clientInfo",
        "io.modelcontextprotocol/clientCapabilities",
        "io.modelcontextprotocol/logLevel",
        "io.modelcontextprotocol/protocolVersion",
        "io.modelcontextprotocol/subscriptionId",
    ]);
    prop_oneof![
        2 => Just(Meta::new()),
        1 => vec(keys.prop_flat_map(|k| (Just(k), meta_value(k))), 1..3).prop_map(|entries| {
            let mut meta = Meta::new();
            for (key, value) in entries {
                meta.insert_key(MetaKey::new(key).unwrap(), value);
            }
            meta
        }),
    ]
}

// ---------------------------------------------------------------------------------------
// Small validated values

fn uri() -> impl Strategy<Value = Uri> {
    prop::sample::select(vec![
        "file:///a.txt",
        "https://example.com/x?y=1#z",
        "weather://paris/raw.json",
        "urn:isbn:0451450523",
    ])
    .prop_map(|u| Uri::new(u).unwrap())
}

fn mime(choices: &'static [&'static str]) -> impl Strategy<Value = MimeType> {
    prop::sample::select(choices).prop_map(|m| MimeType::new(m).unwrap())
}

fn any_mime() -> impl Strategy<Value = MimeType> {
    mime(&[
        "text/plain",
        "application/json",
        "image/png",
        "text/plain; charset=utf-8",
    ])
}

fn icon() -> impl Strategy<Value = Icon> {
    (
        prop::sample::select(vec![
            "https://example.com/i.png",
            "data:image/png;base64,AAAA",
        ]),
        option::of(mime(&["image/png", "image/svg+xml"])),
        option::of(vec(prop::sample::select(vec!["48x48", "any"]), 0..2)),
        option::of(prop_oneof![Just(IconTheme::Light), Just(IconTheme::Dark)]),
        extra(),
    )
        .prop_map(|(src, mime_type, sizes, theme, extra)| {
            let mut icon = Icon::new(src).unwrap();
            icon.mime_type = mime_type;
            icon.sizes = sizes.map(|s| s.into_iter().map(str::to_owned).collect());
            icon.theme = theme;
            icon.extra = extra;
            icon
        })
}

fn icons() -> impl Strategy<Value = Vec<Icon>> {
    vec(icon(), 0..2)
}

fn annotations() -> impl Strategy<Value = Option<Annotations>> {
    option::of(
        (
            option::of(vec(
                prop_oneof![Just(Role::User), Just(Role::Assistant)],
                0..3,
            )),
            option::of(prop_oneof![Just(0.0), Just(1.0), 0.0f64..=1.0]),
            option::of(prop::sample::select(vec![
                "2025-01-12T15:00:58Z",
                "2024-02-29T23:59:59.5+01:00",
            ])),
            extra(),
        )
            .prop_map(|(audience, priority, last_modified, extra)| Annotations {
                audience,
                priority: priority.map(|p| Priority::new(p).unwrap()),
                last_modified: last_modified.map(|t| Timestamp::new(t).unwrap()),
                extra,
            }),
    )
}

// ---------------------------------------------------------------------------------------
// Blocks

fn contents() -> impl Strategy<Value = ResourceContents> {
    prop_oneof![
        (uri(), option::of(any_mime()), text(), meta(), extra()).prop_map(
            |(uri, mime_type, text, meta, extra)| {
                let mut c = TextResourceContents::new(uri, text);
                c.mime_type = mime_type;
                c.meta = meta;
                c.extra = extra;
                ResourceContents::Text(c)
            }
        ),
        (
            uri(),
            option::of(any_mime()),
            vec(any::<u8>(), 0..6),
            meta(),
            extra()
        )
            .prop_map(|(uri, mime_type, bytes, meta, extra)| {
                let mut c = BlobResourceContents::new(uri, bytes);
                c.mime_type = mime_type;
                c.meta = meta;
                c.extra = extra;
                ResourceContents::Blob(c)
            }),
    ]
}

fn block() -> impl Strategy<Value = ContentBlock> {
    prop_oneof![
        3 => (text(), annotations(), meta(), extra()).prop_map(|(text, annotations, meta, extra)| {
            ContentBlock::from(TextContent { text, annotations, meta, extra })
        }),
        1 => (vec(any::<u8>(), 0..6), any::<bool>(), annotations(), meta(), extra()).prop_map(
            |(bytes, wrong_kind, annotations, meta, extra)| {
                let mut image = ImageContent::new(bytes, MimeType::new("image/png").unwrap()).unwrap();
                if wrong_kind {
                    // The fields are public: a kind `validate` must catch.
                    image.mime_type = MimeType::new("text/plain").unwrap();
                }
                image.annotations = annotations;
                image.meta = meta;
                image.extra = extra;
                ContentBlock::from(image)
            }
        ),
        1 => (vec(any::<u8>(), 0..6), annotations(), meta(), extra()).prop_map(
            |(bytes, annotations, meta, extra)| {
                let mut audio = AudioContent::new(bytes, MimeType::new("audio/wav").unwrap()).unwrap();
                audio.annotations = annotations;
                audio.meta = meta;
                audio.extra = extra;
                ContentBlock::from(audio)
            }
        ),
        1 => (
            uri(),
            text(),
            (option::of(text()), option::of(text()), option::of(any_mime()), option::of(size())),
            icons(),
            annotations(),
            meta(),
            extra(),
        )
            .prop_map(|(uri, name, (title, description, mime_type, size), icons, annotations, meta, extra)| {
                ContentBlock::from(ResourceLink {
                    uri, name, title, description, mime_type, size, icons, annotations, meta, extra,
                })
            }),
        1 => (contents(), annotations(), meta(), extra()).prop_map(
            |(resource, annotations, meta, extra)| {
                ContentBlock::from(EmbeddedResource { resource, annotations, meta, extra })
            }
        ),
        1 => (prop::sample::select(vec!["video", "hologram", "Text"]), extra()).prop_map(
            |(kind, mut fields)| {
                fields.insert("type".to_owned(), Value::from(kind));
                ContentBlock::Unknown(UnknownBlock::new(fields).unwrap())
            }
        ),
    ]
}

// ---------------------------------------------------------------------------------------
// Results and descriptors

fn result_type() -> impl Strategy<Value = Option<Cow<'static, str>>> {
    // Owned, as a caller builds them; a read holds the spec's values borrowed (equal all the same).
    option::of(
        prop::sample::select(vec!["complete", "input_required", "x-later"])
            .prop_map(|kind| Cow::Owned(kind.to_owned())),
    )
}

fn call_tool_result() -> impl Strategy<Value = CallToolResult> {
    (
        vec(block(), 0..3),
        option::of(json_value()),
        option::of(any::<bool>()),
        meta(),
        result_type(),
        extra(),
    )
        .prop_map(
            |(content, structured_content, is_error, meta, result_type, extra)| CallToolResult {
                content,
                structured_content: structured_content.map(Into::into),
                is_error,
                meta,
                result_type,
                extra,
            },
        )
}

fn get_prompt_result() -> impl Strategy<Value = GetPromptResult> {
    (
        option::of(text()),
        vec(
            (
                prop_oneof![Just(Role::User), Just(Role::Assistant)],
                block(),
                extra(),
            )
                .prop_map(|(role, content, extra)| PromptMessage {
                    role,
                    content,
                    extra,
                }),
            0..3,
        ),
        meta(),
        result_type(),
        extra(),
    )
        .prop_map(
            |(description, messages, meta, result_type, extra)| GetPromptResult {
                description,
                messages,
                meta,
                result_type,
                extra,
            },
        )
}

/// A `size`: any integer the schemas allow (negative, past 64 bits, as text).
fn size() -> impl Strategy<Value = JsonInteger> {
    prop_oneof![
        any::<u64>().prop_map(JsonInteger::from),
        any::<i64>().prop_map(JsonInteger::from),
        big_integer(),
        big_integer().prop_map(|big| format!("-{big}").parse().expect("an integer")),
    ]
}

/// A `ttlMs`: any integer from 0 (past 64 bits too).
fn ttl_ms() -> impl Strategy<Value = JsonInteger> {
    prop_oneof![any::<u64>().prop_map(JsonInteger::from), big_integer()]
}

/// An integer past 64 bits, in plain digits or with an exponent.
fn big_integer() -> impl Strategy<Value = JsonInteger> {
    prop_oneof![
        "[1-9][0-9]{20,40}",
        "[1-9](\\.[0-9]{1,5})?[eE]\\+?(2[0-9]|3[0-9])",
    ]
    .prop_map(|text| text.parse().expect("an integer"))
}

fn read_resource_result() -> impl Strategy<Value = ReadResourceResult> {
    (
        vec(contents(), 0..3),
        meta(),
        result_type(),
        option::of(prop_oneof![
            Just(CacheScope::Public),
            Just(CacheScope::Private)
        ]),
        option::of(ttl_ms()),
        extra(),
    )
        .prop_map(
            |(contents, meta, result_type, cache_scope, ttl_ms, extra)| ReadResourceResult {
                contents,
                meta,
                result_type,
                cache_scope,
                ttl_ms,
                extra,
            },
        )
}

/// A JSON Schema object: usual ones, and ones whose root keywords the 2025 schemas refuse.
fn schema_object(root_type: &'static str) -> impl Strategy<Value = mcp_content::model::JsonObject> {
    let with_type = move |mut m: Map<String, Value>| {
        if !root_type.is_empty() {
            m.insert("type".to_owned(), Value::from(root_type));
        }
        m
    };
    prop_oneof![
        Just(json!({})),
        Just(json!({"properties": {"a": {"type": "string"}}, "required": ["a"]})),
        Just(
            json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"x": {}}})
        ),
        Just(json!({"properties": {"a": true}})),
        Just(json!({"required": "a"})),
        Just(json!({"$schema": 1})),
        Just(json!({"additionalProperties": false, "items": {"type": "integer"}})),
    ]
    .prop_map(move |v| with_type(v.as_object().cloned().unwrap_or_default()).into())
}

fn tool() -> impl Strategy<Value = Tool> {
    (
        prop::sample::select(vec!["t", "get_weather", "a.b-c"]),
        (option::of(text()), option::of(text())),
        prop_oneof![4 => schema_object("object"), 1 => schema_object("array")],
        option::of(prop_oneof![
            schema_object("object"),
            schema_object("integer"),
            schema_object("")
        ]),
        option::of(
            (
                option::of(text()),
                option::of(any::<bool>()),
                option::of(any::<bool>()),
                extra(),
            )
                .prop_map(|(title, read_only_hint, destructive_hint, extra)| {
                    ToolAnnotations {
                        title,
                        read_only_hint,
                        destructive_hint,
                        idempotent_hint: None,
                        open_world_hint: Some(true),
                        extra,
                    }
                }),
        ),
        icons(),
        meta(),
        prop_oneof![
            3 => extra(),
            1 => prop::sample::select(vec![
                json!({"taskSupport": "optional"}),
                json!({}),
                json!({"taskSupport": "never"}),
                json!("x"),
            ])
            .prop_map(|e| mcp_content::model::JsonObject::from(Map::from_iter([("execution".to_owned(), e)]))),
        ],
    )
        .prop_map(
            |(
                name,
                (title, description),
                input_schema,
                output_schema,
                annotations,
                icons,
                meta,
                extra,
            )| Tool {
                name: ToolName::new(name).unwrap(),
                title,
                description,
                input_schema,
                output_schema,
                annotations,
                icons,
                meta,
                extra,
            },
        )
}

fn prompt() -> impl Strategy<Value = Prompt> {
    (
        text(),
        (option::of(text()), option::of(text())),
        option::of(vec(
            (
                text(),
                option::of(text()),
                option::of(text()),
                option::of(any::<bool>()),
                extra(),
            )
                .prop_map(|(name, title, description, required, extra)| {
                    PromptArgument {
                        name,
                        title,
                        description,
                        required,
                        extra,
                    }
                }),
            0..3,
        )),
        icons(),
        meta(),
        extra(),
    )
        .prop_map(
            |(name, (title, description), arguments, icons, meta, extra)| Prompt {
                name,
                title,
                description,
                arguments,
                icons,
                meta,
                extra,
            },
        )
}

fn resource() -> impl Strategy<Value = Resource> {
    (
        uri(),
        text(),
        (
            option::of(text()),
            option::of(text()),
            option::of(any_mime()),
            option::of(size()),
        ),
        annotations(),
        icons(),
        meta(),
        extra(),
    )
        .prop_map(
            |(
                uri,
                name,
                (title, description, mime_type, size),
                annotations,
                icons,
                meta,
                extra,
            )| {
                Resource {
                    uri,
                    name,
                    title,
                    description,
                    mime_type,
                    size,
                    annotations,
                    icons,
                    meta,
                    extra,
                }
            },
        )
}

fn resource_template() -> impl Strategy<Value = ResourceTemplate> {
    (
        prop::sample::select(vec![
            "file:///{path}",
            "weather://{city}/raw.json",
            "x:{+rest}",
        ]),
        text(),
        (
            option::of(text()),
            option::of(text()),
            option::of(any_mime()),
        ),
        annotations(),
        icons(),
        meta(),
        extra(),
    )
        .prop_map(
            |(template, name, (title, description, mime_type), annotations, icons, meta, extra)| {
                ResourceTemplate {
                    uri_template: UriTemplate::parse(template).unwrap(),
                    name,
                    title,
                    description,
                    mime_type,
                    annotations,
                    icons,
                    meta,
                    extra,
                }
            },
        )
}

// ---------------------------------------------------------------------------------------
// The property

/// What the value reads back as from its latest-version JSON: defaults the latest version
/// writes are filled in, and empty annotations (never written) are `None`.
trait Normalize {
    fn normalized(self) -> Self;
}

fn normalize_annotations(annotations: Option<Annotations>) -> Option<Annotations> {
    annotations.and_then(Annotations::into_option)
}

fn normalize_block(block: ContentBlock) -> ContentBlock {
    let mut block = block;
    let annotations = normalize_annotations(block.annotations().cloned());
    block.set_annotations(annotations);
    block
}

impl Normalize for CallToolResult {
    fn normalized(mut self) -> Self {
        self.result_type.get_or_insert_with(|| "complete".into());
        self.content = self.content.into_iter().map(normalize_block).collect();
        self
    }
}

impl Normalize for GetPromptResult {
    fn normalized(mut self) -> Self {
        self.result_type.get_or_insert_with(|| "complete".into());
        for message in &mut self.messages {
            message.content = normalize_block(message.content.clone());
        }
        self
    }
}

impl Normalize for ReadResourceResult {
    fn normalized(mut self) -> Self {
        self.result_type.get_or_insert_with(|| "complete".into());
        self.cache_scope.get_or_insert(CacheScope::Private);
        self.ttl_ms.get_or_insert(0_u64.into());
        self
    }
}

impl Normalize for Tool {
    fn normalized(mut self) -> Self {
        self.annotations = self.annotations.filter(|a| !a.is_empty());
        self
    }
}

impl Normalize for Prompt {
    fn normalized(self) -> Self {
        self
    }
}

impl Normalize for Resource {
    fn normalized(mut self) -> Self {
        self.annotations = normalize_annotations(self.annotations);
        self
    }
}

impl Normalize for ResourceTemplate {
    fn normalized(mut self) -> Self {
        self.annotations = normalize_annotations(self.annotations);
        self
    }
}

impl Normalize for ContentBlock {
    fn normalized(self) -> Self {
        normalize_block(self)
    }
}

/// Whether a model `size` or `ttlMs` in `json` is past 64 bits (a `Value` holds it as a
/// float). Keys of the same name inside `_meta` or extra fields count too: only a skipped
/// comparison, never a wrong one.
fn holds_wide_integer(json: &Value) -> bool {
    match json {
        Value::Object(map) => map.iter().any(|(key, value)| {
            (matches!(key.as_str(), "size" | "ttlMs") && value.is_f64())
                || holds_wide_integer(value)
        }),
        Value::Array(items) => items.iter().any(holds_wide_integer),
        _ => false,
    }
}

/// `validate()` Ok ⇒ for every version: schema-valid, reads back, and writes the same JSON
/// again; and at the latest version the value read equals the value. Returns whether the
/// value validated (to count the cases that exercised the implication).
fn check<T>(value: &T, definition: &str) -> Result<bool, TestCaseError>
where
    T: Validate + SerializeFor + DeserializeOwned + Normalize + Clone + PartialEq + Debug,
{
    if value.validate().is_err() {
        return Ok(false);
    }
    for version in VERSIONS {
        let json = value.to_value_for(version);
        if let Err(problems) = mcp_content_tests::validate(version.as_str(), definition, &json) {
            return Err(TestCaseError::fail(format!(
                "validate() is Ok but the {} output is not a valid {definition}:\n  {}\n{json}",
                version.as_str(),
                problems.join("\n  ")
            )));
        }
        // Read back from the bytes the JSON writer makes: `read_json` refuses a key written
        // twice, which the `Value` above would hide.
        let bytes = value.to_json_for(version);
        let reparsed: Value = serde_json::from_slice(&bytes).unwrap();
        prop_assert_eq!(&reparsed, &json);
        let from_bytes: T = read_json(&bytes).map_err(|e| {
            TestCaseError::fail(format!("{}: bytes do not read back: {e}", version.as_str()))
        })?;
        let back: T = read_value(json.clone()).map_err(|e| {
            TestCaseError::fail(format!(
                "{}: does not read back: {e}\n{json}",
                version.as_str()
            ))
        })?;
        // A `size` or `ttlMs` past 64 bits is exact from bytes; a `Value` holds it as the
        // nearest float, so the value read from one differs (and writes the same `Value`).
        let wide = holds_wide_integer(&json);
        if !wide {
            prop_assert_eq!(&from_bytes, &back);
        }
        prop_assert_eq!(back.to_value_for(version), json, "{}", version.as_str());
        if version == ProtocolVersion::LATEST {
            prop_assert_eq!(&from_bytes, &value.clone().normalized());
            if !wide {
                prop_assert_eq!(back, value.clone().normalized());
            }
        }
    }
    Ok(true)
}

/// Whether `path` (a converter's error path) starts at a member of `json`'s root object.
fn starts_in(json: &Value, path: &str) -> bool {
    json.as_object().is_some_and(|root| {
        root.keys().any(|k| {
            path == k
                || path
                    .strip_prefix(k.as_str())
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        })
    })
}

/// A value that validates converts to rmcp and back unchanged, or the conversion fails
/// naming where.
fn check_rmcp<T>(value: &T) -> Result<(), TestCaseError>
where
    T: RmcpModel + Validate + SerializeFor + Normalize + Clone + PartialEq + Debug,
{
    if value.validate().is_err() {
        return Ok(());
    }
    match value.to_rmcp() {
        Ok(theirs) => {
            let back = T::from_rmcp(&theirs)
                .map_err(|e| TestCaseError::fail(format!("from_rmcp of to_rmcp failed: {e}")))?;
            prop_assert_eq!(back, value.clone().normalized());
        }
        Err(err) => {
            let json = value.to_value_for(ProtocolVersion::LATEST);
            prop_assert!(starts_in(&json, err.path()), "{err}\n{json}");
            prop_assert!(!err.message().contains("unknown variant"), "{err}");
        }
    }
    Ok(())
}

/// `check` and `check_rmcp` on a thread of their own with a 16 MiB stack: the schema
/// validator recurses through the whole official schema per value, and a large generated value
/// overflowed a test thread's 2 MiB in a debug build now and then (the model's own depth
/// bounds are tested elsewhere, on the default stack).
fn check_both<T>(value: &T, definition: &str) -> Result<(), TestCaseError>
where
    T: RmcpModel
        + Validate
        + SerializeFor
        + DeserializeOwned
        + Normalize
        + Clone
        + PartialEq
        + Debug
        + Sync,
{
    std::thread::scope(|scope| {
        let run = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn_scoped(scope, || {
                check(value, definition)?;
                check_rmcp(value)
            })
            .expect("a test thread");
        run.join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn call_tool_result_validate_ok_means_schema_valid(value in call_tool_result()) {
        check_both(&value, "CallToolResult")?;
    }

    #[test]
    fn get_prompt_result_validate_ok_means_schema_valid(value in get_prompt_result()) {
        check_both(&value, "GetPromptResult")?;
    }

    #[test]
    fn read_resource_result_validate_ok_means_schema_valid(value in read_resource_result()) {
        check_both(&value, "ReadResourceResult")?;
    }

    #[test]
    fn content_block_validate_ok_means_schema_valid(value in block()) {
        check_both(&value, "ContentBlock")?;
    }

    #[test]
    fn tool_validate_ok_means_schema_valid(value in tool()) {
        check_both(&value, "Tool")?;
    }

    #[test]
    fn prompt_validate_ok_means_schema_valid(value in prompt()) {
        check_both(&value, "Prompt")?;
    }

    #[test]
    fn resource_validate_ok_means_schema_valid(value in resource()) {
        check_both(&value, "Resource")?;
    }

    #[test]
    fn resource_template_validate_ok_means_schema_valid(value in resource_template()) {
        check_both(&value, "ResourceTemplate")?;
    }
}

/// The generators are not vacuous: a fair share of values validate (so the implication is
/// exercised), and a fair share do not (so bad states are generated).
#[test]
fn generators_make_both_valid_and_invalid_values() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = call_tool_result();
    let (mut ok, mut bad) = (0, 0);
    for _ in 0..200 {
        let value = strategy.new_tree(&mut runner).unwrap().current();
        if check(&value, "CallToolResult").unwrap() {
            ok += 1;
        } else {
            bad += 1;
        }
    }
    assert!(ok >= 20, "{ok} valid of 200");
    assert!(bad >= 20, "{bad} invalid of 200");
}
