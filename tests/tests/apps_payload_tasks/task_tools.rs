//! Task tools (`#[tool(task = "optional" | "required")]`, the `io.modelcontextprotocol/tasks`
//! extension, SEP-2663) served through `router!` on `rmcp`'s stdio transport, spoken line by
//! line at 2026-07-28: a task tool becomes a task the first time it waits, is polled with
//! `tasks/get`, asks its questions in input rounds before that, and runs inline (or is
//! refused) for a client without the extension.

use std::time::{Duration, Instant};

use mcp_content::handler::ProtocolError;
use mcp_content::input::Elicitation;
use mcp_content::tasks::TaskSupport;
use mcp_content::{Context, ProtocolVersion, Router, SerializeFor, tool};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines};

/// Works for a moment, then answers.
///
/// # Arguments
/// * `label` - Echoed in the result
#[tool(task = "optional")]
async fn slow(label: String) -> String {
    tokio::time::sleep(Duration::from_millis(50)).await;
    format!("done: {label}")
}

/// Answers at once.
#[tool(task = "required")]
fn quick() -> String {
    "quick".into()
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Name {
    name: String,
}

/// Asks for a name in input rounds, then greets as a task.
#[tool(task = "required")]
async fn greet_later(context: Context) -> Result<String, ProtocolError> {
    let name = match context
        .elicit_form_as::<Name>("user_name", "Your name?")
        .await?
    {
        Elicitation::Accept(Name { name }) => name,
        Elicitation::Decline | Elicitation::Cancel => "stranger".into(),
    };
    context.run_as_task().await;
    Ok(format!("Hello, {name}!"))
}

/// Declared by the attribute, not by the builder.
fn router() -> Router {
    mcp_content::router! { tools: [slow, quick, greet_later] }
        .build()
        .unwrap()
}

#[test]
fn the_attribute_declares_task_support_and_the_builder_can_override_it() {
    let router = router();
    assert_eq!(router.task_support("slow"), Some(TaskSupport::Optional));
    assert_eq!(router.task_support("quick"), Some(TaskSupport::Required));
    assert!(router.has_task_tools());
    let overridden = Router::builder()
        .task_tool(quick {}, TaskSupport::Optional)
        .build()
        .unwrap();
    assert_eq!(
        overridden.task_support("quick"),
        Some(TaskSupport::Optional)
    );
    // Not on the wire: 2026-07-28 tools have no `execution`, and 2025-11-25's announces
    // that version's experimental tasks, which are not served.
    for version in ProtocolVersion::ALL {
        let listed = serde_json::to_value(router.list_tools()[0].for_version(version)).unwrap();
        assert!(listed.get("execution").is_none(), "{version}: {listed}");
    }
}

struct Client {
    to_server: DuplexStream,
    lines: Lines<BufReader<DuplexStream>>,
    next_id: u64,
}

impl Client {
    fn start(router: Router) -> Self {
        let (to_server, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, from_server) = tokio::io::duplex(1 << 16);
        tokio::spawn(mcp_content::rmcp::serve_stdio_with(
            router,
            server_in,
            server_out,
            1 << 20,
        ));
        Self {
            to_server,
            lines: BufReader::new(from_server).lines(),
            next_id: 0,
        }
    }

    /// A 2026-07-28 request declaring elicitation, and the tasks extension when `tasks`;
    /// the JSON-RPC reply.
    async fn request(&mut self, method: &str, mut params: Value, tasks: bool) -> Value {
        let mut capabilities = json!({ "elicitation": {} });
        if tasks {
            capabilities["extensions"] = json!({ "io.modelcontextprotocol/tasks": {} });
        }
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { "name": "handler_tasks", "version": "1" },
            "io.modelcontextprotocol/clientCapabilities": capabilities,
        });
        self.next_id += 1;
        let id = self.next_id;
        let line = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.to_server
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        loop {
            let line = tokio::time::timeout(Duration::from_secs(20), self.lines.next_line())
                .await
                .expect("the server answers within 20 s")
                .unwrap()
                .expect("the server is still there");
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    async fn call(&mut self, params: Value, tasks: bool) -> Value {
        self.request("tools/call", params, tasks).await
    }

    /// `tasks/get` until the task reaches `status`.
    async fn poll_until(&mut self, task_id: &str, status: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let task = self
                .request("tasks/get", json!({ "taskId": task_id }), true)
                .await;
            if task["result"]["status"] == status {
                return task["result"].clone();
            }
            assert!(
                Instant::now() < deadline,
                "task never reached {status}: {task}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn task_id(created: &Value) -> String {
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    created["result"]["taskId"]
        .as_str()
        .expect("a CreateTaskResult carries taskId")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_tool_that_waits_becomes_a_task_polled_with_tasks_get() {
    let mut client = Client::start(router());
    let created = client
        .call(
            json!({ "name": "slow", "arguments": { "label": "x" } }),
            true,
        )
        .await;
    let id = task_id(&created);
    assert_eq!(created["result"]["status"], "working", "{created}");
    let done = client.poll_until(&id, "completed").await;
    assert_eq!(done["result"]["content"][0]["text"], "done: x", "{done}");
    assert_eq!(done["resultType"], "complete", "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_extension_an_optional_task_tool_runs_inline_and_a_required_one_is_refused() {
    let mut client = Client::start(router());
    let inline = client
        .call(
            json!({ "name": "slow", "arguments": { "label": "y" } }),
            false,
        )
        .await;
    assert_eq!(inline["result"]["resultType"], "complete", "{inline}");
    assert_eq!(
        inline["result"]["content"][0]["text"], "done: y",
        "{inline}"
    );

    let refused = client.call(json!({ "name": "quick" }), false).await;
    assert_eq!(refused["error"]["code"], -32021, "{refused}");
    assert!(
        refused["error"]["data"]["requiredCapabilities"]["extensions"]
            ["io.modelcontextprotocol/tasks"]
            .is_object(),
        "{refused}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_required_task_tool_that_finishes_at_once_is_a_completed_task() {
    let mut client = Client::start(router());
    let created = client.call(json!({ "name": "quick" }), true).await;
    let id = task_id(&created);
    let done = client.poll_until(&id, "completed").await;
    assert_eq!(done["result"]["content"][0]["text"], "quick", "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_rounds_before_run_as_task_then_a_task_with_the_answer() {
    let mut client = Client::start(router());
    let round = client.call(json!({ "name": "greet_later" }), true).await;
    let result = &round["result"];
    assert_eq!(result["resultType"], "input_required", "{round}");
    assert!(result.get("taskId").is_none(), "{round}");
    assert_eq!(
        result["inputRequests"]["user_name"]["method"], "elicitation/create",
        "{round}"
    );
    let state = result["requestState"].clone();

    let created = client
        .call(
            json!({
                "name": "greet_later",
                "inputResponses": { "user_name": { "action": "accept", "content": { "name": "Alice" } } },
                "requestState": state,
            }),
            true,
        )
        .await;
    let id = task_id(&created);
    let task = &created["result"];
    assert!(task.get("requestState").is_none(), "{created}");
    assert!(task.get("inputRequests").is_none(), "{created}");
    let done = client.poll_until(&id, "completed").await;
    assert_eq!(
        done["result"]["content"][0]["text"], "Hello, Alice!",
        "{done}"
    );
}
