//! The 2026-07-28 input-required fixtures: a tool or prompt asks the client for input (a name,
//! a model's answer, roots, a confirmation) and is called again with the answers.

use mcp_content::handler::ProtocolError;
use mcp_content::input::{Capability, Elicitation, InputRequest};
use mcp_content::model::{PromptMessage, Role};
use mcp_content::{ContentBlock, Context, prompt, tool};
use serde_json::{Value, json};

/// The name asked for in the input-required fixtures.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub(crate) struct Name {
    name: String,
}

/// A favourite colour (the second round of the multi-round fixture).
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub(crate) struct Colour {
    color: String,
}

pub(crate) fn accepted_name(answer: Elicitation<Name>) -> String {
    match answer {
        Elicitation::Accept(Name { name }) => name,
        Elicitation::Decline => "(declined)".into(),
        Elicitation::Cancel => "(cancelled)".into(),
    }
}

pub(crate) fn capital_question() -> Value {
    json!({
        "messages": [{ "role": "user", "content": { "type": "text", "text": "What is the capital of France?" } }],
        "maxTokens": 100
    })
}

/// Asks for the user's name, then greets them (one input round on 2026-07-28, an
/// `elicitation/create` on the back-channel before).
#[tool]
pub(crate) async fn test_input_required_result_elicitation(
    context: Context,
) -> Result<String, ProtocolError> {
    let answer = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    Ok(format!("Hello, {}!", accepted_name(answer)))
}

/// Asks the client's model a question.
#[tool]
pub(crate) async fn test_input_required_result_sampling(
    context: Context,
) -> Result<String, ProtocolError> {
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
pub(crate) async fn test_input_required_result_list_roots(
    context: Context,
) -> Result<String, ProtocolError> {
    let reply = context.ask("client_roots", InputRequest::ListRoots).await?;
    let roots: Vec<&str> = reply["roots"]
        .as_array()
        .map(|roots| roots.iter().filter_map(|r| r["uri"].as_str()).collect())
        .unwrap_or_default();
    Ok(format!("Client roots: {}", roots.join(", ")))
}

/// A yes / no confirmation.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub(crate) struct Confirm {
    ok: bool,
}

/// Context for a prompt.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub(crate) struct PromptContext {
    context: String,
}

/// Asks for a confirmation; on the second round the answer arrives with the sealed state
/// the framework verified.
#[tool]
pub(crate) async fn test_input_required_result_request_state(
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
pub(crate) async fn test_input_required_result_multiple_inputs(
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
pub(crate) async fn test_input_required_result_multi_round(
    context: Context,
) -> Result<String, ProtocolError> {
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
pub(crate) async fn test_input_required_result_tampered_state(
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
pub(crate) async fn test_input_required_result_capabilities(
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
pub(crate) async fn test_missing_capability(context: Context) -> Result<String, ProtocolError> {
    let reply = context.create_message(capital_question()).await?;
    Ok(format!(
        "The model answered: {}",
        reply["content"]["text"].as_str().unwrap_or_default()
    ))
}

/// Asks for a name while the request's stream is open: the question goes out as an
/// `InputRequiredResult` on 2026-07-28, never as a request of its own on the stream.
#[tool]
pub(crate) async fn test_streaming_elicitation(context: Context) -> Result<String, ProtocolError> {
    let _ = context.progress(0.0, Some(1.0), Some("asking")).await;
    let answer = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    Ok(format!("Hello, {}!", accepted_name(answer)))
}

/// A prompt that asks the user for their name first.
#[prompt]
pub(crate) async fn test_input_required_result_prompt(
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
