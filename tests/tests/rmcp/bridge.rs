//! The `rmcp` bridge: every model type converts to `rmcp::model` and back without loss
//! where rmcp's types can hold the data (`_meta` in all three places, annotations, icons,
//! priorities as their shortest decimal, open `resultType`s), and refuses with an error
//! naming the JSON path where they cannot (unknown fields, unknown blocks, a non-complete
//! `CallToolResult.resultType`, a priority with no exact `f32`). One test per class.

// Priorities are compared exactly: exactness is what these tests are about.
#![allow(clippy::float_cmp)]

use mcp_content::model::{
    Annotations, BlobResourceContents, EmbeddedResource, GetPromptResult, Icon, ImageContent, Meta,
    MimeType, Priority, Prompt, PromptArgument, PromptMessage, ReadResourceResult, Resource,
    ResourceContents, ResourceLink, ResourceTemplate, Role, TextContent, TextResourceContents,
    Timestamp, Tool, ToolAnnotations, ToolName, Uri,
};
use mcp_content::rmcp::RmcpModel;
use mcp_content::rules::UriTemplate;
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor};
use serde_json::{Value, json};

fn meta(key: &str, value: Value) -> Meta {
    let mut meta = Meta::new();
    meta.insert(key, value).unwrap();
    meta
}

fn annotations() -> Annotations {
    Annotations::new()
        .audience([Role::User, Role::Assistant])
        .priority(Priority::new(0.25).unwrap())
        .last_modified(Timestamp::new("2025-01-12T15:00:58Z").unwrap())
}

/// A result with `_meta` on the result, on a block's envelope and on an embedded resource's
/// inner contents, and annotations on every block.
fn rich_result() -> CallToolResult {
    let mut text = TextContent::new("hello");
    text.annotations = Some(annotations());
    text.meta = meta("com.example/block", json!("text"));

    let mut image =
        ImageContent::new(vec![0, 1, 2, 250], MimeType::new("image/png").unwrap()).unwrap();
    image.meta = meta("com.example/block", json!("image"));
    image.annotations = Some(annotations());

    let mut inner = TextResourceContents::new(Uri::new("weather://paris/raw.json").unwrap(), "{}");
    inner.mime_type = Some(MimeType::new("application/json").unwrap());
    inner.meta = meta("com.example/schema", json!("v2"));
    let mut embedded = EmbeddedResource::new(inner);
    embedded.meta = meta("com.example/block", json!("resource"));
    embedded.annotations = Some(annotations());

    let mut blob = BlobResourceContents::new(Uri::new("file:///a.bin").unwrap(), vec![9, 8, 7]);
    blob.meta = meta("com.example/inner", json!(1));
    let blob = EmbeddedResource::new(blob);

    let mut link = ResourceLink::new(Uri::new("file:///doc.md").unwrap(), "doc");
    link.title = Some("Doc".into());
    link.size = Some(42_u64.into());
    link.mime_type = Some(MimeType::new("text/markdown").unwrap());
    link.icons = vec![Icon::new("https://example.com/i.png").unwrap()];
    link.meta = meta("com.example/block", json!("link"));

    let mut result = CallToolResult::new(vec![
        text.into(),
        image.into(),
        embedded.into(),
        blob.into(),
        link.into(),
    ]);
    result.meta = meta("com.example/source", json!("weather-api"));
    result.structured_content = Some(json!({ "temperature": 21 }).into());
    result.is_error = Some(false);
    result
}

#[test]
fn call_tool_result_round_trips_through_rmcp_with_meta_in_all_three_places() {
    let ours = rich_result();
    let theirs = ours.to_rmcp().unwrap();
    let wire = serde_json::to_value(&theirs).unwrap();
    assert_eq!(wire["_meta"]["com.example/source"], "weather-api");
    assert_eq!(wire["content"][2]["_meta"]["com.example/block"], "resource");
    assert_eq!(
        wire["content"][2]["resource"]["_meta"]["com.example/schema"],
        "v2"
    );
    assert_eq!(wire["content"][0]["annotations"]["priority"], 0.25);
    assert_eq!(
        wire["content"][4]["icons"][0]["src"],
        "https://example.com/i.png"
    );
    let back = CallToolResult::from_rmcp(&theirs).unwrap();
    // rmcp always writes `resultType`; everything else comes back as it went.
    let mut expected = ours.clone();
    expected.result_type = Some("complete".into());
    assert_eq!(back, expected);
    assert_eq!(
        back.to_value_for(ProtocolVersion::LATEST),
        ours.to_value_for(ProtocolVersion::LATEST)
    );
}

#[test]
fn rmcp_values_convert_into_ours_and_back() {
    // Built with rmcp's own constructors, then through our model and back: equal.
    let mut text = rmcp::model::TextContent::new("hi");
    let mut block_meta = rmcp::model::MetaObject::new();
    block_meta.insert("com.example/k".into(), json!(true));
    text.meta = Some(block_meta);
    let theirs = rmcp::model::CallToolResult::success(vec![
        rmcp::model::ContentBlock::Text(text),
        rmcp::model::ContentBlock::resource(
            rmcp::model::ResourceContents::text("body", "str://x").with_meta(
                rmcp::model::MetaObject::from(serde_json::Map::from_iter([(
                    "com.example/inner".to_owned(),
                    json!(2),
                )])),
            ),
        ),
    ]);
    let ours = CallToolResult::from_rmcp(&theirs).unwrap();
    assert_eq!(
        ours.content[0].meta().unwrap().get_value("com.example/k"),
        Some(json!(true))
    );
    let ContentBlock::Resource(embedded) = &ours.content[1] else {
        panic!("expected an embedded resource, got {:?}", ours.content[1]);
    };
    assert_eq!(
        embedded.resource.meta().get_value("com.example/inner"),
        Some(json!(2))
    );
    let again = ours.to_rmcp().unwrap();
    assert_eq!(
        serde_json::to_value(&again).unwrap(),
        serde_json::to_value(&theirs).unwrap()
    );
}

#[test]
fn every_model_type_round_trips() {
    fn check<T: RmcpModel + PartialEq + std::fmt::Debug>(value: &T) {
        let theirs = value.to_rmcp().unwrap();
        assert_eq!(&T::from_rmcp(&theirs).unwrap(), value);
    }
    for block in rich_result().content {
        check(&block);
    }
    check(&annotations());
    check(&Role::Assistant);
    check(&Icon::new("data:image/png;base64,AAAA").unwrap());
    check(&ResourceContents::Blob(BlobResourceContents::new(
        Uri::new("file:///x").unwrap(),
        vec![1, 2, 3],
    )));

    let mut tool = Tool::new(ToolName::new("get_weather").unwrap());
    tool.title = Some("Weather".into());
    tool.description = Some("Forecast for a city.".into());
    tool.annotations = Some(ToolAnnotations {
        read_only_hint: Some(true),
        destructive_hint: Some(false),
        ..ToolAnnotations::default()
    });
    tool.icons = vec![Icon::new("https://example.com/t.png").unwrap()];
    tool.meta = meta("com.example/tool", json!(1));
    check(&tool);
    check(&tool.annotations.clone().unwrap());

    let mut prompt = Prompt::new("greet");
    prompt.description = Some("Greets.".into());
    let mut argument = PromptArgument::new("name");
    argument.required = Some(true);
    argument.description = Some("Who".into());
    prompt.arguments = Some(vec![argument.clone()]);
    prompt.meta = meta("com.example/p", json!("x"));
    check(&prompt);
    check(&argument);

    let message = PromptMessage::new(Role::User, ContentBlock::text("hi"));
    check(&message);
    let mut got = GetPromptResult::new(vec![message]);
    got.description = Some("d".into());
    got.meta = meta("com.example/r", json!(3));
    got.result_type = Some("complete".into());
    check(&got);

    let mut resource = Resource::new(Uri::new("test://static-text").unwrap(), "static");
    resource.mime_type = Some(MimeType::new("text/plain").unwrap());
    resource.annotations = Some(annotations());
    resource.size = Some(12_u64.into());
    check(&resource);
    let template = ResourceTemplate::new(
        UriTemplate::parse("test://template/{id}/data").unwrap(),
        "t",
    );
    check(&template);

    let mut read = ReadResourceResult::new(vec![ResourceContents::Text(
        TextResourceContents::new(Uri::new("test://static-text").unwrap(), "x"),
    )]);
    read.meta = meta("com.example/read", json!(true));
    read.result_type = Some("complete".into());
    read.ttl_ms = Some(0_u64.into());
    read.cache_scope = Some(mcp_content::model::CacheScope::Private);
    check(&read);
}

#[test]
fn conversion_writes_for_the_requested_version() {
    let mut link = ResourceLink::new(Uri::new("file:///doc.md").unwrap(), "doc");
    link.icons = vec![Icon::new("https://example.com/i.png").unwrap()];
    let result = CallToolResult::new(vec![link.into()]);
    let old = result.to_rmcp_for(ProtocolVersion::V2025_06_18).unwrap();
    let wire = serde_json::to_value(&old).unwrap();
    assert!(wire["content"][0].get("icons").is_none(), "{wire}");
}

/// A derived struct is an `rmcp` tool return value as it is.
#[derive(mcp_content::Content)]
#[content(meta("com.example/source" = "bridge-test"))]
struct Reading {
    #[content(text)]
    summary: String,
    #[content(image(mime = "image/png"))]
    chart: Vec<u8>,
}

#[test]
fn derived_types_are_rmcp_tool_return_values() {
    use rmcp::handler::server::tool::IntoCallToolResult as RmcpIntoCallToolResult;
    let reading = Reading {
        summary: "ok".into(),
        chart: vec![1, 2, 3],
    };
    let response = RmcpIntoCallToolResult::into_call_tool_result(reading).unwrap();
    let rmcp::model::CallToolResponse::Complete(result) = response else {
        panic!("a derived type gives a complete result");
    };
    let wire = serde_json::to_value(&result).unwrap();
    assert_eq!(wire["content"][0], json!({ "type": "text", "text": "ok" }));
    assert_eq!(wire["content"][1]["data"], "AQID");
    assert_eq!(wire["_meta"]["com.example/source"], "bridge-test");
}

// ---------------------------------------------------------------------------------------
// Priorities: rmcp holds an f32

#[test]
fn rmcp_f32_priority_comes_back_as_its_shortest_decimal() {
    for (theirs, expected) in [
        (0.8_f32, 0.8),
        (0.1, 0.1),
        (0.3, 0.3),
        (1.0, 1.0),
        (0.0, 0.0),
    ] {
        let text = rmcp::model::TextContent::new("x")
            .with_annotations(rmcp::model::Annotations::default().with_priority(theirs));
        let block = ContentBlock::from_rmcp(&rmcp::model::ContentBlock::Text(text)).unwrap();
        let priority = block.annotations().unwrap().priority.unwrap().get();
        assert_eq!(priority, expected, "{theirs}");
        let written = String::from_utf8(block.to_json_for(ProtocolVersion::LATEST)).unwrap();
        assert!(
            written.contains(&format!("\"priority\":{expected:?}")),
            "{written}"
        );
        // The root `Annotations`, and resources' annotations too.
        let annotations = rmcp::model::Annotations::default().with_priority(theirs);
        let ours = Annotations::from_rmcp(&annotations).unwrap();
        assert_eq!(ours.priority.unwrap().get(), expected);
        let resource = rmcp::model::Resource::new("file:///a", "a")
            .with_annotations(rmcp::model::Annotations::default().with_priority(theirs));
        let ours = Resource::from_rmcp(&resource).unwrap();
        assert_eq!(ours.annotations.unwrap().priority.unwrap().get(), expected);
    }
}

#[test]
fn our_priority_survives_rmcp_when_its_f32_is_exact() {
    for priority in [0.1, 0.25, 0.8, 0.333, 1.0 / 1024.0] {
        let annotations = Annotations::new().priority(Priority::new(priority).unwrap());
        let mut text = TextContent::new("x");
        text.annotations = Some(annotations.clone());
        let result = CallToolResult::new(vec![text.into()]);
        let back = CallToolResult::from_rmcp(&result.to_rmcp().unwrap()).unwrap();
        assert_eq!(
            back.content[0]
                .annotations()
                .unwrap()
                .priority
                .unwrap()
                .get(),
            priority
        );
        let back = Annotations::from_rmcp(&annotations.to_rmcp().unwrap()).unwrap();
        assert_eq!(back, annotations);
    }
}

#[test]
fn a_priority_with_no_exact_f32_is_refused_with_its_path() {
    let mut text = TextContent::new("x");
    text.annotations = Some(Annotations::new().priority(Priority::new(1.0 / 3.0).unwrap()));
    let result = CallToolResult::new(vec![ContentBlock::text("a"), text.into()]);
    let err = result.to_rmcp().unwrap_err();
    assert_eq!(err.path(), "content[1].annotations.priority");
    assert!(err.message().contains("f32"), "{err}");
    let err = Annotations::new()
        .priority(Priority::new(0.123_456_789_012).unwrap())
        .to_rmcp()
        .unwrap_err();
    assert_eq!(err.path(), "priority");
}

// ---------------------------------------------------------------------------------------
// `resultType`

#[test]
fn open_result_types_are_carried() {
    for kind in ["input_required", "x-later", "complete"] {
        let mut prompt = GetPromptResult::new(vec![]);
        prompt.result_type = Some(kind.into());
        let theirs = prompt.to_rmcp().unwrap();
        assert_eq!(theirs.result_type.as_ref().unwrap().as_str(), kind);
        assert_eq!(GetPromptResult::from_rmcp(&theirs).unwrap(), prompt);

        let mut read = ReadResourceResult::new(vec![]);
        read.result_type = Some(kind.into());
        read.cache_scope = Some(mcp_content::model::CacheScope::Public);
        read.ttl_ms = Some(60_000_u64.into());
        let theirs = read.to_rmcp().unwrap();
        assert_eq!(theirs.result_type.as_ref().unwrap().as_str(), kind);
        assert_eq!(ReadResourceResult::from_rmcp(&theirs).unwrap(), read);
    }
}

#[test]
fn a_call_tool_result_type_rmcp_cannot_hold_is_a_clear_error() {
    let mut result = CallToolResult::text("x");
    result.result_type = Some("input_required".into());
    let err = result.to_rmcp().unwrap_err();
    assert_eq!(err.path(), "resultType");
    assert!(err.message().contains("\"input_required\""), "{err}");
    assert!(
        err.message().contains("only resultType \"complete\""),
        "{err}"
    );
    // Written for 2025 peers there is no `resultType`, so nothing is lost.
    assert!(result.to_rmcp_for(ProtocolVersion::V2025_06_18).is_ok());
    // Whatever else the result holds (found by the property test: an unknown `type`).
    result.extra.insert("type", json!([]));
    assert_eq!(result.to_rmcp().unwrap_err().path(), "resultType");
}

// ---------------------------------------------------------------------------------------
// Unknown blocks

fn video() -> ContentBlock {
    let fields = json!({"type": "video", "url": "https://example.com/v.mp4"});
    ContentBlock::Unknown(
        mcp_content::model::UnknownBlock::new(fields.as_object().unwrap().clone()).unwrap(),
    )
}

#[test]
fn an_unknown_block_is_a_clear_error_wherever_it_is() {
    let result = CallToolResult::new(vec![ContentBlock::text("a"), video()]);
    let err = result.to_rmcp().unwrap_err();
    assert_eq!(err.path(), "content[1].type");
    assert!(
        err.message().contains("no content block of type \"video\""),
        "{err}"
    );
    assert!(!err.message().contains("unknown variant"), "{err}");

    let message = PromptMessage::new(Role::User, video());
    assert_eq!(message.to_rmcp().unwrap_err().path(), "content.type");
    let prompt = GetPromptResult::new(vec![PromptMessage::new(Role::User, "hi"), message]);
    assert_eq!(
        prompt.to_rmcp().unwrap_err().path(),
        "messages[1].content.type"
    );
    assert_eq!(video().to_rmcp().unwrap_err().path(), "type");
}

// ---------------------------------------------------------------------------------------
// Unknown fields: rmcp's types have no place for them. One test per class.

#[track_caller]
fn refused_at<T: RmcpModel>(value: &T, path: &str) {
    let Err(err) = value.to_rmcp() else {
        panic!("converted, yet rmcp cannot hold the unknown field at {path}");
    };
    assert_eq!(err.path(), path, "{err}");
    assert!(
        err.message().contains("no place for this unknown field"),
        "{err}"
    );
}

fn extra(key: &str) -> mcp_content::model::JsonObject {
    serde_json::Map::from_iter([(key.to_owned(), json!({"n": 1}))]).into()
}

#[test]
fn unknown_fields_of_results_are_refused_with_their_path() {
    let mut call = CallToolResult::text("x");
    call.extra = extra("x-call");
    refused_at(&call, "x-call");
    let mut prompt = GetPromptResult::new(vec![]);
    prompt.extra = extra("x-prompt");
    refused_at(&prompt, "x-prompt");
    let mut read = ReadResourceResult::new(vec![]);
    read.extra = extra("x-read");
    refused_at(&read, "x-read");
}

#[test]
fn unknown_fields_of_every_block_kind_are_refused_with_their_path() {
    let blocks = rich_result().content;
    for (i, mut block) in blocks.into_iter().enumerate() {
        match &mut block {
            ContentBlock::Text(b) => b.extra = extra("x-block"),
            ContentBlock::Image(b) => b.extra = extra("x-block"),
            ContentBlock::Audio(b) => b.extra = extra("x-block"),
            ContentBlock::ResourceLink(b) => b.extra = extra("x-block"),
            ContentBlock::Resource(b) => b.extra = extra("x-block"),
            ContentBlock::Unknown(_) => unreachable!(),
        }
        refused_at(&block, "x-block");
        let mut result = rich_result();
        result.content[i] = block;
        refused_at(&result, &format!("content[{i}].x-block"));
    }
    let audio = mcp_content::model::AudioContent::new(vec![1], MimeType::new("audio/wav").unwrap())
        .unwrap();
    let mut block = ContentBlock::from(audio);
    if let ContentBlock::Audio(b) = &mut block {
        b.extra = extra("x-audio");
    }
    refused_at(&block, "x-audio");
}

#[test]
fn unknown_fields_of_resource_contents_are_refused_with_their_path() {
    let mut text = TextResourceContents::new(Uri::new("file:///a").unwrap(), "x");
    text.extra = extra("etag");
    refused_at(&ResourceContents::Text(text.clone()), "etag");
    refused_at(
        &EmbeddedResource::new(text.clone()).into_block(),
        "resource.etag",
    );
    let mut blob = BlobResourceContents::new(Uri::new("file:///b").unwrap(), vec![1]);
    blob.extra = extra("etag");
    refused_at(
        &ReadResourceResult::new(vec![
            ResourceContents::Text(TextResourceContents::new(
                Uri::new("file:///a").unwrap(),
                "ok",
            )),
            ResourceContents::Blob(blob),
        ]),
        "contents[1].etag",
    );
}

trait IntoBlock {
    fn into_block(self) -> ContentBlock;
}

impl IntoBlock for EmbeddedResource {
    fn into_block(self) -> ContentBlock {
        self.into()
    }
}

#[test]
fn unknown_fields_of_annotations_are_refused_with_their_path() {
    let mut annotations = annotations();
    annotations.extra = extra("x-weight");
    refused_at(&annotations, "x-weight");
    let mut text = TextContent::new("x");
    text.annotations = Some(annotations.clone());
    refused_at(&ContentBlock::from(text), "annotations.x-weight");
    let mut resource = Resource::new(Uri::new("file:///a").unwrap(), "a");
    resource.annotations = Some(annotations);
    refused_at(&resource, "annotations.x-weight");
}

#[test]
fn unknown_fields_of_icons_are_refused_with_their_path() {
    let mut icon = Icon::new("https://example.com/i.png").unwrap();
    icon.extra = extra("x-dpi");
    refused_at(&icon, "x-dpi");
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.icons = vec![
        Icon::new("https://example.com/a.png").unwrap(),
        icon.clone(),
    ];
    refused_at(&tool, "icons[1].x-dpi");
    let mut link = ResourceLink::new(Uri::new("file:///doc.md").unwrap(), "doc");
    link.icons = vec![icon];
    refused_at(
        &CallToolResult::new(vec![link.into()]),
        "content[0].icons[0].x-dpi",
    );
}

#[test]
fn unknown_fields_of_descriptors_are_refused_with_their_path() {
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.extra = extra("execution");
    refused_at(&tool, "execution");
    let mut prompt = Prompt::new("p");
    prompt.extra = extra("x-p");
    refused_at(&prompt, "x-p");
    let mut resource = Resource::new(Uri::new("file:///a").unwrap(), "a");
    resource.extra = extra("x-r");
    refused_at(&resource, "x-r");
    let mut template = ResourceTemplate::new(UriTemplate::parse("file:///{p}").unwrap(), "t");
    template.extra = extra("x-t");
    refused_at(&template, "x-t");
}

#[test]
fn unknown_fields_of_tool_annotations_are_refused_with_their_path() {
    let hints = ToolAnnotations {
        extra: extra("x-costly"),
        ..ToolAnnotations::default()
    };
    refused_at(&hints, "x-costly");
    let mut tool = Tool::new(ToolName::new("t").unwrap());
    tool.annotations = Some(hints);
    refused_at(&tool, "annotations.x-costly");
}

#[test]
fn unknown_fields_of_prompt_arguments_and_messages_are_refused_with_their_path() {
    let mut argument = PromptArgument::new("a");
    argument.extra = extra("x-enum");
    refused_at(&argument, "x-enum");
    let mut prompt = Prompt::new("p");
    prompt.arguments = Some(vec![argument]);
    refused_at(&prompt, "arguments[0].x-enum");
    let mut message = PromptMessage::new(Role::User, "hi");
    message.extra = extra("x-m");
    refused_at(&message, "x-m");
    refused_at(&GetPromptResult::new(vec![message]), "messages[0].x-m");
}

#[test]
fn meta_and_structured_content_of_any_shape_are_kept() {
    // `_meta` and structured content are free-form on both sides: nothing is refused there,
    // even keys that look like model fields.
    let mut result = CallToolResult::text("x");
    result.meta = meta(
        "com.example/deep",
        json!({"annotations": {"priority": 0.1}, "n": [1, 2.5, null]}),
    );
    result.structured_content = Some(json!({"annotations": {"priority": 0.333_333_333_3}}).into());
    let back = CallToolResult::from_rmcp(&result.to_rmcp().unwrap()).unwrap();
    assert_eq!(back.meta, result.meta);
    assert_eq!(back.structured_content, result.structured_content);
}

// ---------------------------------------------------------------------------------------
// from_rmcp: rules yes, untrusted-input limits no

#[test]
fn from_rmcp_applies_no_untrusted_input_limit() {
    // 20 MiB of image: over the 16 MiB read limit for untrusted input.
    let bytes = vec![7_u8; 20 * 1024 * 1024];
    let data = base64_of(&bytes);
    let theirs = rmcp::model::CallToolResult::success(vec![rmcp::model::ContentBlock::image(
        data,
        "image/png",
    )]);
    let ours = CallToolResult::from_rmcp(&theirs).unwrap();
    let ContentBlock::Image(image) = &ours.content[0] else {
        panic!("an image");
    };
    assert_eq!(image.data, mcp_content::model::Base64Data::from(bytes));

    // Structured content 100 levels deep: over the 64-level read limit.
    let mut deep = json!(1);
    for _ in 0..100 {
        deep = json!([deep]);
    }
    let theirs = rmcp::model::CallToolResult::structured(deep.clone());
    let ours = CallToolResult::from_rmcp(&theirs).unwrap();
    assert_eq!(ours.structured_content, Some(deep.into()));
}

fn base64_of(bytes: &[u8]) -> String {
    let block = ImageContent::new(bytes.to_vec(), MimeType::new("image/png").unwrap()).unwrap();
    let json = ContentBlock::from(block).to_value_for(ProtocolVersion::LATEST);
    json["data"].as_str().unwrap().to_owned()
}

#[test]
fn from_rmcp_still_checks_every_rule_and_names_the_path() {
    let theirs = rmcp::model::CallToolResult::success(vec![
        rmcp::model::ContentBlock::text("ok"),
        rmcp::model::ContentBlock::image("AAAA", "text/plain"),
    ]);
    let err = CallToolResult::from_rmcp(&theirs).unwrap_err();
    assert_eq!(err.path(), "content[1].mimeType");
    assert!(err.message().contains("rule: mime-kind"), "{err}");

    let theirs = rmcp::model::Annotations::default().with_priority(7.0);
    let err = Annotations::from_rmcp(&theirs).unwrap_err();
    assert_eq!(err.path(), "priority");
    assert!(err.message().contains("rule: priority"), "{err}");

    let theirs = rmcp::model::Resource::new("relative/path", "r");
    assert_eq!(Resource::from_rmcp(&theirs).unwrap_err().path(), "uri");
}

/// Reads the request the way a handler does: `_meta`, the progress token, the capabilities.
#[mcp_content::tool]
fn probe(context: &mcp_content::Context) -> String {
    use mcp_content::input::Capability;
    format!(
        "{:?} {:?} sampling={} roots={} elicitation={}",
        context.progress_token(),
        context.meta().get_value("com.example/trace"),
        context.client_supports(Capability::Sampling),
        context.client_supports(Capability::Roots),
        context.client_supports(Capability::ElicitationForm),
    )
}

/// On rmcp's path the handler's context is built from rmcp's request without converting
/// anything up front: what a handler asks for is still all there.
#[tokio::test]
async fn a_handler_served_by_rmcp_reads_the_request_meta_and_the_client_capabilities() {
    use rmcp::ServerHandler;
    use rmcp::model::{CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig};
    use rmcp::service::{RequestContext, serve_directly};

    let server = mcp_content::rmcp::McpServer::new(
        mcp_content::Router::builder()
            .tool(probe {})
            .build()
            .unwrap(),
    );
    // A peer that declared sampling and roots when it initialized (2025-11-25).
    let (near, _far) = tokio::io::duplex(64 * 1024);
    // JSON: rmcp's builder methods for these are deprecated (SEP-2577).
    let capabilities: ClientCapabilities =
        serde_json::from_value(json!({"sampling": {}, "roots": {}})).unwrap();
    let running = serve_directly::<rmcp::RoleServer, _, _, _, _>(
        server.clone(),
        near,
        Some(
            ClientConfig::new(capabilities, rmcp::model::Implementation::default())
                .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25),
        ),
    );
    let mut context = RequestContext::new(
        rmcp::model::NumberOrString::Number(1),
        running.peer().clone(),
    );
    context.meta.0.0.insert("progressToken".into(), json!(7));
    context
        .meta
        .0
        .0
        .insert("com.example/trace".into(), json!("abc"));
    // A key that breaks the grammar is dropped, not the whole `_meta`.
    context.meta.0.0.insert("bad key!".into(), json!(1));
    let params: CallToolRequestParams = serde_json::from_value(json!({"name": "probe"})).unwrap();
    let CallToolResponse::Complete(result) = server.call_tool(params, context).await.unwrap()
    else {
        panic!("probe completes");
    };
    let text = result.content[0].as_text().unwrap().text.clone();
    assert_eq!(
        text,
        r#"Some(Number(7)) Some(String("abc")) sampling=true roots=true elicitation=false"#
    );
    drop(running);
}
