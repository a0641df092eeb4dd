//! The task fixtures: tools that run as tasks (optionally or always), fail as tasks, or wait
//! for the client's input.

use std::time::Duration;

use mcp_content::handler::ProtocolError;
use mcp_content::input::Elicitation;
use mcp_content::{Context, tool};

use crate::input_required::{Name, accepted_name};

/// Greets (a tool that never runs as a task).
///
/// # Arguments
/// * `name` - Who to greet
#[tool]
pub(crate) fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// Computes slowly: sleeps `seconds`, then answers (runs as a task when the client declares
/// the tasks extension).
///
/// # Arguments
/// * `seconds` - How long to work
/// * `label` - A label echoed in the result
#[tool(task = "optional")]
pub(crate) async fn slow_compute(seconds: Option<f64>, label: Option<String>) -> String {
    let seconds = seconds.unwrap_or(0.0).clamp(0.0, 60.0);
    tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
    format!(
        "Computed {} after {seconds}s",
        label.unwrap_or_else(|| "result".into())
    )
}

/// Fails as a tool after about a second (`isError`), always as a task.
#[tool(task = "required")]
pub(crate) async fn failing_job() -> Result<String, String> {
    tokio::time::sleep(Duration::from_secs(1)).await;
    Err("the job failed".into())
}

/// Breaks with a protocol error (the task fails rather than completing with `isError`).
#[tool(task = "optional")]
pub(crate) async fn protocol_error_job() -> String {
    tokio::time::sleep(Duration::from_millis(200)).await;
    panic!("protocol_error_job breaks on purpose");
}

/// The confirmation the task fixtures ask for.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub(crate) struct DeleteConfirmation {
    confirm: bool,
    /// Who confirms (optional).
    name: Option<String>,
}

pub(crate) fn confirmed(answer: Elicitation<DeleteConfirmation>) -> String {
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
pub(crate) async fn confirm_delete(
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
pub(crate) async fn multi_input(context: Context) -> Result<String, ProtocolError> {
    context.run_as_task().await;
    let (first, second) = tokio::join!(
        context.elicit_form_as::<DeleteConfirmation>("first", "Confirm the first step?"),
        context.elicit_form_as::<DeleteConfirmation>("second", "Confirm the second step?"),
    );
    Ok(format!("{}; {}", confirmed(first?), confirmed(second?)))
}

/// Asks for a name, then works on it as a task.
#[tool(task = "required")]
pub(crate) async fn test_tool_with_task(context: Context) -> Result<String, ProtocolError> {
    // Asked in input rounds on the request; the call becomes a task once it is answered.
    let name = context
        .elicit_form_as::<Name>("user_name", "What is your name?")
        .await?;
    context.run_as_task().await;
    Ok(format!("Task done for {}", accepted_name(name)))
}
