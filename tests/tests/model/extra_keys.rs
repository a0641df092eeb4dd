//! `extra` maps cannot shadow a type's own fields, unknown blocks cannot claim a known type,
//! and the `_meta` keys the 2026-07-28 schema types hold their spec types — on every model
//! type that has them, when inserted, when validated and when read.

use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, EmbeddedResource, ExtraFields,
    GetPromptResult, Icon, ImageContent, Meta, MetaKey, MimeType, Prompt, PromptArgument,
    PromptMessage, ReadResourceResult, Resource, ResourceContents, ResourceLink, ResourceTemplate,
    Role, TextContent, TextResourceContents, Tool, ToolAnnotations, ToolName, UnknownBlock, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::rules::UriTemplate;
use mcp_content::wire::read_value;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use serde_json::{Map, Value, json};

fn uri() -> Uri {
    Uri::new("file:///a.txt").unwrap()
}

fn png() -> MimeType {
    MimeType::new("image/png").unwrap()
}

/// For one type: `insert_extra` refuses each known field and keeps the map unchanged;
/// a known field put into `extra` directly is reported by `validate` at `<key>` with rule
/// `extra-field`; an unknown name is accepted by both.
fn check_type<T: ExtraFields + Validate + Clone>(value: &T, expected_known: &[&str]) {
    let mut sorted = T::KNOWN_FIELDS.to_vec();
    sorted.sort_unstable();
    let mut expected = expected_known.to_vec();
    expected.sort_unstable();
    assert_eq!(sorted, expected, "{}", T::TYPE_NAME);
    assert!(
        value.validate().is_ok(),
        "{}: {:?}",
        T::TYPE_NAME,
        value.validate()
    );

    for key in T::KNOWN_FIELDS {
        let mut copy = value.clone();
        let err = copy.insert_extra(*key, json!("x")).unwrap_err();
        assert_eq!(err.rule, Rule::ExtraField, "{} {key}", T::TYPE_NAME);
        assert!(err.message.contains(&format!("`{key}`")), "{err}");
        assert!(err.message.contains(T::TYPE_NAME), "{err}");
        assert!(copy.extra_fields().is_empty(), "{} {key}", T::TYPE_NAME);

        let mut copy = value.clone();
        copy.extra_fields_mut()
            .insert((*key).to_owned(), json!("x"));
        let err = copy.validate().unwrap_err();
        let problems = err.problems();
        assert_eq!(problems.len(), 1, "{} {key}: {err}", T::TYPE_NAME);
        assert_eq!(problems[0].path, *key, "{}", T::TYPE_NAME);
        assert_eq!(problems[0].violation.rule, Rule::ExtraField);
    }

    let mut copy = value.clone();
    assert_eq!(
        copy.insert_extra("com.example.new", json!(1)).unwrap(),
        None
    );
    assert_eq!(
        copy.insert_extra("com.example.new", json!(2)).unwrap(),
        Some(json!(1).into())
    );
    assert!(copy.validate().is_ok(), "{}", T::TYPE_NAME);
}

#[test]
#[allow(clippy::too_many_lines)] // one call per model type, with its field list
fn every_type_with_extra_refuses_its_own_field_names() {
    check_type(
        &TextContent::new("hi"),
        &["type", "text", "annotations", "_meta"],
    );
    check_type(
        &ImageContent::new(vec![1], png()).unwrap(),
        &["type", "data", "mimeType", "annotations", "_meta"],
    );
    check_type(
        &AudioContent::new(vec![1], MimeType::new("audio/wav").unwrap()).unwrap(),
        &["type", "data", "mimeType", "annotations", "_meta"],
    );
    check_type(
        &ResourceLink::new(uri(), "a"),
        &[
            "type",
            "uri",
            "name",
            "title",
            "description",
            "mimeType",
            "size",
            "icons",
            "annotations",
            "_meta",
        ],
    );
    check_type(
        &EmbeddedResource::new(TextResourceContents::new(uri(), "x")),
        &["type", "resource", "annotations", "_meta"],
    );
    check_type(
        &TextResourceContents::new(uri(), "x"),
        &["uri", "mimeType", "text", "blob", "_meta"],
    );
    check_type(
        &BlobResourceContents::new(uri(), vec![1]),
        &["uri", "mimeType", "text", "blob", "_meta"],
    );
    check_type(
        &Annotations::new().audience([Role::User]),
        &["audience", "priority", "lastModified"],
    );
    check_type(
        &Icon::new("https://example.com/i.png").unwrap(),
        &["src", "mimeType", "sizes", "theme"],
    );
    check_type(
        &CallToolResult::text("x"),
        &[
            "content",
            "structuredContent",
            "isError",
            "_meta",
            "resultType",
        ],
    );
    check_type(
        &Tool::new(ToolName::new("t").unwrap()),
        &[
            "name",
            "title",
            "description",
            "inputSchema",
            "outputSchema",
            "annotations",
            "icons",
            "_meta",
        ],
    );
    check_type(
        &ToolAnnotations::default(),
        &[
            "title",
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
        ],
    );
    check_type(
        &Prompt::new("p"),
        &[
            "name",
            "title",
            "description",
            "arguments",
            "icons",
            "_meta",
        ],
    );
    check_type(
        &PromptArgument::new("a"),
        &["name", "title", "description", "required"],
    );
    check_type(
        &PromptMessage::new(Role::User, ContentBlock::text("hi")),
        &["role", "content"],
    );
    check_type(
        &GetPromptResult::new(vec![]),
        &["description", "messages", "_meta", "resultType"],
    );
    check_type(
        &Resource::new(uri(), "r"),
        &[
            "uri",
            "name",
            "title",
            "description",
            "mimeType",
            "size",
            "annotations",
            "icons",
            "_meta",
        ],
    );
    check_type(
        &ResourceTemplate::new(UriTemplate::parse("file:///{path}").unwrap(), "t"),
        &[
            "uriTemplate",
            "name",
            "title",
            "description",
            "mimeType",
            "annotations",
            "icons",
            "_meta",
        ],
    );
    check_type(
        &ReadResourceResult::new(vec![]),
        &["contents", "_meta", "resultType", "cacheScope", "ttlMs"],
    );
}

/// Four shadowing keys, nested where they occur, are reported at their full path.
#[test]
fn shadowing_extras_are_reported_at_their_path_where_nested() {
    let mut text = TextContent::new("hi");
    text.extra.insert("type", json!("image"));
    let mut annotations = Annotations::new().audience([Role::User]);
    annotations.extra.insert("priority", json!(7));
    let mut link = ResourceLink::new(uri(), "l");
    link.annotations = Some(annotations.clone());
    let mut contents = TextResourceContents::new(uri(), "x");
    contents.extra.insert("blob", json!("AAAA"));
    let mut result = CallToolResult::new(vec![
        text.into(),
        link.into(),
        EmbeddedResource::new(contents).into(),
    ]);
    result.extra.insert("content", json!([]));
    let err = result.validate().unwrap_err();
    let paths: Vec<&str> = err.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "content[0].type",
            "content[1].annotations.priority",
            "content[2].resource.blob",
            "content",
        ]
    );
    assert!(
        err.problems()
            .iter()
            .all(|p| p.violation.rule == Rule::ExtraField)
    );
    // Writers skip such a key (model/extra_shadowing.rs): each key is written once, with
    // the type's own value.
    let bytes = String::from_utf8(result.to_json_for(ProtocolVersion::LATEST)).unwrap();
    assert_eq!(bytes.matches("\"content\":").count(), 1, "{bytes}");
    assert!(
        bytes.starts_with(r#"{"content":[{"type":"text","text":"hi"}"#),
        "{bytes}"
    );

    // Nested in prompts, resources and tools too.
    let mut message = PromptMessage::new(Role::User, ContentBlock::text("hi"));
    message.extra.insert("role", json!("system"));
    let mut argument = PromptArgument::new("a");
    argument.extra.insert("required", json!("yes"));
    let mut prompt = Prompt::new("p");
    prompt.arguments = Some(vec![PromptArgument::new("ok"), argument]);
    let mut icon = Icon::new("https://example.com/i.png").unwrap();
    icon.extra.insert("src", json!(1));
    prompt.icons = vec![icon.clone()];
    assert_paths(&prompt, &["arguments[1].required", "icons[0].src"]);
    assert_paths(&GetPromptResult::new(vec![message]), &["messages[0].role"]);
    let mut resource = Resource::new(uri(), "r");
    resource.annotations = Some(annotations.clone());
    resource.icons = vec![icon.clone()];
    assert_paths(&resource, &["annotations.priority", "icons[0].src"]);
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    let mut hints = ToolAnnotations::default();
    hints.extra.insert("readOnlyHint", json!("no"));
    tool.annotations = Some(hints);
    tool.icons = vec![icon];
    assert_paths(&tool, &["annotations.readOnlyHint", "icons[0].src"]);
}

#[track_caller]
fn assert_paths(value: &impl Validate, expected: &[&str]) {
    let err = value.validate().unwrap_err();
    let paths: Vec<&str> = err.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, expected, "{err}");
}

#[test]
fn unknown_block_constructor_refuses_known_types_and_missing_type() {
    for kind in ["text", "image", "audio", "resource_link", "resource"] {
        let fields = json!({"type": kind, "text": "x"})
            .as_object()
            .unwrap()
            .clone();
        let err = UnknownBlock::new(fields).unwrap_err();
        assert_eq!(err.rule, Rule::Type, "{kind}");
        assert!(err.message.contains(&format!("{kind:?}")), "{err}");
    }
    for fields in [json!({}), json!({"type": 1}), json!({"type": null})] {
        let err = UnknownBlock::new(fields.as_object().unwrap().clone()).unwrap_err();
        assert_eq!(err.rule, Rule::Required, "{fields}");
    }
    let mut block = UnknownBlock::new(
        json!({"type": "video", "url": "u"})
            .as_object()
            .unwrap()
            .clone(),
    )
    .unwrap();
    assert_eq!(block.kind(), "video");
    // `type` is fixed once built.
    assert!(block.insert("type", "text").is_err());
    assert_eq!(block.remove("type"), None);
    assert_eq!(block.insert("url", "v").unwrap(), Some(json!("u").into()));
    assert_eq!(block.kind(), "video");
    assert_eq!(
        Value::Object(block.clone().into_fields().to_map()),
        json!({"type": "video", "url": "v"})
    );
}

#[test]
fn an_unknown_block_is_relayed_but_never_validates() {
    // Read from a peer: kept as it came, and written back the same.
    let json = json!({"content": [{"type": "video", "url": "u"}]});
    let result: CallToolResult = read_value(json.clone()).unwrap();
    assert_eq!(
        result.to_value_for(ProtocolVersion::LATEST)["content"],
        json["content"]
    );
    // No protocol version's ContentBlock has it, so validate says so, with its path.
    let err = result.validate().unwrap_err();
    assert_eq!(err.problems().len(), 1);
    assert_eq!(err.problems()[0].path, "content[0].type");
    assert_eq!(err.problems()[0].violation.rule, Rule::Type);
    assert!(err.to_string().contains("\"video\""), "{err}");
    // A reader never makes an unknown block of a known type.
    let text: ContentBlock = read_json(br#"{"type":"text","text":"x"}"#).unwrap();
    assert!(matches!(text, ContentBlock::Text(_)));
    let message = PromptMessage::new(
        Role::User,
        ContentBlock::Unknown(result.content[0].clone().into_unknown()),
    );
    assert_paths(&message, &["content.type"]);
}

trait IntoUnknown {
    fn into_unknown(self) -> UnknownBlock;
}

impl IntoUnknown for ContentBlock {
    fn into_unknown(self) -> UnknownBlock {
        match self {
            ContentBlock::Unknown(block) => block,
            other => panic!("not unknown: {other:?}"),
        }
    }
}

#[test]
fn tool_execution_in_extra_has_the_2025_11_25_shape() {
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.extra
        .insert("execution", json!({"taskSupport": "optional"}));
    assert!(tool.validate().is_ok());
    for bad in [
        json!("sometimes"),
        json!({"taskSupport": "maybe"}),
        json!([]),
    ] {
        tool.extra.insert("execution", bad.clone());
        let err = tool.validate().unwrap_err();
        assert_eq!(err.problems()[0].path, "execution", "{bad}");
        assert_eq!(err.problems()[0].violation.rule, Rule::ExtraField);
    }
}

#[test]
fn tool_schemas_the_2025_schemas_refuse_are_reported() {
    let cases = [
        (
            json!({"type": "object", "$schema": 7}),
            "inputSchema.$schema",
        ),
        (
            json!({"type": "object", "properties": []}),
            "inputSchema.properties",
        ),
        (
            json!({"type": "object", "properties": {"a": true}}),
            "inputSchema.properties.a",
        ),
        (
            json!({"type": "object", "required": "a"}),
            "inputSchema.required",
        ),
        (
            json!({"type": "object", "required": [1]}),
            "inputSchema.required",
        ),
    ];
    for (schema, path) in cases {
        let mut tool = Tool::new(ToolName::new("t").unwrap());
        tool.input_schema = schema.as_object().unwrap().clone().into();
        assert_paths(&tool, &[path]);
        let mut tool = Tool::new(ToolName::new("t").unwrap());
        tool.output_schema = Some(schema.as_object().unwrap().clone().into());
        assert_paths(&tool, &[&path.replace("inputSchema", "outputSchema")]);
    }
    // A non-object output schema is wrapped for 2025 peers: only `$schema` matters.
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.output_schema = Some(
        json!({"type": "integer", "required": 1})
            .as_object()
            .unwrap()
            .clone()
            .into(),
    );
    assert!(tool.validate().is_ok());
    tool.output_schema = Some(
        json!({"type": "integer", "$schema": 1})
            .as_object()
            .unwrap()
            .clone()
            .into(),
    );
    assert_paths(&tool, &["outputSchema.$schema"]);
}

// ---------------------------------------------------------------------------------------
// `_meta` keys the 2026-07-28 schema types

/// Each typed key with values of its type and values of another type, and where the bad
/// value's fault is inside it.
/// A key, values it takes, and values it refuses with where inside them the fault is.
type TypedKeyCase = (&'static str, Vec<Value>, Vec<(Value, &'static str)>);

fn typed_key_cases() -> Vec<TypedKeyCase> {
    vec![
        (
            "io.modelcontextprotocol/serverInfo",
            vec![
                json!({"name": "s", "version": "1"}),
                json!({"name": "s", "version": "1", "title": "S", "websiteUrl": "https://e.com",
                       "icons": [{"src": "https://e.com/i.png", "sizes": ["48x48"], "theme": "dark"}]}),
            ],
            vec![
                (json!("server"), ""),
                (json!({"name": "s"}), "version"),
                (json!({"version": "1"}), "name"),
                (json!({"name": 1, "version": "1"}), "name"),
                (json!({"name": "s", "version": "1", "title": 2}), "title"),
                (
                    json!({"name": "s", "version": "1", "websiteUrl": "not a uri"}),
                    "websiteUrl",
                ),
                (json!({"name": "s", "version": "1", "icons": {}}), "icons"),
                (
                    json!({"name": "s", "version": "1", "icons": [{}]}),
                    "icons[0].src",
                ),
                (
                    json!({"name": "s", "version": "1", "icons": [{"src": "https://e.com/i", "theme": "blue"}]}),
                    "icons[0].theme",
                ),
                (
                    json!({"name": "s", "version": "1", "icons": [{"src": "https://e.com/i", "sizes": [1]}]}),
                    "icons[0].sizes",
                ),
            ],
        ),
        (
            "io.modelcontextprotocol/clientInfo",
            vec![json!({"name": "c", "version": "2"})],
            vec![(json!(null), ""), (json!({"name": "c"}), "version")],
        ),
        (
            "io.modelcontextprotocol/clientCapabilities",
            vec![
                json!({}),
                json!({"roots": {}, "sampling": {"tools": {}}, "elicitation": {"form": {}},
                       "extensions": {"io.modelcontextprotocol/tasks": {}}, "experimental": {"x": {}}, "other": 1}),
            ],
            vec![
                (json!([]), ""),
                (json!({"roots": true}), "roots"),
                (json!({"sampling": {"tools": 1}}), "sampling.tools"),
                (json!({"elicitation": {"url": "x"}}), "elicitation.url"),
                (json!({"extensions": {"a.b/c": 1}}), "extensions.a.b/c"),
                (json!({"experimental": []}), "experimental"),
            ],
        ),
        (
            "io.modelcontextprotocol/logLevel",
            vec![json!("debug"), json!("emergency")],
            vec![(json!("loud"), ""), (json!(3), "")],
        ),
        (
            "io.modelcontextprotocol/protocolVersion",
            vec![json!("2026-07-28")],
            vec![(json!(20_260_728), "")],
        ),
        (
            "io.modelcontextprotocol/subscriptionId",
            vec![json!("s-1"), json!(7), json!(-1), json!(2.0)],
            vec![(json!(1.5), ""), (json!(true), ""), (json!({}), "")],
        ),
    ]
}

#[test]
fn typed_meta_keys_are_the_ones_the_2026_schema_defines() {
    let schema = mcp_content_tests::schema_text("2026-07-28").unwrap();
    let mut defined: Vec<&str> = schema
        .match_indices("\"io.modelcontextprotocol/")
        .filter_map(|(at, _)| {
            let rest = &schema[at + 1..];
            let end = rest.find('"')?;
            // `"key": {` — a property name, not prose that mentions an extension id.
            rest[end..].starts_with("\": {").then(|| &rest[..end])
        })
        .collect();
    defined.sort_unstable();
    defined.dedup();
    let mut typed = Meta::TYPED_KEYS.to_vec();
    typed.sort_unstable();
    assert_eq!(defined, typed);
    assert_eq!(typed_key_cases().len(), typed.len());
}

#[test]
fn typed_meta_keys_are_checked_on_read() {
    let mut cases = 0;
    for (key, good, bad) in typed_key_cases() {
        for value in good {
            let json = json!({"content": [], "_meta": {key: value}});
            let result: CallToolResult = read_value(json.clone()).unwrap();
            assert_eq!(result.meta.get_value(key), Some(value.clone()));
            assert!(result.validate().is_ok(), "{key}: {value}");
            cases += 1;
        }
        for (value, inside) in bad {
            let json = json!({"content": [], "_meta": {key: value}});
            let err = read_value::<CallToolResult>(json.clone()).unwrap_err();
            let expected = if inside.is_empty() {
                format!("_meta.{key}")
            } else {
                format!("_meta.{key}.{inside}")
            };
            assert_eq!(err.path(), expected, "{json}: {err}");
            assert!(err.rule().is_some(), "{err}");
            // The same from bytes, and inside a block's and a descriptor's `_meta`.
            let bytes = serde_json::to_vec(&json).unwrap();
            assert_eq!(
                read_json::<CallToolResult>(&bytes).unwrap_err().path(),
                expected
            );
            let block = json!({"type": "text", "text": "x", "_meta": {key: value}});
            assert_eq!(
                read_value::<ContentBlock>(block).unwrap_err().path(),
                expected
            );
            cases += 1;
        }
    }
    assert!(cases > 30);
}

#[test]
fn typed_meta_keys_are_checked_by_validate() {
    for (key, good, bad) in typed_key_cases() {
        for value in good {
            let mut meta = Meta::new();
            meta.insert_key(MetaKey::new(key).unwrap(), value);
            assert!(meta.validate().is_ok(), "{key}");
        }
        for (value, inside) in bad {
            let mut meta = Meta::new();
            meta.insert_key(MetaKey::new(key).unwrap(), value.clone());
            let mut text = TextContent::new("x");
            text.meta = meta.clone();
            let mut result = CallToolResult::new(vec![text.into()]);
            result.meta = meta;
            let err = result.validate().unwrap_err();
            let inner = if inside.is_empty() {
                String::new()
            } else if inside.starts_with('[') {
                inside.to_owned()
            } else {
                format!(".{inside}")
            };
            let paths: Vec<&str> = err.problems().iter().map(|p| p.path.as_str()).collect();
            assert_eq!(
                paths,
                [
                    format!("content[0]._meta.{key}{inner}"),
                    format!("_meta.{key}{inner}"),
                ],
                "{key}: {value}"
            );
        }
    }
    // Other keys, reserved or not, take any value.
    let mut meta = Meta::new();
    meta.insert_key(MetaKey::new("io.modelcontextprotocol/other").unwrap(), 1);
    meta.insert("com.example/serverInfo", json!([])).unwrap();
    assert!(meta.validate().is_ok());
    let read: Meta =
        read_json(br#"{"io.modelcontextprotocol/other":[],"progressToken":{}}"#).unwrap();
    assert_eq!(read.len(), 2);
}

#[test]
fn extras_read_from_a_peer_never_shadow_known_fields() {
    // What a reader puts into `extra` is never one of the type's fields, so a value read
    // validates (the reader takes known names into their fields).
    let value: CallToolResult = read_value(json!({
        "content": [
            {"type": "text", "text": "x", "data": "AAAA", "x-a": 1},
            {"type": "resource", "resource": {"uri": "file:///a", "text": "t", "x-b": 2}, "text": "y"}
        ],
        "x-c": 3
    }))
    .unwrap();
    assert!(value.validate().is_ok(), "{:?}", value.validate());
    let ContentBlock::Resource(embedded) = &value.content[1] else {
        panic!()
    };
    let ResourceContents::Text(contents) = &embedded.resource else {
        panic!()
    };
    assert_eq!(
        contents.extra,
        Map::from_iter([("x-b".to_owned(), json!(2))])
    );
}

#[test]
fn typed_meta_keys_are_checked_by_the_checked_constructors() {
    for (key, good, bad) in typed_key_cases() {
        for value in good {
            let mut meta = Meta::new();
            assert!(
                meta.try_insert_key(MetaKey::new(key).unwrap(), value.clone())
                    .is_ok()
            );
            let map = Map::from_iter([(key.to_owned(), value)]);
            assert!(Meta::from_map(map).is_ok(), "{key}");
        }
        for (value, inside) in bad {
            let mut meta = Meta::new();
            let err = meta
                .try_insert_key(MetaKey::new(key).unwrap(), value.clone())
                .unwrap_err();
            assert!(
                matches!(
                    err.rule,
                    Rule::Type | Rule::Uri | Rule::IconSrc | Rule::IconTheme
                ),
                "{key}: {value}: {err}"
            );
            assert!(err.message.starts_with(inside), "{err}");
            assert!(meta.is_empty());
            let map = Map::from_iter([(key.to_owned(), value.clone())]);
            let err = Meta::from_map(map).unwrap_err();
            assert!(err.message.starts_with(key), "{err}");
        }
    }
}
