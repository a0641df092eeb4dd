//! A `requestState` is bound to the request it was issued for: the tool (or prompt) and its
//! arguments. A state issued while asking about `{"target": "harmless.txt"}` is refused for
//! a retry on `{"target": "important.db"}` and for another tool, with `-32602` naming the
//! rule; the same request with the same arguments (in any member order) goes on.

use mcp_content::handler::ProtocolError;
use mcp_content::input::{ClientCapabilities, Elicitation, InputParams, Outcome};
use mcp_content::model::Meta;
use mcp_content::{CallToolResult, Context, ProtocolVersion, Router, prompt, tool};
use serde_json::{Map, Value, json};

use crate::stdio::Client;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Confirm {
    sure: bool,
}

/// Deletes `target` once the user confirms.
#[tool]
async fn delete(target: String, context: Context) -> Result<String, ProtocolError> {
    match context
        .elicit_form_as::<Confirm>("confirm", "Delete it?")
        .await?
    {
        Elicitation::Accept(Confirm { sure: true }) => Ok(format!("deleted {target}")),
        _ => Ok("kept".into()),
    }
}

/// Also asks for confirmation; a state of `delete` must not resume it.
#[tool]
async fn wipe(target: String, context: Context) -> Result<String, ProtocolError> {
    delete(target, context).await
}

/// A prompt that confirms before it writes about `topic`.
#[prompt]
async fn summary(topic: String, context: Context) -> Result<String, ProtocolError> {
    context
        .elicit_form_as::<Confirm>("confirm", "Go on?")
        .await?;
    Ok(format!("about {topic}"))
}

fn router() -> Router {
    mcp_content::router! { tools: [delete, wipe], prompts: [summary] }
        .build()
        .unwrap()
}

fn context() -> Context {
    Context::new(Meta::new(), ProtocolVersion::V2026_07_28)
        .with_client_capabilities(ClientCapabilities::from_value(json!({ "elicitation": {} })))
}

fn arguments(value: Value) -> Option<Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// The user's yes, with the state the first round ended with.
fn answered(state: &str) -> InputParams {
    InputParams {
        responses: Some(json!({ "confirm": { "action": "accept", "content": { "sure": true } } })),
        state: Some(state.to_owned()),
    }
}

/// Calls `delete` on `harmless.txt` without answers: the state the server issues.
async fn state_for_harmless(router: &Router) -> String {
    let first = router
        .call_tool_round(
            "delete",
            arguments(json!({ "target": "harmless.txt" })),
            &InputParams::default(),
            context(),
        )
        .await
        .unwrap();
    let Outcome::InputRequired(asked) = first else {
        panic!("delete asks first");
    };
    asked["requestState"].as_str().unwrap().to_owned()
}

fn text(result: &CallToolResult) -> Value {
    serde_json::to_value(&result.content[0]).unwrap()["text"].clone()
}

#[tokio::test]
async fn a_state_for_harmless_txt_is_refused_for_important_db() {
    let router = router();
    let state = state_for_harmless(&router).await;
    let refused = router
        .call_tool_round(
            "delete",
            arguments(json!({ "target": "important.db" })),
            &answered(&state),
            context(),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS, "{refused:?}");
    assert!(
        refused
            .message
            .starts_with("requestState was issued for other arguments: a state is bound"),
        "{}",
        refused.message
    );
    // Adding an argument, or dropping one, is another request too.
    for other in [
        json!({ "target": "harmless.txt", "force": true }),
        json!({}),
    ] {
        let refused = router
            .call_tool_round(
                "delete",
                arguments(other.clone()),
                &answered(&state),
                context(),
            )
            .await
            .unwrap_err();
        assert_eq!(refused.code, ProtocolError::INVALID_PARAMS, "{other}");
    }
}

#[tokio::test]
async fn a_state_of_one_tool_is_refused_for_another_with_the_same_arguments() {
    let router = router();
    let state = state_for_harmless(&router).await;
    let refused = router
        .call_tool_round(
            "wipe",
            arguments(json!({ "target": "harmless.txt" })),
            &answered(&state),
            context(),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS, "{refused:?}");
    assert!(
        refused.message.contains("belongs to another request"),
        "{}",
        refused.message
    );
    // Nor does a tool's state resume a prompt of the same arguments.
    let refused = router
        .get_prompt_round(
            "summary",
            arguments(json!({ "target": "harmless.txt" })),
            &answered(&state),
            context(),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code, ProtocolError::INVALID_PARAMS, "{refused:?}");
}

#[tokio::test]
async fn the_same_request_goes_on_and_may_be_replayed_within_the_ttl() {
    let router = router();
    let state = state_for_harmless(&router).await;
    for _ in 0..2 {
        let done = router
            .call_tool_round(
                "delete",
                arguments(json!({ "target": "harmless.txt" })),
                &answered(&state),
                context(),
            )
            .await
            .unwrap();
        let Outcome::Complete(result) = done else {
            panic!("answered, it completes");
        };
        assert_eq!(text(&result), "deleted harmless.txt");
    }
}

#[tokio::test]
async fn a_prompt_state_is_bound_to_the_prompts_arguments() {
    let router = router();
    let first = router
        .get_prompt_round(
            "summary",
            arguments(json!({ "topic": "cats" })),
            &InputParams::default(),
            context(),
        )
        .await
        .unwrap();
    let Outcome::InputRequired(asked) = first else {
        panic!("summary asks first");
    };
    let state = asked["requestState"].as_str().unwrap();
    let refused = router
        .get_prompt_round(
            "summary",
            arguments(json!({ "topic": "dogs" })),
            &answered(state),
            context(),
        )
        .await
        .unwrap_err();
    assert!(
        refused.message.contains("other arguments"),
        "{}",
        refused.message
    );
    let same = router
        .get_prompt_round(
            "summary",
            arguments(json!({ "topic": "cats" })),
            &answered(state),
            context(),
        )
        .await
        .unwrap();
    assert!(matches!(same, Outcome::Complete(_)));
}

/// Asks before it erases, then erases as a task.
#[tool(task = "required")]
async fn erase(target: String, context: Context) -> Result<String, ProtocolError> {
    let said = delete(target, context.clone()).await?;
    context.run_as_task().await;
    Ok(said)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_tools_state_is_bound_to_its_arguments_over_stdio() {
    let router = mcp_content::router! { tools: [erase] }.build().unwrap();
    let mut client = Client::start(router, &tokio::runtime::Handle::current());
    let asked = client
        .request(
            "tools/call",
            json!({ "name": "erase", "arguments": { "target": "harmless.txt" } }),
        )
        .await;
    assert_eq!(asked["result"]["resultType"], "input_required", "{asked}");
    let state = asked["result"]["requestState"].clone();
    let yes = json!({ "confirm": { "action": "accept", "content": { "sure": true } } });
    let refused = client
        .request(
            "tools/call",
            json!({
                "name": "erase",
                "arguments": { "target": "important.db" },
                "inputResponses": yes,
                "requestState": state,
            }),
        )
        .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("other arguments"),
        "{refused}"
    );
    let accepted = client
        .request(
            "tools/call",
            json!({
                "name": "erase",
                "arguments": { "target": "harmless.txt" },
                "inputResponses": yes,
                "requestState": state,
            }),
        )
        .await;
    assert_eq!(accepted["result"]["resultType"], "task", "{accepted}");
}
