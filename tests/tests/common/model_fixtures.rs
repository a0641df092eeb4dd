//! Model values shared by the model test files: every block type and every result or
//! descriptor type, bare and fully dressed (annotations, `_meta` on the block and on the
//! inner resource contents, icons), built through the public constructors and builders.

#![allow(dead_code, unreachable_pub)] // each test file uses a different part of this module

use mcp_content::model::{
    Annotations, AudioContent, BlobResourceContents, CacheScope, EmbeddedResource, GetPromptResult,
    Icon, IconTheme, ImageContent, Meta, MimeType, Priority, Prompt, PromptArgument, PromptMessage,
    ReadResourceResult, Resource, ResourceContents, ResourceLink, ResourceTemplate, Role,
    TextContent, TextResourceContents, Timestamp, Tool, ToolAnnotations, ToolName, Uri,
};
use mcp_content::rules::UriTemplate;
use mcp_content::{CallToolResult, ContentBlock};
use serde_json::{Map, Value, json};

pub fn uri(text: &str) -> Uri {
    Uri::new(text).expect("fixture URI is valid")
}

pub fn mime(text: &str) -> MimeType {
    MimeType::new(text).expect("fixture MIME type is valid")
}

pub fn annotations() -> Annotations {
    Annotations::new()
        .audience([Role::User, Role::Assistant])
        .priority(Priority::new(0.7).expect("0.7 is a priority"))
        .last_modified(Timestamp::new("2025-05-03T14:30:00Z").expect("valid timestamp"))
}

pub fn meta(key: &str, value: Value) -> Meta {
    let mut meta = Meta::new();
    meta.insert(key, value)
        .expect("fixture _meta key is a valid user key");
    meta
}

pub fn icon() -> Icon {
    Icon::new("https://example.com/icon.png")
        .expect("https icon")
        .mime_type(mime("image/png"))
        .sizes(["48x48"])
        .theme(IconTheme::Light)
}

pub fn data_icon() -> Icon {
    Icon::new("data:image/png;base64,iVBORw0KGgo=").expect("data icon")
}

/// A name and a block, for every block type: bare, then with annotations and `_meta`.
pub fn blocks() -> Vec<(&'static str, ContentBlock)> {
    let png = mime("image/png");
    let wav = mime("audio/wav");
    let mut out: Vec<(&'static str, ContentBlock)> = Vec::new();

    out.push(("text", TextContent::new("hello").into()));
    let mut text = TextContent::new("hello, annotated");
    text.annotations = Some(annotations());
    text.meta = meta("com.example/source", json!("weather-api"));
    out.push(("text+annotations+meta", text.into()));

    out.push((
        "image",
        ImageContent::new(vec![0x89, b'P', b'N', b'G'], png.clone())
            .expect("image/png")
            .into(),
    ));
    let mut image = ImageContent::new(vec![1, 2, 3, 4, 5], png).expect("image/png");
    image.annotations = Some(annotations());
    image.meta = meta("com.example/alt", json!("Temperature chart"));
    out.push(("image+annotations+meta", image.into()));

    out.push((
        "audio",
        AudioContent::new(vec![b'R', b'I', b'F', b'F'], wav.clone())
            .expect("audio/wav")
            .into(),
    ));
    let mut audio = AudioContent::new(vec![0; 7], wav).expect("audio/wav");
    audio.annotations = Some(Annotations::new().priority(Priority::new(0.0).expect("0")));
    audio.meta = meta("com.example/duration-ms", json!(1200));
    out.push(("audio+annotations+meta", audio.into()));

    out.push((
        "resource_link",
        ResourceLink::new(uri("file:///project/src/main.rs"), "main.rs").into(),
    ));
    let mut link = ResourceLink::new(uri("file:///project/src/main.rs"), "main.rs");
    link.title = Some("Main".into());
    link.description = Some("Primary application entry point".into());
    link.mime_type = Some(mime("text/x-rust"));
    link.size = Some(1024_u64.into());
    link.icons = vec![icon(), data_icon()];
    link.annotations = Some(annotations());
    link.meta = meta("com.example/origin", json!({"repo": "x"}));
    out.push(("resource_link+icons+annotations+meta", link.into()));

    out.push((
        "resource(text)",
        EmbeddedResource::new(TextResourceContents::new(
            uri("resource://example"),
            "Resource content",
        ))
        .into(),
    ));
    let mut contents =
        TextResourceContents::new(uri("file:///project/src/main.rs"), "fn main() {}");
    contents.mime_type = Some(mime("text/x-rust"));
    contents.meta = meta("com.example/schema", json!("v2"));
    let mut embedded = EmbeddedResource::new(contents);
    embedded.annotations = Some(annotations());
    embedded.meta = meta("com.example/block", json!(true));
    out.push(("resource(text)+annotations+meta", embedded.into()));

    out.push((
        "resource(blob)",
        EmbeddedResource::new(BlobResourceContents::new(
            uri("file:///example.png"),
            vec![0u8, 255, 7],
        ))
        .into(),
    ));
    let mut contents = BlobResourceContents::new(uri("file:///example.png"), vec![9u8; 10]);
    contents.mime_type = Some(mime("image/png"));
    contents.meta = meta("com.example/schema", json!("v2"));
    let mut embedded = EmbeddedResource::new(contents);
    embedded.annotations = Some(annotations());
    embedded.meta = meta("com.example/block", json!(1));
    out.push(("resource(blob)+annotations+meta", embedded.into()));
    out
}

/// The official schema's definition name of a block's type.
pub fn block_definition(block: &ContentBlock) -> &'static str {
    match block {
        ContentBlock::Text(_) => "TextContent",
        ContentBlock::Image(_) => "ImageContent",
        ContentBlock::Audio(_) => "AudioContent",
        ContentBlock::ResourceLink(_) => "ResourceLink",
        ContentBlock::Resource(_) => "EmbeddedResource",
        ContentBlock::Unknown(_) => "ContentBlock",
    }
}

pub fn all_blocks() -> Vec<ContentBlock> {
    blocks().into_iter().map(|(_, b)| b).collect()
}

pub fn call_tool_results() -> Vec<(&'static str, CallToolResult)> {
    let mut out = vec![
        ("empty", CallToolResult::new(Vec::new())),
        ("text", CallToolResult::text("42")),
        ("every block", CallToolResult::new(all_blocks())),
        ("error", CallToolResult::error("boom")),
        (
            "structured object",
            CallToolResult::structured(json!({"temperature": 22.5, "conditions": "Partly cloudy"})),
        ),
        (
            "structured array",
            CallToolResult::structured(json!([1, 2, 3])),
        ),
        (
            "structured string",
            CallToolResult::structured(json!("sunny")),
        ),
        ("structured number", CallToolResult::structured(json!(22.5))),
        ("structured null", CallToolResult::structured(Value::Null)),
    ];
    let mut full = CallToolResult::structured(json!({"ok": true}));
    full.content.extend(all_blocks());
    full.is_error = Some(false);
    full.meta = meta("com.example/trace", json!("abc"));
    out.push(("structured+isError false+_meta+every block", full));
    out
}

pub fn tools() -> Vec<(&'static str, Tool)> {
    let bare = Tool::new(ToolName::new("get_current_time").expect("tool name"));
    let mut full = Tool::new(ToolName::new("get_weather_data").expect("tool name"));
    full.title = Some("Weather Data Retriever".into());
    full.description = Some("Get current weather data for a location".into());
    full.input_schema = object(json!({
        "type": "object",
        "properties": {"location": {"type": "string", "description": "City name or zip code"}},
        "required": ["location"]
    }))
    .into();
    full.output_schema = Some(
        object(json!({
            "type": "object",
            "properties": {"temperature": {"type": "number"}, "conditions": {"type": "string"}},
            "required": ["temperature", "conditions"]
        }))
        .into(),
    );
    full.annotations = Some(ToolAnnotations {
        title: Some("Weather".into()),
        read_only_hint: Some(true),
        destructive_hint: Some(false),
        idempotent_hint: Some(false),
        open_world_hint: Some(true),
        ..ToolAnnotations::default()
    });
    full.icons = vec![icon()];
    full.meta = meta("com.example/version", json!(2));
    let mut array_output = Tool::new(ToolName::new("list_users").expect("tool name"));
    array_output.output_schema = Some(object(json!({
        "type": "array",
        "items": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    })).into());
    vec![
        ("bare", bare),
        ("full", full),
        ("array output", array_output),
    ]
}

pub fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("fixture is not an object: {other}"),
    }
}

pub fn prompts() -> Vec<(&'static str, Prompt)> {
    let mut full = Prompt::new("code_review");
    full.title = Some("Request Code Review".into());
    full.description = Some("Asks the LLM to analyze code quality".into());
    let mut code = PromptArgument::new("code");
    code.description = Some("The code to review".into());
    code.required = Some(true);
    let mut style = PromptArgument::new("style");
    style.title = Some("Style".into());
    style.required = Some(false);
    full.arguments = Some(vec![code, style]);
    full.icons = vec![icon()];
    full.meta = meta("com.example/category", json!("review"));
    vec![("bare", Prompt::new("greet")), ("full", full)]
}

pub fn prompt_arguments() -> Vec<PromptArgument> {
    let mut full = PromptArgument::new("code");
    full.title = Some("Code".into());
    full.description = Some("The code to review".into());
    full.required = Some(false);
    vec![PromptArgument::new("x"), full]
}

pub fn prompt_messages() -> Vec<PromptMessage> {
    all_blocks()
        .into_iter()
        .enumerate()
        .map(|(i, block)| {
            let role = if i % 2 == 0 {
                Role::User
            } else {
                Role::Assistant
            };
            PromptMessage::new(role, block)
        })
        .collect()
}

pub fn get_prompt_results() -> Vec<(&'static str, GetPromptResult)> {
    let mut full = GetPromptResult::new(prompt_messages());
    full.description = Some("Code review prompt".into());
    full.meta = meta("com.example/x", json!(null));
    vec![("empty", GetPromptResult::new(Vec::new())), ("full", full)]
}

pub fn resources() -> Vec<(&'static str, Resource)> {
    let mut full = Resource::new(uri("file:///project/README.md"), "README.md");
    full.title = Some("Project Documentation".into());
    full.description = Some("The readme".into());
    full.mime_type = Some(mime("text/markdown"));
    full.size = Some(0_u64.into());
    full.annotations = Some(annotations());
    full.icons = vec![icon()];
    full.meta = meta("com.example/x", json!(1));
    vec![
        ("bare", Resource::new(uri("test://static-text"), "static")),
        ("full", full),
    ]
}

pub fn resource_templates() -> Vec<(&'static str, ResourceTemplate)> {
    let template = |t: &str| UriTemplate::parse(t).expect("fixture template");
    let mut full = ResourceTemplate::new(template("file:///{path}"), "Project Files");
    full.title = Some("Project Files".into());
    full.description = Some("Access files in the project directory".into());
    full.mime_type = Some(mime("application/octet-stream"));
    full.annotations = Some(Annotations::new().audience([Role::Assistant]));
    full.icons = vec![icon()];
    full.meta = meta("com.example/x", json!("y"));
    vec![
        (
            "bare",
            ResourceTemplate::new(template("weather://{city}/raw.json"), "weather"),
        ),
        ("full", full),
    ]
}

pub fn read_resource_results() -> Vec<(&'static str, ReadResourceResult)> {
    let mut text = TextResourceContents::new(uri("file:///project/src/main.rs"), "fn main() {}");
    text.mime_type = Some(mime("text/x-rust"));
    text.meta = meta("com.example/x", json!(1));
    let mut blob = BlobResourceContents::new(uri("file:///example.png"), vec![1u8, 2, 3]);
    blob.mime_type = Some(mime("image/png"));
    let contents: Vec<ResourceContents> = vec![text.into(), blob.into()];
    let mut full = ReadResourceResult::new(contents.clone());
    full.cache_scope = Some(CacheScope::Public);
    full.ttl_ms = Some(600_000_u64.into());
    full.meta = meta("com.example/x", json!("y"));
    vec![
        ("empty", ReadResourceResult::new(Vec::new())),
        ("text+blob", ReadResourceResult::new(contents)),
        ("full", full),
    ]
}
