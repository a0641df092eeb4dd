//! Fixtures that talk to the client while they run: log messages, progress, sampling and
//! elicitation requests on the back-channel.

use std::time::Duration;

use mcp_content::handler::LogLevel;
use mcp_content::{Context, tool};
use serde_json::{Value, json};

/// Logs three messages while it runs.
#[tool]
pub(crate) async fn test_tool_with_logging(context: Context) -> String {
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
pub(crate) async fn test_tool_with_progress(context: Context) -> String {
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
pub(crate) async fn test_sampling(prompt: String, context: Context) -> Result<String, String> {
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
pub(crate) async fn test_elicitation(message: String, context: Context) -> Result<String, String> {
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
    elicit_and_report(&context, params, "User response").await
}

/// Elicits a form whose fields have defaults (SEP-1034).
#[tool]
pub(crate) async fn test_elicitation_sep1034_defaults(context: Context) -> Result<String, String> {
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
    elicit_and_report(&context, params, "Elicitation completed").await
}

/// Elicits every enum shape (SEP-1330).
#[tool]
pub(crate) async fn test_elicitation_sep1330_enums(context: Context) -> Result<String, String> {
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
    elicit_and_report(&context, params, "Elicitation completed").await
}

/// Sends the elicitation request `params` and reports the client's reply as the fixtures'
/// expected text: `"<label>: action=<action>, content=<content>"`.
async fn elicit_and_report(
    context: &Context,
    params: Value,
    label: &str,
) -> Result<String, String> {
    let reply = context.elicit(params).await.map_err(|e| e.to_string())?;
    Ok(format!(
        "{label}: action={}, content={}",
        reply["action"].as_str().unwrap_or("unknown"),
        reply.get("content").cloned().unwrap_or(Value::Null)
    ))
}

/// Logs at every level; nothing goes out unless the request asked for a log level.
#[tool]
pub(crate) async fn test_logging_tool(context: Context) -> String {
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
