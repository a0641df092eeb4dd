//! The fixtures the official MCP conformance suite (`@modelcontextprotocol/conformance`)
//! calls for tools, resources and prompts, built only with this framework's attributes and
//! served through `rmcp` or through mcp-content's own Streamable HTTP endpoint.
//!
//! ```text
//! cargo run -p mcp-content-examples --bin conformance-server -- --http 127.0.0.1:3001      # rmcp's Streamable HTTP at /mcp
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001  # mcp_content::http::HttpServer at /mcp
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001 --allow-origin http://127.0.0.1:8000  # browsers from that origin only (repeatable)
//! cargo run -p mcp-content-examples --bin conformance-server -- --own-http 127.0.0.1:3001 --redis redis://127.0.0.1:6379/ --key-file state-keys  # a replica: tasks, payload links and changes in Redis
//! cargo run -p mcp-content-examples --bin conformance-server -- --stdio
//! ```
//!
//! As a replica (`--redis URL --key-file PATH`), every replica given the same Redis and the
//! same key file answers any request of the 2026-07-28 flow: `scripts/conformance-replicas.sh`
//! runs the suite through a round-robin proxy in front of three of them.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use mcp_content::handler::{LogLevel, ProtocolError};
use mcp_content::http::Serve;
use mcp_content::input::{Capability, Elicitation, InputRequest, StateKey, StateKeys};
use mcp_content::model::{
    Base64Data, BlobResourceContents, EmbeddedResource, ImageContent, MimeType, PromptMessage,
    ReadResourceResult, ResourceContents, Role, TextResourceContents, Uri,
};
use mcp_content::redis::{Redis, RedisChangeBus, RedisPayloadStore, RedisTaskStore};
use mcp_content::tasks::FileTaskStore;
use mcp_content::{ContentBlock, Context, Router, prompt, resource, tool};
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

/// A scan too large to send inline (1.5 MB, over the 1 MiB a client's SSE reader takes in
/// one event by default): written as a link to a payload the client reads with
/// `resources/read`.
#[tool(max_inline = "256KiB")]
fn large_payload_link() -> ContentBlock {
    let bytes: Vec<u8> = (0..1_500_000_u32).map(|i| (i % 251) as u8).collect();
    ImageContent::new(Base64Data::from_bytes(bytes), mime("image/png"))
        .expect("image/png is an image type")
        .into()
}

/// An audio clip (WAV).
#[tool]
fn test_audio_content() -> ContentBlock {
    let data = Base64Data::from_base64(WAV).expect("the fixture WAV is base64");
    mcp_content::model::AudioContent::new(data, mime("audio/wav"))
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

/// The name asked for in the input-required fixtures.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Name {
    name: String,
}

/// A favourite colour (the second round of the multi-round fixture).
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Colour {
    color: String,
}

fn accepted_name(answer: Elicitation<Name>) -> String {
    match answer {
        Elicitation::Accept(Name { name }) => name,
        Elicitation::Decline => "(declined)".into(),
        Elicitation::Cancel => "(cancelled)".into(),
    }
}

fn capital_question() -> Value {
    json!({
        "messages": [{ "role": "user", "content": { "type": "text", "text": "What is the capital of France?" } }],
        "maxTokens": 100
    })
}

/// Asks for the user's name, then greets them (one input round on 2026-07-28, an
/// `elicitation/create` on the back-channel before).
#[tool]
async fn test_input_required_result_elicitation(context: Context) -> Result<String, ProtocolError> {
    let answer = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    Ok(format!("Hello, {}!", accepted_name(answer)))
}

/// Asks the client's model a question.
#[tool]
async fn test_input_required_result_sampling(context: Context) -> Result<String, ProtocolError> {
    let reply = context
        .ask(
            "capital_question",
            InputRequest::CreateMessage(capital_question()),
        )
        .await?;
    let text = reply["content"]["text"].as_str().unwrap_or_default();
    Ok(format!("The model answered: {text}"))
}

/// Asks the client for its roots.
#[tool]
async fn test_input_required_result_list_roots(context: Context) -> Result<String, ProtocolError> {
    let reply = context.ask("client_roots", InputRequest::ListRoots).await?;
    let roots: Vec<&str> = reply["roots"]
        .as_array()
        .map(|roots| roots.iter().filter_map(|r| r["uri"].as_str()).collect())
        .unwrap_or_default();
    Ok(format!("Client roots: {}", roots.join(", ")))
}

/// A yes / no confirmation.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Confirm {
    ok: bool,
}

/// Context for a prompt.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct PromptContext {
    context: String,
}

/// Asks for a confirmation; on the second round the answer arrives with the sealed state
/// the framework verified.
#[tool]
async fn test_input_required_result_request_state(
    context: Context,
) -> Result<String, ProtocolError> {
    let answer = context
        .elicit_form_as::<Confirm>("confirm", "Please confirm")
        .await?;
    let state = if context.input_round() > 0 {
        "state-ok"
    } else {
        "no state"
    };
    let confirmed = matches!(answer, Elicitation::Accept(Confirm { ok: true }));
    Ok(format!("{state}: confirmed={confirmed}"))
}

/// Asks for a name, a greeting from the model and the roots, all in one round.
#[tool]
async fn test_input_required_result_multiple_inputs(
    context: Context,
) -> Result<String, ProtocolError> {
    let greeting = json!({
        "messages": [{ "role": "user", "content": { "type": "text", "text": "Generate a greeting" } }],
        "maxTokens": 50
    });
    let (name, greeting, roots) = tokio::join!(
        context.elicit_form_as::<Name>("user_name", "What is your name?"),
        context.ask("greeting", InputRequest::CreateMessage(greeting)),
        context.ask("client_roots", InputRequest::ListRoots),
    );
    let (name, greeting, roots) = (name?, greeting?, roots?);
    Ok(format!(
        "{} says {} with {} roots",
        accepted_name(name),
        greeting["content"]["text"].as_str().unwrap_or_default(),
        roots["roots"].as_array().map_or(0, Vec::len)
    ))
}

/// Two rounds: a name, then a colour.
#[tool]
async fn test_input_required_result_multi_round(context: Context) -> Result<String, ProtocolError> {
    let name = context
        .elicit_form_as::<Name>("step1", "Step 1: What is your name?")
        .await?;
    let colour = context
        .elicit_form_as::<Colour>("step2", "Step 2: What is your favorite color?")
        .await?;
    let colour = match colour {
        Elicitation::Accept(Colour { color }) => color,
        Elicitation::Decline | Elicitation::Cancel => "(none)".into(),
    };
    Ok(format!("{} likes {colour}", accepted_name(name)))
}

/// Asks for a name; a tampered `requestState` on the retry is refused by the framework.
#[tool]
async fn test_input_required_result_tampered_state(
    context: Context,
) -> Result<String, ProtocolError> {
    let answer = context.elicit(json!({
        "message": "Confirm?",
        "requestedSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } } }
    }));
    let answer = answer.await?;
    Ok(format!(
        "Confirmed: {}",
        answer["action"].as_str().unwrap_or_default()
    ))
}

/// Asks only for what the client declared: sampling and/or elicitation.
#[tool]
async fn test_input_required_result_capabilities(
    context: Context,
) -> Result<String, ProtocolError> {
    let mut said = Vec::new();
    if context.client_supports(Capability::Sampling) {
        let reply = context
            .ask(
                "capital_question",
                InputRequest::CreateMessage(capital_question()),
            )
            .await?;
        said.push(
            reply["content"]["text"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
    }
    if context.client_supports(Capability::ElicitationForm) {
        let name = context
            .elicit_form_as::<Name>("user_name", "What is your name?")
            .await?;
        said.push(accepted_name(name));
    }
    Ok(format!("Answers: {}", said.join(", ")))
}

/// Needs sampling: a client that did not declare it gets `-32021`.
#[tool]
async fn test_missing_capability(context: Context) -> Result<String, ProtocolError> {
    let reply = context.create_message(capital_question()).await?;
    Ok(format!(
        "The model answered: {}",
        reply["content"]["text"].as_str().unwrap_or_default()
    ))
}

/// Asks for a name while the request's stream is open: the question goes out as an
/// `InputRequiredResult` on 2026-07-28, never as a request of its own on the stream.
#[tool]
async fn test_streaming_elicitation(context: Context) -> Result<String, ProtocolError> {
    let _ = context.progress(0.0, Some(1.0), Some("asking")).await;
    let answer = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    Ok(format!("Hello, {}!", accepted_name(answer)))
}

/// Logs at every level; nothing goes out unless the request asked for a log level.
#[tool]
async fn test_logging_tool(context: Context) -> String {
    for level in [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Warning,
        LogLevel::Error,
    ] {
        let _ = context
            .log(level, Some("conformance"), "test_logging_tool ran")
            .await;
    }
    "Logged".into()
}

/// A prompt that asks the user for their name first.
#[prompt]
async fn test_input_required_result_prompt(
    context: Context,
) -> Result<Vec<PromptMessage>, ProtocolError> {
    let answer = context
        .elicit_form_as::<PromptContext>("user_context", "What context should the prompt use?")
        .await?;
    let text = match answer {
        Elicitation::Accept(PromptContext { context }) => context,
        Elicitation::Decline | Elicitation::Cancel => "no context".into(),
    };
    Ok(vec![PromptMessage::new(
        Role::User,
        ContentBlock::text(format!("Answer with this context: {text}")),
    )])
}

/// Greets (a tool that never runs as a task).
///
/// # Arguments
/// * `name` - Who to greet
#[tool]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// Computes slowly: sleeps `seconds`, then answers (runs as a task when the client declares
/// the tasks extension).
///
/// # Arguments
/// * `seconds` - How long to work
/// * `label` - A label echoed in the result
#[tool(task = "optional")]
async fn slow_compute(seconds: Option<f64>, label: Option<String>) -> String {
    let seconds = seconds.unwrap_or(0.0).clamp(0.0, 60.0);
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    format!(
        "Computed {} after {seconds}s",
        label.unwrap_or_else(|| "result".into())
    )
}

/// Fails as a tool after about a second (`isError`), always as a task.
#[tool(task = "required")]
async fn failing_job() -> Result<String, String> {
    tokio::time::sleep(Duration::from_secs(1)).await;
    Err("the job failed".into())
}

/// Breaks with a protocol error (the task fails rather than completing with `isError`).
#[tool(task = "optional")]
async fn protocol_error_job() -> String {
    tokio::time::sleep(Duration::from_millis(200)).await;
    panic!("protocol_error_job breaks on purpose");
}

/// The confirmation the task fixtures ask for.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct DeleteConfirmation {
    confirm: bool,
    /// Who confirms (optional).
    name: Option<String>,
}

fn confirmed(answer: Elicitation<DeleteConfirmation>) -> String {
    match answer {
        Elicitation::Accept(DeleteConfirmation { confirm, name }) => {
            format!(
                "confirm={confirm} by {}",
                name.unwrap_or_else(|| "someone".into())
            )
        }
        Elicitation::Decline | Elicitation::Cancel => "declined".into(),
    }
}

/// Asks for confirmation before "deleting" a file (a task waits for the answer).
///
/// # Arguments
/// * `filename` - The file to delete
#[tool(task = "optional")]
async fn confirm_delete(
    filename: Option<String>,
    context: Context,
) -> Result<String, ProtocolError> {
    // A task from the start: the confirmation is the task's question, not an input round.
    context.run_as_task().await;
    let file = filename.unwrap_or_else(|| "the file".into());
    let answer = context
        .elicit_form_as::<DeleteConfirmation>("confirm", format!("Delete {file}?"))
        .await?;
    Ok(format!("{file}: {}", confirmed(answer)))
}

/// Asks two questions at once (a task waits for both).
#[tool(task = "optional")]
async fn multi_input(context: Context) -> Result<String, ProtocolError> {
    context.run_as_task().await;
    let (first, second) = tokio::join!(
        context.elicit_form_as::<DeleteConfirmation>("first", "Confirm the first step?"),
        context.elicit_form_as::<DeleteConfirmation>("second", "Confirm the second step?"),
    );
    Ok(format!("{}; {}", confirmed(first?), confirmed(second?)))
}

/// Asks for a name, then works on it as a task.
#[tool(task = "required")]
async fn test_tool_with_task(context: Context) -> Result<String, ProtocolError> {
    // Asked in input rounds on the request; the call becomes a task once it is answered.
    let name = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    context.run_as_task().await;
    Ok(format!("Task done for {}", accepted_name(name)))
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
///
/// Takes every property its hand-written schema declares (the schema, not the parameters,
/// is what `tools/list` shows).
#[tool(input_schema = json_schema_2020_12)]
fn json_schema_2020_12_tool(
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

fn region_header_schema() -> Map<String, Value> {
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
fn test_custom_header_lookup(region: String, query: Option<String>) -> String {
    format!(
        "{} in {region}",
        query.unwrap_or_else(|| "everything".into())
    )
}

/// The router serving this process, for the fixture that announces a change.
static ROUTER: OnceLock<Arc<Router>> = OnceLock::new();

/// Announces that a resource changed: `notifications/resources/updated` to its subscribers
/// (`subscriptions/listen`, `resources/subscribe`), on every replica sharing the change bus.
///
/// # Arguments
/// * `uri` - The resource that changed (`test://static-text` when absent)
#[tool]
async fn test_resource_changed(uri: Option<String>) -> Result<String, ProtocolError> {
    let uri = uri.unwrap_or_else(|| "test://static-text".into());
    let router = ROUTER
        .get()
        .ok_or_else(|| ProtocolError::internal("the router is not built yet"))?;
    router
        .notify_resource_updated(&uri)
        .await
        .map_err(|e| ProtocolError::internal(format!("{uri} changed, but not announced: {e}")))?;
    Ok(format!("announced {uri}"))
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
#[cfg(test)]
fn router() -> Router {
    router_builder().build().expect("fixture names are unique")
}

/// The conformance handlers.
fn router_builder() -> mcp_content::RouterBuilder {
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
            test_custom_header_lookup,
            test_input_required_result_elicitation,
            test_input_required_result_sampling,
            test_input_required_result_list_roots,
            test_input_required_result_request_state,
            test_input_required_result_multiple_inputs,
            test_input_required_result_multi_round,
            test_input_required_result_tampered_state,
            test_input_required_result_capabilities,
            test_missing_capability,
            test_streaming_elicitation,
            test_logging_tool,
            greet,
            slow_compute,
            failing_job,
            protocol_error_job,
            confirm_delete,
            multi_input,
            test_tool_with_task,
            large_payload_link,
            test_resource_changed,
        ],
        prompts: [
            test_input_required_result_prompt,
            test_simple_prompt,
            test_prompt_with_arguments,
            test_prompt_with_embedded_resource,
            test_prompt_with_image,
        ],
        resources: [static_text, static_binary, template_data],
    }
    .info("mcp-content-conformance-server", env!("CARGO_PKG_VERSION"))
    .completion(complete)
}

/// The router, configured from the environment for replicas: `MCP_CONTENT_STATE_KEY` (at
/// least 32 bytes) seals `requestState` with a key every replica shares, and
/// `MCP_CONTENT_TASK_DIR` keeps tasks in a directory every replica shares. With `shared`
/// (`--redis URL --key-file PATH`), tasks, payload links and change notifications live in
/// Redis and the key file's keys seal `requestState` instead.
async fn configured_router(shared: Option<&Shared>) -> Result<Arc<Router>, String> {
    let mut builder = router_builder();
    if let Ok(secret) = std::env::var("MCP_CONTENT_STATE_KEY") {
        let key = StateKey::new("shared", secret.into_bytes())
            .map_err(|e| format!("MCP_CONTENT_STATE_KEY: {e}"))?;
        builder = builder.state_keys(StateKeys::new(key));
    }
    if let Ok(dir) = std::env::var("MCP_CONTENT_TASK_DIR") {
        let store =
            FileTaskStore::new(&dir).map_err(|e| format!("MCP_CONTENT_TASK_DIR {dir}: {e}"))?;
        builder = builder.task_store(store);
    }
    if let Some(shared) = shared {
        let redis = Redis::connect(&shared.redis)
            .await
            .map_err(|e| e.to_string())?;
        let bus = RedisChangeBus::new(&redis)
            .await
            .map_err(|e| e.to_string())?;
        builder = builder
            .task_store(RedisTaskStore::new(&redis))
            .payload_store(RedisPayloadStore::new(&redis))
            .change_bus(bus);
        if let Some(path) = &shared.key_file {
            builder =
                builder.state_keys(StateKeys::from_key_file(path).map_err(|e| e.to_string())?);
        }
    }
    let router = Arc::new(
        builder
            .build()
            .map_err(|e| format!("the router does not build: {e}"))?,
    );
    let _ = ROUTER.set(Arc::clone(&router));
    Ok(router)
}

/// `--redis URL` and `--key-file PATH`: the stores every replica shares.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Shared {
    redis: String,
    key_file: Option<String>,
}

/// The flags after `--own-http ADDR`.
#[derive(Debug, Default, PartialEq, Eq)]
struct OwnHttpFlags {
    /// `--allow-origin ORIGIN` (repeatable).
    origins: Vec<String>,
    /// `--redis URL`.
    redis: Option<String>,
    /// `--key-file PATH`.
    key_file: Option<String>,
}

impl OwnHttpFlags {
    /// The shared stores asked for: `--key-file` needs `--redis` (the router refuses shared
    /// stores without it, saying so).
    fn shared(&self) -> Result<Option<Shared>, String> {
        match (&self.redis, &self.key_file) {
            (None, None) => Ok(None),
            (None, Some(_)) => Err("--key-file goes with --redis URL".into()),
            (Some(redis), key_file) => Ok(Some(Shared {
                redis: redis.clone(),
                key_file: key_file.clone(),
            })),
        }
    }
}

/// Reads `--allow-origin ORIGIN`, `--redis URL` and `--key-file PATH` pairs; anything else is
/// an error naming it.
fn own_http_flags(rest: &[String]) -> Result<OwnHttpFlags, String> {
    let mut flags = OwnHttpFlags::default();
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let slot = match flag.as_str() {
            "--allow-origin" => None,
            "--redis" => Some(&mut flags.redis),
            "--key-file" => Some(&mut flags.key_file),
            other => return Err(format!("unknown argument {other:?}")),
        };
        let Some(value) = rest.next() else {
            let what = if flag == "--allow-origin" {
                "an ORIGIN"
            } else if flag == "--redis" {
                "a URL"
            } else {
                "a PATH"
            };
            return Err(format!("{flag} needs {what}"));
        };
        match slot {
            None => flags.origins.push(value.clone()),
            Some(slot) if slot.is_some() => return Err(format!("{flag} given twice")),
            Some(slot) => *slot = Some(value.clone()),
        }
    }
    Ok(flags)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--stdio") => mcp_content::rmcp::serve_stdio(configured_router(None).await?).await,
        Some("--http") => {
            let addr = args.get(1).map_or("127.0.0.1:3001", String::as_str);
            let service =
                mcp_content::rmcp::streamable_http_service(configured_router(None).await?);
            let app = axum::Router::new().nest_service("/mcp", service);
            // The hardened loop (header and body timeouts, a connection limit, a backoff when
            // out of descriptors, TCP_NODELAY on every socket) serves the axum app as it is.
            let listener = tokio::net::TcpListener::bind(addr).await?;
            eprintln!(
                "conformance-server listening on http://{}/mcp",
                listener.local_addr()?
            );
            Serve::new()
                .run_until(listener, app, async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await?;
            Ok(())
        }
        Some("--own-http") => {
            let given = args.get(1).filter(|a| !a.starts_with("--"));
            let addr = given.map_or("127.0.0.1:3001", String::as_str);
            // `--allow-origin ORIGIN` (repeatable): browsers from exactly these origins
            // (scripts/browser-cors.sh); without it, the default (loopback origins).
            // `--redis URL --key-file PATH`: a replica (scripts/conformance-replicas.sh).
            let flags = own_http_flags(&args[1 + usize::from(given.is_some())..])?;
            // Connected before listening: a replica that cannot reach Redis never accepts.
            let router = configured_router(flags.shared()?.as_ref()).await?;
            let listener = tokio::net::TcpListener::bind(addr).await?;
            eprintln!(
                "conformance-server (own endpoint) listening on http://{}/mcp",
                listener.local_addr()?
            );
            // `serve` runs the same hardened loop, with its defaults.
            let mut server = mcp_content::http::HttpServer::new(router);
            if !flags.origins.is_empty() {
                server = server.allowed_origins(flags.origins);
            }
            tokio::select! {
                outcome = server.serve(listener) => outcome?,
                _ = tokio::signal::ctrl_c() => {}
            }
            Ok(())
        }
        _ => {
            eprintln!(
                "usage: conformance-server --stdio | --http 127.0.0.1:PORT | --own-http 127.0.0.1:PORT [--allow-origin ORIGIN]... [--redis URL --key-file PATH]"
            );
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
        assert_eq!(router.list_tools().len(), 34);
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

    #[test]
    fn own_http_flags_are_read_in_order_and_anything_else_is_refused() {
        let args = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(own_http_flags(&[]), Ok(OwnHttpFlags::default()));
        let flags = own_http_flags(&args(&[
            "--allow-origin",
            "http://127.0.0.1:8000",
            "--redis",
            "redis://127.0.0.1:6379/",
            "--allow-origin",
            "https://app.example.com",
            "--key-file",
            "keys",
        ]))
        .expect("valid flags");
        assert_eq!(
            flags.origins,
            args(&["http://127.0.0.1:8000", "https://app.example.com"])
        );
        assert_eq!(
            flags.shared(),
            Ok(Some(Shared {
                redis: "redis://127.0.0.1:6379/".into(),
                key_file: Some("keys".into()),
            }))
        );
        let refused = |list: &[&str]| own_http_flags(&args(list)).err();
        assert_eq!(
            refused(&["--allow-origin"]).as_deref(),
            Some("--allow-origin needs an ORIGIN")
        );
        assert_eq!(
            refused(&["--redis"]).as_deref(),
            Some("--redis needs a URL")
        );
        assert_eq!(
            refused(&["--key-file", "a", "--key-file", "b"]).as_deref(),
            Some("--key-file given twice")
        );
        assert_eq!(
            refused(&["--allow-orign", "x"]).as_deref(),
            Some("unknown argument \"--allow-orign\"")
        );
    }

    #[test]
    fn a_key_file_without_redis_is_refused() {
        let flags = OwnHttpFlags {
            key_file: Some("keys".into()),
            ..OwnHttpFlags::default()
        };
        assert_eq!(
            flags.shared(),
            Err("--key-file goes with --redis URL".to_string())
        );
    }
}
