//! The tasks engine (the `io.modelcontextprotocol/tasks` extension, SEP-2663) both
//! transports run task tools through, on tokio: a task tool's call starts in the request
//! and becomes a task the first time it waits; `tasks/get`, `tasks/update` and
//! `tasks/cancel` read and change the records in the router's [`TaskStore`].

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::task::Poll;
use std::time::Duration;

use serde_json::{Map, Value, json};

use crate::model::meta::Meta;
use crate::model::tool::CallToolResult;
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::handler::cancel::Cancellation;
use crate::server::handler::{BoxFuture, Context, ProtocolError};
use crate::server::input::{
    Capability, ClientCapabilities, Round, StateKeys, Target, missing_capability,
};
use crate::server::request::Method;
use crate::server::router::Router;
use crate::server::tasks::{TaskRecord, TaskStore, TaskSupport};
use crate::wire::version::SerializeFor;

use super::task_lease::{claim, end_lapsed, now_ms, renewing};

/// How long a task is kept, and how often clients are told to poll.
const TTL_MS: u64 = 60 * 60 * 1000;
const POLL_INTERVAL_MS: u64 = 250;

/// What the engine needs from whatever runs the tools (the `Router` implements it).
pub trait TaskHost: Send + Sync + 'static {
    /// Where the tasks are kept.
    fn task_store(&self) -> &dyn TaskStore;
    /// How long the lease on a running task lasts (see [`TaskStore`], "The lease").
    fn task_lease(&self) -> Duration;
    /// The keys that seal `requestState` (a task tool's input rounds before it becomes
    /// a task).
    fn state_keys(&self) -> &StateKeys;
    /// Runs the tool `name` with `arguments`.
    fn run_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, Result<CallToolResult, ProtocolError>>;
}

impl TaskHost for Router {
    fn task_store(&self) -> &dyn TaskStore {
        Router::task_store(self)
    }

    fn task_lease(&self) -> Duration {
        Router::task_lease(self)
    }

    fn state_keys(&self) -> &StateKeys {
        Router::state_keys(self)
    }

    fn run_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: Context,
    ) -> BoxFuture<'_, Result<CallToolResult, ProtocolError>> {
        let name = name.to_owned();
        Box::pin(async move { self.call_tool(&name, Some(arguments), context).await })
    }
}

/// The tasks running in this process, so `tasks/cancel` can stop them: by task id, which
/// is unique in the process ([`new_id`]) whichever router started the task.
static RUNNING: LazyLock<Running> = LazyLock::new(Running::default);

#[derive(Debug, Default)]
struct Running {
    handles: Mutex<HashMap<String, tokio::task::AbortHandle>>,
}

impl Running {
    fn insert(&self, id: &str, handle: tokio::task::AbortHandle) {
        self.handles
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id.to_owned(), handle);
    }

    fn remove(&self, id: &str) -> Option<tokio::task::AbortHandle> {
        self.handles
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id)
    }
}

fn now() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

/// `task-` and 128 random bits (see [`random_id`](crate::server::random_id)): unique across
/// replicas, and the only thing that keeps one client from another's task.
fn new_id() -> String {
    format!("task-{}", crate::server::random_id::random_id())
}

fn unknown(id: &str) -> ProtocolError {
    ProtocolError::invalid_params(format!("unknown task: {}", crate::wire::error::cut(id)))
}

/// The task `id` as its caller may see it: the record when it exists and belongs to
/// `caller` (see [`TaskRecord::principal`]), else the answer to an id never issued. Another
/// principal's task and a task that does not exist are one error, built in one place.
async fn find(
    store: &dyn TaskStore,
    id: &str,
    caller: Option<&Principal>,
) -> Result<TaskRecord, ProtocolError> {
    let owner = caller.map(Principal::owner);
    match store.get(id).await? {
        Some(record) if record.principal == owner => Ok(record),
        _ => Err(unknown(id)),
    }
}

fn base(record: &TaskRecord) -> Map<String, Value> {
    let mut task = Map::new();
    task.insert("taskId".into(), Value::from(record.task_id.clone()));
    task.insert("status".into(), Value::from(record.status.clone()));
    task.insert("createdAt".into(), Value::from(record.created_at.clone()));
    task.insert(
        "lastUpdatedAt".into(),
        Value::from(record.last_updated_at.clone()),
    );
    task.insert("ttlMs".into(), Value::from(record.ttl_ms));
    task.insert(
        "pollIntervalMs".into(),
        Value::from(record.poll_interval_ms),
    );
    task
}

/// The `CreateTaskResult` for a new task.
pub(crate) fn create_result(record: &TaskRecord) -> Value {
    let mut result = base(record);
    result.insert("resultType".into(), Value::from("task"));
    Value::Object(result)
}

/// The `tasks/get` result: the task with its status's payload inlined.
pub(crate) fn detailed(record: &TaskRecord) -> Value {
    let mut result = base(record);
    result.insert("resultType".into(), Value::from("complete"));
    match record.status.as_str() {
        // Never `null` (the one `null` rule holds for what is written too): a record
        // without its payload writes none.
        "completed" => {
            if let Some(payload) = record.result.clone() {
                result.insert("result".into(), payload);
            }
        }
        "failed" => {
            if let Some(error) = record.error.clone() {
                result.insert("error".into(), error);
            }
        }
        "input_required" => {
            result.insert(
                "inputRequests".into(),
                Value::Object(record.input_requests.clone()),
            );
        }
        _ => {}
    }
    Value::Object(result)
}

/// A new task's record, `working`, belonging to `principal` (an owner key).
fn record(
    tool: &str,
    arguments: Map<String, Value>,
    version: ProtocolVersion,
    capabilities: &ClientCapabilities,
    answers: Map<String, Value>,
    principal: Option<String>,
) -> TaskRecord {
    let at = now();
    TaskRecord {
        task_id: new_id(),
        tool: tool.to_owned(),
        arguments,
        protocol_version: version.to_string(),
        client_capabilities: Value::Object(capabilities.as_map().clone()),
        status: "working".into(),
        created_at: at.clone(),
        last_updated_at: at,
        ttl_ms: TTL_MS,
        poll_interval_ms: POLL_INTERVAL_MS,
        input_requests: Map::new(),
        answers,
        result: None,
        error: None,
        version: 0,
        owner: None,
        lease_until_ms: None,
        principal,
    }
}

/// How a `tools/call` runs: one decision for every transport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Through [`call`]: a task tool, a 2026-07-28 client that declared the extension.
    Task(TaskSupport),
    /// In the request, as any tool (input rounds included).
    Inline,
}

/// The route of a call to a tool with `support` (`None`: not a task tool) for the
/// request `context` describes; a tool that runs only as a task, for a 2026-07-28 client
/// without the extension, is refused (`-32021`). 2025-era clients call inline: the
/// tasks served here are the 2026-07-28 extension's.
pub fn route(support: Option<TaskSupport>, context: &Context) -> Result<Route, ProtocolError> {
    let Some(support) = support else {
        return Ok(Route::Inline);
    };
    if !context.protocol_version().has_result_type() {
        return Ok(Route::Inline);
    }
    if context.client_supports(Capability::Tasks) {
        return Ok(Route::Task(support));
    }
    match support {
        TaskSupport::Required => Err(missing_capability(
            Capability::Tasks,
            "this tool runs only as a task; it",
        )),
        TaskSupport::Optional => Ok(Route::Inline),
    }
}

/// How a task tool's call, for a client that declared the extension, ended in the
/// request.
pub enum Started {
    /// The call became a task: the `CreateTaskResult`.
    Task(Value),
    /// It asked for input before it had to wait: the `InputRequiredResult`.
    InputRequired(Value),
    /// It finished before it had to wait (an `optional` tool): its result, inline.
    Complete(CallToolResult),
}

/// Calls a task tool for a client that declared the extension. The handler starts in
/// the request, as one input round (`responses` and `state` are the request's
/// `inputResponses` and `requestState`): what it asks before it first waits goes back as
/// an `InputRequiredResult`; the first time it waits (or calls `Context::run_as_task`)
/// the call becomes a task, stored before this returns so `tasks/get` finds it at once,
/// and the handler goes on running in it with the answers gathered so far. A `required`
/// tool that finishes without waiting comes back as a task already completed; an
/// `optional` one, inline. The task belongs to the context's principal (see
/// [`TaskRecord::principal`]), and a `requestState` is opened for it too.
// One sequence: begin the round, poll once, then one of three endings.
#[allow(clippy::too_many_arguments)]
pub async fn call<H: TaskHost>(
    host: &Arc<H>,
    tool: &str,
    arguments: Map<String, Value>,
    responses: Option<&Value>,
    state: Option<&str>,
    context: Context,
    support: TaskSupport,
) -> Result<Started, ProtocolError> {
    let version = context.protocol_version();
    let capabilities = context.client_capabilities();
    let principal = context.principal().map(Principal::owner);
    let target = Target::new(Method::CallTool.as_str(), tool, Some(&arguments))
        .owned_by(context.principal());
    let round = Arc::new(Round::begin(host.state_keys(), target, responses, state)?);
    // The task's own cancellation (`tasks/cancel`), not the request's: the task outlives
    // the request that started it.
    let context = context
        .with_round(Arc::clone(&round))
        .with_task_escalation()
        .with_cancellation(Cancellation::new());
    let runner = Arc::clone(host);
    let (name, args) = (tool.to_owned(), arguments.clone());
    let mut handler: Pin<Box<dyn Future<Output = _> + Send>> =
        Box::pin(async move { runner.run_tool(&name, args, context).await });
    let first = std::future::poll_fn(|cx| Poll::Ready(handler.as_mut().poll(cx))).await;
    let record = |answers: &Map<String, Value>| {
        let owner = principal.clone();
        record(
            tool,
            arguments,
            version,
            &capabilities,
            answers.clone(),
            owner,
        )
    };
    if let Poll::Ready(result) = first {
        if let Some(questions) = round.finish(host.state_keys(), target)? {
            return Ok(Started::InputRequired(questions));
        }
        let result = result?;
        if support == TaskSupport::Optional {
            return Ok(Started::Complete(result));
        }
        let mut record = record(round.answers());
        record.status = "completed".into();
        record.result = Some(result.to_value_for(version));
        host.task_store().create(record.clone()).await?;
        return Ok(Started::Task(create_result(&record)));
    }
    let mut record = record(round.answers());
    claim(&mut record, host.task_lease());
    host.task_store().create(record.clone()).await?;
    let id = record.task_id.clone();
    let handle = tokio::spawn(handler);
    RUNNING.insert(&id, handle.abort_handle());
    tokio::spawn(settle(Arc::clone(host), id, round, version, handle));
    Ok(Started::Task(create_result(&record)))
}

fn start<H: TaskHost>(host: Arc<H>, id: String, principal: Option<Arc<Principal>>) {
    tokio::spawn(run(host, id, principal));
}

/// Runs again, with every answer so far, the task's tool; its context carries `principal`,
/// the caller of the `tasks/update` that resumed it (the task's own principal: only it
/// finds the task).
async fn run<H: TaskHost>(host: Arc<H>, id: String, principal: Option<Arc<Principal>>) {
    let Ok(Some(record)) = host.task_store().get(&id).await else {
        return;
    };
    let version = ProtocolVersion::parse(&record.protocol_version).unwrap_or_default();
    let round = Arc::new(Round::with_answers(record.answers.clone()));
    let mut context = Context::new(Meta::new(), version)
        .with_client_capabilities(ClientCapabilities::from_value(
            record.client_capabilities.clone(),
        ))
        .with_round(Arc::clone(&round));
    if let Some(principal) = principal {
        context = context.with_principal(principal);
    }
    let runner = Arc::clone(&host);
    let (tool, arguments) = (record.tool.clone(), record.arguments.clone());
    let handle = tokio::spawn(async move { runner.run_tool(&tool, arguments, context).await });
    RUNNING.insert(&id, handle.abort_handle());
    // A `tasks/cancel` between reading the record and the line above found nothing to stop.
    if let Ok(Some(record)) = host.task_store().get(&id).await
        && record.status == "cancelled"
        && let Some(handle) = RUNNING.remove(&id)
    {
        handle.abort();
    }
    settle(host, id, round, version, handle).await;
}

/// Waits for the task's handler and stores where it ended: a result, a protocol error,
/// or the questions it waits on.
async fn settle<H: TaskHost>(
    host: Arc<H>,
    id: String,
    round: Arc<Round>,
    version: ProtocolVersion,
    handle: tokio::task::JoinHandle<Result<CallToolResult, ProtocolError>>,
) {
    let store = host.task_store();
    let joined = renewing(store, &id, host.task_lease(), handle).await;
    RUNNING.remove(&id);
    let failed = |error: &ProtocolError| {
        let mut value = json!({ "code": error.code, "message": error.message });
        if let Some(data) = &error.data {
            value["data"] = data.clone();
        }
        value
    };
    // Where it ended, decided once; written to the record until a write applies.
    let mut ended = Ended::default();
    match joined {
        Err(e) if e.is_cancelled() => ended.status = "cancelled",
        Err(_) => {
            ended.status = "failed";
            ended.error = Some(failed(&ProtocolError::internal(
                "the tool failed unexpectedly (it panicked)",
            )));
        }
        Ok(Err(error)) => {
            ended.status = "failed";
            ended.error = Some(failed(&error));
        }
        Ok(Ok(result)) => match round.outcome() {
            Err(error) => {
                ended.status = "failed";
                ended.error = Some(failed(&error));
            }
            Ok(Some(pending)) => {
                ended.status = "input_required";
                ended.input_requests = Some(pending.into_iter().collect());
            }
            Ok(None) => {
                ended.status = "completed";
                ended.result = Some(result.to_value_for(version));
            }
        },
    }
    loop {
        let Ok(Some(mut record)) = store.get(&id).await else {
            return;
        };
        if record.is_terminal() {
            // Cancelled meanwhile: the cancellation stands.
            return;
        }
        let expected = record.version;
        ended.apply(&mut record);
        record.last_updated_at = now();
        // Changed meanwhile (answered, cancelled): read it again and decide again.
        if !matches!(store.update(expected, record).await, Ok(false)) {
            return;
        }
    }
}

/// How a task's run ended, to write into its record.
#[derive(Default)]
struct Ended {
    status: &'static str,
    error: Option<Value>,
    input_requests: Option<Map<String, Value>>,
    result: Option<Value>,
}

impl Ended {
    fn apply(&self, record: &mut TaskRecord) {
        record.status = self.status.into();
        // Nobody runs it any more.
        record.owner = None;
        record.lease_until_ms = None;
        if let Some(error) = &self.error {
            record.error = Some(error.clone());
        }
        if let Some(requests) = &self.input_requests {
            record.input_requests.clone_from(requests);
        }
        if let Some(result) = &self.result {
            record.result = Some(result.clone());
        }
    }
}

/// `tasks/get` by `caller`: another principal's task is an unknown one. A `working` task
/// whose lease lapsed (its process is gone) is ended `failed` here, with
/// [`LEASE_LAPSED`](crate::tasks::LEASE_LAPSED) as its error.
pub async fn get<H: TaskHost>(
    host: &Arc<H>,
    id: &str,
    caller: Option<&Principal>,
) -> Result<Value, ProtocolError> {
    let store = host.task_store();
    loop {
        let mut record = find(store, id, caller).await?;
        if !record.lease_lapsed(now_ms()) {
            return Ok(detailed(&record));
        }
        let expected = record.version;
        end_lapsed(&mut record);
        record.last_updated_at = now();
        // Changed meanwhile (renewed, finished, cancelled): read it again and decide again.
        if store.update(expected, record.clone()).await? {
            return Ok(detailed(&record));
        }
    }
}

/// `tasks/update` by `caller`: records the answers; once every question is answered the
/// task runs again (in this process, whichever started it), its context carrying `caller`.
/// Another principal's task is an unknown one.
pub async fn update<H: TaskHost>(
    host: &Arc<H>,
    id: &str,
    responses: &Map<String, Value>,
    caller: Option<&Arc<Principal>>,
) -> Result<(), ProtocolError> {
    let store = host.task_store();
    loop {
        let mut record = find(store, id, caller.map(|p| &**p)).await?;
        if record.status != "input_required" {
            return Ok(());
        }
        let expected = record.version;
        for (key, answer) in responses {
            // Answers to questions the task did not ask are ignored.
            if record.input_requests.remove(key).is_some() {
                record.answers.insert(key.clone(), answer.clone());
            }
        }
        let resume = record.input_requests.is_empty();
        if resume {
            record.status = "working".into();
            // It runs again here, under this process's lease.
            claim(&mut record, host.task_lease());
        }
        record.last_updated_at = now();
        // Changed meanwhile (cancelled, answered): read it again and decide again.
        if !store.update(expected, record).await? {
            continue;
        }
        if resume {
            start(Arc::clone(host), id.to_owned(), caller.cloned());
        }
        return Ok(());
    }
}

/// `tasks/cancel` by `caller` (another principal's task is an unknown one): a running task is stopped (its handler's future is dropped where it
/// waits, and its context's [`Context::cancelled`] resolves for work it spawned) and ends
/// `cancelled`; a finished one stays as it is. A task running in another process sharing
/// the store ends `cancelled` in the store at once, and that process stops its handler at
/// its next lease renewal (within a third of the lease, `task_lease::renewing`).
pub async fn cancel<H: TaskHost>(
    host: &Arc<H>,
    id: &str,
    caller: Option<&Principal>,
) -> Result<(), ProtocolError> {
    let store = host.task_store();
    loop {
        let mut record = find(store, id, caller).await?;
        if record.is_terminal() {
            return Ok(());
        }
        let expected = record.version;
        record.status = "cancelled".into();
        record.input_requests.clear();
        record.last_updated_at = now();
        // Changed meanwhile (finished, answered): read it again and decide again.
        if store.update(expected, record).await? {
            break;
        }
    }
    if let Some(handle) = RUNNING.remove(id) {
        handle.abort();
    }
    Ok(())
}
