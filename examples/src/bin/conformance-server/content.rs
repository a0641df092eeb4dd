//! Fixtures that answer with content: text, images, audio, embedded resources, errors, a
//! payload link, hand-written input schemas, the resources, the plain prompts and completion.

use mcp_content::handler::ProtocolError;
use mcp_content::model::{
    Base64Data, BlobResourceContents, EmbeddedResource, ImageContent, MimeType, PromptMessage,
    ReadResourceResult, ResourceContents, Role, TextResourceContents, Uri,
};
use mcp_content::{ContentBlock, prompt, resource, tool};
use serde_json::{Map, Value, json};

/// A 1×1 PNG.
pub(crate) const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/// A short silent WAV (8 kHz mono 16-bit).
pub(crate) const WAV: &str =
    "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";

pub(crate) fn mime(text: &str) -> MimeType {
    MimeType::new(text).expect("fixture MIME types are valid")
}

pub(crate) fn uri(text: &str) -> Uri {
    Uri::new(text).expect("fixture URIs are valid")
}

pub(crate) fn png() -> Base64Data {
    Base64Data::from_base64(PNG).expect("the fixture PNG is base64")
}

pub(crate) fn image_block() -> ContentBlock {
    ImageContent::new(png(), mime("image/png"))
        .expect("image/png is an image type")
        .into()
}

pub(crate) fn text_resource(at: &str, mime_type: &str, text: &str) -> ContentBlock {
    let mut contents = TextResourceContents::new(uri(at), text);
    contents.mime_type = Some(mime(mime_type));
    EmbeddedResource::new(contents).into()
}

/// A simple text response.
#[tool]
pub(crate) fn test_simple_text() -> String {
    "This is a simple text response for testing.".into()
}

/// An image (a 1×1 red pixel PNG).
#[tool]
pub(crate) fn test_image_content() -> ContentBlock {
    image_block()
}

/// A scan too large to send inline (1.5 MB, over the 1 MiB a client's SSE reader takes in
/// one event by default): written as a link to a payload the client reads with
/// `resources/read`.
#[tool(max_inline = "256KiB")]
pub(crate) fn large_payload_link() -> ContentBlock {
    let bytes: Vec<u8> = (0..1_500_000_u32).map(|i| (i % 251) as u8).collect();
    ImageContent::new(Base64Data::from_bytes(bytes), mime("image/png"))
        .expect("image/png is an image type")
        .into()
}

/// An audio clip (WAV).
#[tool]
pub(crate) fn test_audio_content() -> ContentBlock {
    let data = Base64Data::from_base64(WAV).expect("the fixture WAV is base64");
    mcp_content::model::AudioContent::new(data, mime("audio/wav"))
        .expect("audio/wav is an audio type")
        .into()
}

/// An embedded text resource.
#[tool]
pub(crate) fn test_embedded_resource() -> ContentBlock {
    text_resource(
        "test://embedded-resource",
        "text/plain",
        "This is an embedded resource content.",
    )
}

/// Text, an image and an embedded resource.
#[tool]
pub(crate) fn test_multiple_content_types() -> Vec<ContentBlock> {
    vec![
        ContentBlock::text("Multiple content types test:"),
        image_block(),
        text_resource(
            "test://mixed-content-resource",
            "application/json",
            r#"{"test":"data","value":123}"#,
        ),
    ]
}

/// Always fails, as an `isError` result.
#[tool]
pub(crate) fn test_error_handling() -> Result<String, String> {
    Err("This tool intentionally returns an error for testing".into())
}

pub(crate) fn json_schema_2020_12() -> Map<String, Value> {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "$anchor": "addressDef",
                "type": "object",
                "properties": { "street": { "type": "string" }, "city": { "type": "string" } }
            }
        },
        "properties": {
            "name": { "type": "string" },
            "address": { "$ref": "#/$defs/address" },
            "contactMethod": { "type": "string", "enum": ["phone", "email"] },
            "phone": { "type": "string" },
            "email": { "type": "string" }
        },
        "allOf": [{ "anyOf": [{ "required": ["phone"] }, { "required": ["email"] }] }],
        "if": { "properties": { "contactMethod": { "const": "phone" } }, "required": ["contactMethod"] },
        "then": { "required": ["phone"] },
        "else": { "required": ["email"] },
        "additionalProperties": false
    });
    match schema {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Tool with JSON Schema 2020-12 features
///
/// Takes every property its hand-written schema declares (the schema, not the parameters,
/// is what `tools/list` shows).
#[tool(input_schema = json_schema_2020_12)]
pub(crate) fn json_schema_2020_12_tool(
    name: Option<String>,
    address: Option<Value>,
    #[arg(name = "contactMethod")] contact_method: Option<String>,
    phone: Option<String>,
    email: Option<String>,
) -> String {
    let contact = match contact_method.as_deref() {
        Some("phone") => phone.unwrap_or_default(),
        _ => email.or(phone).unwrap_or_default(),
    };
    let city = address
        .as_ref()
        .and_then(|a| a["city"].as_str())
        .unwrap_or("-")
        .to_owned();
    format!("ok: {} ({contact}, {city})", name.unwrap_or_default())
}

pub(crate) fn region_header_schema() -> Map<String, Value> {
    let schema = json!({
        "type": "object",
        "properties": {
            "region": {
                "type": "string",
                "description": "Where to look; travels in the `Mcp-Param-Region` header too",
                "x-mcp-header": "Region"
            },
            "query": { "type": "string", "description": "What to look for" }
        },
        "required": ["region"],
        "additionalProperties": false
    });
    match schema {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Looks something up in a region named by an HTTP header as well as the body (SEP-2243:
/// the Streamable HTTP server refuses a call whose `Mcp-Param-Region` header is missing or
/// disagrees with `region`).
#[tool(input_schema = region_header_schema)]
pub(crate) fn test_custom_header_lookup(region: String, query: Option<String>) -> String {
    format!(
        "{} in {region}",
        query.unwrap_or_else(|| "everything".into())
    )
}

/// A static text resource.
#[resource(uri = "test://static-text", mime = "text/plain")]
pub(crate) fn static_text() -> String {
    "This is the content of the static text resource.".into()
}

/// A static binary resource (a PNG).
#[resource(uri = "test://static-binary", mime = "image/png")]
pub(crate) fn static_binary() -> ReadResourceResult {
    let mut contents = BlobResourceContents::new(uri("test://static-binary"), png());
    contents.mime_type = Some(mime("image/png"));
    ReadResourceResult::new(vec![ResourceContents::Blob(contents)])
}

/// Data for an id.
#[resource(uri = "test://template/{id}/data", mime = "application/json")]
pub(crate) fn template_data(id: String) -> String {
    json!({ "id": id, "templateTest": true, "data": format!("Data for ID: {id}") }).to_string()
}

/// A simple prompt.
#[prompt]
pub(crate) fn test_simple_prompt() -> Vec<PromptMessage> {
    vec![PromptMessage::new(
        Role::User,
        ContentBlock::text("This is a simple prompt for testing."),
    )]
}

/// A prompt with two arguments.
///
/// # Arguments
/// * `arg1` - First test argument
/// * `arg2` - Second test argument
#[prompt]
pub(crate) fn test_prompt_with_arguments(arg1: String, arg2: String) -> Vec<PromptMessage> {
    vec![PromptMessage::new(
        Role::User,
        ContentBlock::text(format!(
            "Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"
        )),
    )]
}

/// A prompt that embeds a resource.
///
/// # Arguments
/// * `resourceUri` - URI of the resource to embed
#[prompt]
pub(crate) fn test_prompt_with_embedded_resource(
    #[arg(name = "resourceUri")] resource_uri: String,
) -> Result<Vec<PromptMessage>, ProtocolError> {
    let at = Uri::new(resource_uri)
        .map_err(|v| ProtocolError::invalid_params(format!("resourceUri: {v}")))?;
    let mut contents = TextResourceContents::new(at, "Embedded resource content for testing.");
    contents.mime_type = Some(mime("text/plain"));
    Ok(vec![
        PromptMessage::new(Role::User, EmbeddedResource::new(contents)),
        PromptMessage::new(
            Role::User,
            ContentBlock::text("Please process the embedded resource above."),
        ),
    ])
}

/// A prompt with an image.
#[prompt]
pub(crate) fn test_prompt_with_image() -> Vec<PromptMessage> {
    vec![
        PromptMessage::new(Role::User, image_block()),
        PromptMessage::new(
            Role::User,
            ContentBlock::text("Please analyze the image above."),
        ),
    ]
}

pub(crate) fn complete(_reference: &Value, _argument: &str, value: &str) -> Vec<String> {
    ["paris", "park", "party"]
        .into_iter()
        .filter(|candidate| candidate.starts_with(value) || value == "test")
        .map(String::from)
        .collect()
}
