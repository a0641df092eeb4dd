//! The model at edges `model/validate_property.rs`, `model/extra_keys.rs` and
//! `model/extra_shadowing.rs` do not walk: values at the borders of validity (empty names and
//! lists, zero sizes and priorities, date-only timestamps, non-object structured content and output
//! schemas, reserved `_meta` keys of the right shape) pass `validate()` and are then valid under
//! the official schema of every version and read back to the same bytes; what `validate()` must
//! refuse at other depths (unknown blocks in prompts, shadowing keys in prompt resources, typed
//! `_meta` keys of another shape) is reported with its path; typed `_meta` keys are checked when
//! read, wherever the `_meta` is.

use mcp_content::model::{
    Annotations, BlobResourceContents, EmbeddedResource, ExtraFields, GetPromptResult, Icon,
    IconTheme, Meta, MetaKey, MimeType, Priority, Prompt, PromptArgument, PromptMessage,
    ReadResourceResult, Resource, ResourceContents, ResourceLink, ResourceTemplate, Role,
    TextResourceContents, Timestamp, Tool, ToolName, Uri,
};
use mcp_content::rules::Rule;
use mcp_content::rules::UriTemplate;
use mcp_content::{
    CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, Validate, read_json,
};
use serde::de::DeserializeOwned;
use serde_json::json;

const VERSIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// `validate()` is Ok, so every version's output is schema-valid and reads back to a value
/// that writes the same bytes.
#[track_caller]
fn holds<T>(value: &T, definition: &str) -> usize
where
    T: Validate + SerializeFor + DeserializeOwned,
{
    value
        .validate()
        .unwrap_or_else(|e| panic!("{definition}: {e}"));
    for version in VERSIONS {
        let written = value.to_value_for(version);
        mcp_content_tests::assert_valid(version.as_str(), definition, &written);
        let bytes = value.to_json_for(version);
        let back: T = read_json(&bytes).unwrap_or_else(|e| {
            panic!(
                "{definition} {version}: {e}: {}",
                String::from_utf8_lossy(&bytes)
            )
        });
        // Read back, it writes the same bytes (a 2026-07-28 result gains `resultType`).
        assert_eq!(
            String::from_utf8(back.to_json_for(version)).unwrap(),
            String::from_utf8(bytes).unwrap(),
            "{definition} {version}"
        );
    }
    VERSIONS.len()
}

fn uri(text: &str) -> Uri {
    Uri::new(text).unwrap()
}

fn border_annotations() -> Annotations {
    Annotations::new()
        .audience([])
        .priority(Priority::new(0.0).unwrap())
        .last_modified(Timestamp::new("2025-01-12").unwrap())
}

#[test]
fn values_at_the_border_of_validity_hold_for_every_version() {
    let mut cases = 0;

    let mut link = ResourceLink::new(uri("urn:x"), "");
    link.size = Some(0_u64.into());
    link.icons = vec![
        Icon::new("data:image/png;base64,AAAA")
            .unwrap()
            .sizes(Vec::<String>::new())
            .theme(IconTheme::Dark),
    ];
    link.annotations = Some(border_annotations());
    let mut blob = EmbeddedResource::new(BlobResourceContents::new(uri("a:b"), Vec::new()));
    blob.annotations = Some(Annotations::new().priority(Priority::new(1.0).unwrap()));
    let mut result = CallToolResult::new(vec![ContentBlock::text(""), link.into(), blob.into()]);
    result.structured_content = Some(json!([1, "two", null]).into());
    result.is_error = Some(false);
    cases += holds(&result, "CallToolResult");

    let empty = CallToolResult::new(Vec::new());
    cases += holds(&empty, "CallToolResult");
    let mut scalar = CallToolResult::new(Vec::new());
    scalar.structured_content = Some(json!(0).into());
    cases += holds(&scalar, "CallToolResult");

    let mut inner = TextResourceContents::new(uri("file:///a%20b"), "");
    inner.mime_type = Some(MimeType::new("text/plain; charset=utf-8").unwrap());
    let prompt = GetPromptResult::new(vec![
        PromptMessage::new(
            Role::Assistant,
            ContentBlock::from(EmbeddedResource::new(inner)),
        ),
        PromptMessage::new(
            Role::User,
            ContentBlock::from(ResourceLink::new(uri("https://e.com/"), "e")),
        ),
    ]);
    cases += holds(&prompt, "GetPromptResult");

    let mut read = ReadResourceResult::new(vec![ResourceContents::Blob(
        BlobResourceContents::new(uri("a:b"), vec![0, 255]),
    )]);
    read.ttl_ms = Some(0_u64.into());
    read.cache_scope = Some(mcp_content::model::CacheScope::Public);
    cases += holds(&read, "ReadResourceResult");

    let mut tool = Tool::new(ToolName::new("a.b-c_D").unwrap());
    tool.output_schema = Some(
        json!({"type": "object", "properties": {}})
            .as_object()
            .cloned()
            .unwrap()
            .into(),
    );
    tool.annotations = Some(mcp_content::model::ToolAnnotations {
        read_only_hint: Some(false),
        destructive_hint: Some(false),
        ..Default::default()
    });
    cases += holds(&tool, "Tool");

    let mut prompt = Prompt::new("p");
    prompt.arguments = Some(vec![PromptArgument::new("a")]);
    cases += holds(&prompt, "Prompt");
    let mut resource = Resource::new(uri("file:///"), "root");
    resource.size = Some((u64::from(u32::MAX) + 1).into());
    resource.annotations = Some(border_annotations());
    cases += holds(&resource, "Resource");
    let template = ResourceTemplate::new(UriTemplate::parse("file:///{+path}{?q*}").unwrap(), "t");
    cases += holds(&template, "ResourceTemplate");

    // The runtime may write a reserved key of its spec shape.
    let mut meta = Meta::new();
    meta.try_insert_key(
        MetaKey::new("io.modelcontextprotocol/serverInfo").unwrap(),
        json!({"name": "s", "version": "1"}),
    )
    .unwrap();
    let mut with_meta = CallToolResult::text("t");
    with_meta.meta = meta;
    cases += holds(&with_meta, "CallToolResult");

    assert_eq!(cases, 30);
}

/// What `validate()` must report, at depths the other tests do not reach.
#[test]
fn validate_reports_bad_states_at_other_depths_with_their_path() {
    // An unknown block inside a prompt message: no version's schema has it.
    let prompt: GetPromptResult = read_json(
        br#"{"messages":[{"role":"user","content":{"type":"text","text":"a"}},{"role":"user","content":{"type":"x-poll"}}]}"#,
    )
    .unwrap();
    let problems = prompt.validate().unwrap_err();
    assert_eq!(
        problems.problems()[0].path,
        "messages[1].content.type",
        "{problems}"
    );

    // A shadowing key in the inner contents of an embedded resource in a prompt.
    let mut inner = TextResourceContents::new(uri("a:b"), "t");
    inner.extra.insert("blob", json!("AAAA"));
    let prompt = GetPromptResult::new(vec![PromptMessage::new(
        Role::User,
        ContentBlock::from(EmbeddedResource::new(inner)),
    )]);
    let problems = prompt.validate().unwrap_err();
    assert_eq!(problems.problems().len(), 1, "{problems}");
    assert_eq!(
        problems.problems()[0].path,
        "messages[0].content.resource.blob"
    );
    assert_eq!(problems.problems()[0].violation.rule, Rule::ExtraField);

    // A typed `_meta` key of another shape, set in code on a block's envelope.
    let mut text = mcp_content::model::TextContent::new("t");
    text.meta.insert_key(
        MetaKey::new("io.modelcontextprotocol/logLevel").unwrap(),
        json!("verbose"),
    );
    let result = CallToolResult::new(vec![text.into()]);
    let problems = result.validate().unwrap_err();
    assert!(
        problems.problems()[0].path.starts_with("content[0]._meta"),
        "{problems}"
    );
    assert!(
        problems.problems()[0].path.contains("logLevel"),
        "{problems}"
    );

    // insert_extra refuses a known field of other types.
    let mut icon = Icon::new("https://e.com/i").unwrap();
    assert!(icon.insert_extra("src", "x").is_err());
    let mut argument = PromptArgument::new("a");
    assert!(argument.insert_extra("required", true).is_err());
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    assert!(tool.insert_extra("inputSchema", json!({})).is_err());
    assert!(tool.insert_extra("x-tool", json!({})).is_ok());
}

/// Typed `_meta` keys are checked when read, on the result and on a prompt and a resource's
/// `_meta`, with the path of the value.
#[test]
fn typed_meta_keys_are_checked_when_read_wherever_they_are() {
    let cases: [(&[u8], &str); 4] = [
        (
            br#"{"content":[],"_meta":{"io.modelcontextprotocol/protocolVersion":20250618}}"#,
            "protocolVersion",
        ),
        (
            br#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s"}}}"#,
            "serverInfo",
        ),
        (
            br#"{"content":[],"_meta":{"io.modelcontextprotocol/clientCapabilities":[]}}"#,
            "clientCapabilities",
        ),
        (
            br#"{"content":[],"_meta":{"io.modelcontextprotocol/logLevel":"verbose"}}"#,
            "logLevel",
        ),
    ];
    for (doc, key) in cases {
        let error = read_json::<CallToolResult>(doc).expect_err(key);
        assert!(error.path().starts_with("_meta"), "{key}: {error}");
        assert!(error.path().contains(key), "{key}: {error}");
    }
    let error = read_json::<GetPromptResult>(
        br#"{"messages":[],"_meta":{"io.modelcontextprotocol/subscriptionId":{}}}"#,
    )
    .expect_err("subscriptionId");
    assert!(error.path().contains("subscriptionId"), "{error}");
    // The right shapes are read and written back unchanged.
    let ok = br#"{"content":[],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1.0","x":1E2},"io.modelcontextprotocol/logLevel":"debug"}}"#;
    let result: CallToolResult = read_json(ok).unwrap();
    assert_eq!(
        String::from_utf8(result.to_json_for(ProtocolVersion::V2025_11_25)).unwrap(),
        String::from_utf8_lossy(ok)
    );
}
