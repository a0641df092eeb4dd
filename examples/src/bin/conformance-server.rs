//! The fixtures the official MCP conformance suite (`@modelcontextprotocol/conformance`)
//! calls for tools, resources and prompts, built only with this framework's attributes and
//! served through `rmcp`.
//!
//! ```text
//! cargo run -p mcp-content-examples --bin conformance-server -- --http 127.0.0.1:3001   # Streamable HTTP at /mcp
//! cargo run -p mcp-content-examples --bin conformance-server -- --stdio
//! ```

use axum::serve::{Listener as _, ListenerExt as _};
use std::time::Duration;

use mcp_content::{
    Base64Data, BlobResourceContents, ContentBlock, Context, EmbeddedResource, ImageContent,
    LogLevel, MimeType, PromptMessage, ReadResourceResult, ResourceContents, Role, Router,
    TextResourceContents, Uri, prompt, resource, tool,
};
use serde_json::{Map, Value, json};

/// A 1×1 PNG.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/// A short silent WAV (8 kHz mono 16-bit).
const WAV: &str =
    "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";

fn mime(text: &str) -> MimeType {
    MimeType::new(text).expect("fixture MIME types are valid")
}

fn uri(text: &str) -> Uri {
    Uri::new(text).expect("fixture URIs are valid")
}

fn png() -> Base64Data {
    Base64Data::from_base64(PNG).expect("the fixture PNG is base64")
}

fn image_block() -> ContentBlock {
    ImageContent::new(png(), mime("image/png"))
        .expect("image/png is an image type")
        .into()
}

fn text_resource(at: &str, mime_type: &str, text: &str) -> ContentBlock {
    let mut contents = TextResourceContents::new(uri(at), text);
    contents.mime_type = Some(mime(mime_type));
    EmbeddedResource::new(contents).into()
}

/// A simple text response.
#[tool]
fn test_simple_text() -> String {
    "This is a simple text response for testing.".into()
}

/// An image (a 1×1 red pixel PNG).
#[tool]
fn test_image_content() -> ContentBlock {
    image_block()
}

/// An audio clip (WAV).
#[tool]
fn test_audio_content() -> ContentBlock {
    let data = Base64Data::from_base64(WAV).expect("the fixture WAV is base64");
    mcp_content::AudioContent::new(data, mime("audio/wav"))
        .expect("audio/wav is an audio type")
        .into()
}

/// An embedded text resource.
#[tool]
fn test_embedded_resource() -> ContentBlock {
    text_resource(
        "test://embedded-resource",
        "text/plain",
        "This is an embedded resource content.",
    )
}

/// Text, an image and an embedded resource.
#[tool]
fn test_multiple_content_types() -> Vec<ContentBlock> {
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
fn test_error_handling() -> Result<String, String> {
    Err("This tool intentionally returns an error for testing".into())
}

/// Logs three messages while it runs.
#[tool]
async fn test_tool_with_logging(context: Context) -> String {
    for (i, step) in [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // A client that cannot take a log message still gets the result.
        let _ = context.log(LogLevel::Info, None, step).await;
    }
    "Tool with logging executed successfully".into()
}

/// Reports progress 0, 50 and 100 out of 100.
#[tool]
async fn test_tool_with_progress(context: Context) -> String {
    for (i, progress) in [0.0, 50.0, 100.0].into_iter().enumerate() {
        if i > 0 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = context.progress(progress, Some(100.0), None).await;
    }
    "Progress reporting completed".into()
}

/// Asks the client's model to answer a prompt.
///
/// # Arguments
/// * `prompt` - The prompt to send to the model
#[tool]
async fn test_sampling(prompt: String, context: Context) -> Result<String, String> {
    let params = json!({
        "messages": [{ "role": "user", "content": { "type": "text", "text": prompt } }],
        "maxTokens": 100
    });
    let reply = context
        .create_message(params)
        .await
        .map_err(|e| e.to_string())?;
    let text = reply["content"]["text"].as_str().unwrap_or_default();
    Ok(format!("LLM response: {text}"))
}

/// Asks the user for a name and an email address.
///
/// # Arguments
/// * `message` - The message to show the user
#[tool]
async fn test_elicitation(message: String, context: Context) -> Result<String, String> {
    let params = json!({
        "message": message,
        "requestedSchema": {
            "type": "object",
            "properties": {
                "username": { "type": "string", "description": "User's response" },
                "email": { "type": "string", "description": "User's email address" }
            },
            "required": ["username", "email"]
        }
    });
    let reply = context.elicit(params).await.map_err(|e| e.to_string())?;
    Ok(format!(
        "User response: action={}, content={}",
        reply["action"].as_str().unwrap_or("unknown"),
        reply.get("content").cloned().unwrap_or(Value::Null)
    ))
}

/// Elicits a form whose fields have defaults (SEP-1034).
#[tool]
async fn test_elicitation_sep1034_defaults(context: Context) -> Result<String, String> {
    let params = json!({
        "message": "Please review and update the form fields with defaults",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": { "type": "string", "description": "User name", "default": "John Doe" },
                "age": { "type": "integer", "description": "User age", "default": 30 },
                "score": { "type": "number", "description": "User score", "default": 95.5 },
                "status": {
                    "type": "string",
                    "description": "User status",
                    "enum": ["active", "inactive", "pending"],
                    "default": "active"
                },
                "verified": { "type": "boolean", "description": "Verification status", "default": true }
            }
        }
    });
    let reply = context.elicit(params).await.map_err(|e| e.to_string())?;
    Ok(format!(
        "Elicitation completed: action={}, content={}",
        reply["action"].as_str().unwrap_or("unknown"),
        reply.get("content").cloned().unwrap_or(Value::Null)
    ))
}

/// Elicits every enum shape (SEP-1330).
#[tool]
async fn test_elicitation_sep1330_enums(context: Context) -> Result<String, String> {
    let params = json!({
        "message": "Please select options from the enum fields",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "untitledSingle": {
                    "type": "string",
                    "description": "Select one option",
                    "enum": ["option1", "option2", "option3"]
                },
                "titledSingle": {
                    "type": "string",
                    "description": "Select one option with titles",
                    "oneOf": [
                        { "const": "value1", "title": "First Option" },
                        { "const": "value2", "title": "Second Option" },
                        { "const": "value3", "title": "Third Option" }
                    ]
                },
                "legacyEnum": {
                    "type": "string",
                    "description": "Select one option (legacy)",
                    "enum": ["opt1", "opt2", "opt3"],
                    "enumNames": ["Option One", "Option Two", "Option Three"]
                },
                "untitledMulti": {
                    "type": "array",
                    "description": "Select multiple options",
                    "items": { "type": "string", "enum": ["option1", "option2", "option3"] }
                },
                "titledMulti": {
                    "type": "array",
                    "description": "Select multiple options with titles",
                    "items": {
                        "anyOf": [
                            { "const": "value1", "title": "First Choice" },
                            { "const": "value2", "title": "Second Choice" },
                            { "const": "value3", "title": "Third Choice" }
                        ]
                    }
                }
            }
        }
    });
    let reply = context.elicit(params).await.map_err(|e| e.to_string())?;
    Ok(format!(
        "Elicitation completed: action={}, content={}",
        reply["action"].as_str().unwrap_or("unknown"),
        reply.get("content").cloned().unwrap_or(Value::Null)
    ))
}

fn json_schema_2020_12() -> Map<String, Value> {
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
#[tool(input_schema = json_schema_2020_12)]
fn json_schema_2020_12_tool() -> String {
    "ok".into()
}

/// A static text resource.
#[resource(uri = "test://static-text", mime = "text/plain")]
fn static_text() -> String {
    "This is the content of the static text resource.".into()
}

/// A static binary resource (a PNG).
#[resource(uri = "test://static-binary", mime = "image/png")]
fn static_binary() -> ReadResourceResult {
    let mut contents = BlobResourceContents::new(uri("test://static-binary"), png());
    contents.mime_type = Some(mime("image/png"));
    ReadResourceResult::new(vec![ResourceContents::Blob(contents)])
}

/// Data for an id.
#[resource(uri = "test://template/{id}/data", mime = "application/json")]
fn template_data(id: String) -> String {
    json!({ "id": id, "templateTest": true, "data": format!("Data for ID: {id}") }).to_string()
}

/// A simple prompt.
#[prompt]
fn test_simple_prompt() -> Vec<PromptMessage> {
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
fn test_prompt_with_arguments(arg1: String, arg2: String) -> Vec<PromptMessage> {
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
fn test_prompt_with_embedded_resource(
    #[arg(name = "resourceUri")] resource_uri: String,
) -> Result<Vec<PromptMessage>, mcp_content::ProtocolError> {
    let at = Uri::new(resource_uri)
        .map_err(|v| mcp_content::ProtocolError::invalid_params(format!("resourceUri: {v}")))?;
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
fn test_prompt_with_image() -> Vec<PromptMessage> {
    vec![
        PromptMessage::new(Role::User, image_block()),
        PromptMessage::new(
            Role::User,
            ContentBlock::text("Please analyze the image above."),
        ),
    ]
}

fn complete(_reference: &Value, _argument: &str, value: &str) -> Vec<String> {
    ["paris", "park", "party"]
        .into_iter()
        .filter(|candidate| candidate.starts_with(value) || value == "test")
        .map(String::from)
        .collect()
}

/// The conformance router.
fn router() -> Router {
    mcp_content::router! {
        tools: [
            test_simple_text,
            test_image_content,
            test_audio_content,
            test_embedded_resource,
            test_multiple_content_types,
            test_error_handling,
            test_tool_with_logging,
            test_tool_with_progress,
            test_sampling,
            test_elicitation,
            test_elicitation_sep1034_defaults,
            test_elicitation_sep1330_enums,
            json_schema_2020_12_tool,
        ],
        prompts: [
            test_simple_prompt,
            test_prompt_with_arguments,
            test_prompt_with_embedded_resource,
            test_prompt_with_image,
        ],
        resources: [static_text, static_binary, template_data],
    }
    .info("mcp-content-conformance-server", env!("CARGO_PKG_VERSION"))
    .completion(complete)
    .build()
    .expect("fixture names are unique")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--stdio") => mcp_content::rmcp::serve_stdio(router()).await,
        Some("--http") => {
            let addr = args.get(1).map_or("127.0.0.1:3001", String::as_str);
            let service = mcp_content::rmcp::streamable_http_service(router());
            let app = axum::Router::new().nest_service("/mcp", service);
            // TCP_NODELAY on every accepted socket: an SSE response goes out in several
            // writes, and without it each one after the first waits for the client's
            // delayed ACK (about 40 ms).
            let listener = tokio::net::TcpListener::bind(addr).await?.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            eprintln!(
                "conformance-server listening on http://{}/mcp",
                listener.local_addr()?
            );
            axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await?;
            Ok(())
        }
        _ => {
            eprintln!("usage: conformance-server --stdio | --http 127.0.0.1:PORT");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixture_names_are_unique_and_described() {
        let router = router();
        assert_eq!(router.list_tools().len(), 13);
        for tool in router.list_tools() {
            assert!(
                tool.description.as_deref().is_some_and(|d| !d.is_empty()),
                "{}",
                tool.name
            );
        }
        for prompt in router.list_prompts() {
            assert!(
                prompt.description.as_deref().is_some_and(|d| !d.is_empty()),
                "{}",
                prompt.name
            );
        }
    }
}
