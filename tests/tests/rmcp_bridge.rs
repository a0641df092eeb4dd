//! The `rmcp` bridge: every model type converts to `rmcp::model` and back without loss
//! (`_meta` in all three places, annotations, icons), and the router answers through
//! `McpServer` as `rmcp`'s `ServerHandler`.

use mcp_content::rmcp::RmcpModel;
use mcp_content::{
    Annotations, BlobResourceContents, CallToolResult, ContentBlock, EmbeddedResource,
    GetPromptResult, Icon, ImageContent, Meta, MimeType, Priority, Prompt, PromptArgument,
    PromptMessage, ProtocolVersion, ReadResourceResult, Resource, ResourceContents, ResourceLink,
    ResourceTemplate, Role, SerializeFor, TextContent, TextResourceContents, Timestamp, Tool,
    ToolAnnotations, ToolName, Uri, UriTemplate,
};
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
    link.size = Some(42);
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
    resource.size = Some(12);
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
    read.ttl_ms = Some(0);
    read.cache_scope = Some(mcp_content::CacheScope::Private);
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
