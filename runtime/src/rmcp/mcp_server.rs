//! [`McpServer`]: a [`Router`] as an `rmcp` `ServerHandler`, with the per-session state
//! (log level, subscriptions) and the crossing of each request and answer into rmcp's model.

#![allow(deprecated)]

use super::client::RmcpPeer;
use super::convert::{RmcpModel, convert_error, to_rmcp_text};

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use ::rmcp::model as rm;
use ::rmcp::service::{Peer, RequestContext};
use ::rmcp::{ErrorData, RoleServer, ServerHandler};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;
use crate::server::changes::{Change, FeedSubscription};
use crate::server::handler::{Context, LogLevel, ProtocolError};
use crate::server::params::check_request_meta;
use crate::server::router::{InputParams, Outcome, Router};
use crate::transport::tasks as task_engine;
use crate::wire::version::SerializeFor;

fn version_of(context: &RequestContext<RoleServer>) -> ProtocolVersion {
    // The 2026-07-28 `_meta` key read in place: rmcp's own accessor decodes a copy of it.
    let named = context
        .meta
        .0
        .0
        .get("io.modelcontextprotocol/protocolVersion")
        .and_then(Value::as_str);
    match named {
        Some(named) => version_named(named),
        None => match context.peer.peer_info() {
            Some(info) => version_named(info.protocol_version.as_str()),
            None => ProtocolVersion::V2025_06_18,
        },
    }
}

/// Versions before 2025-06-18 are written like 2025-06-18 (no icons, no resultType); later
/// unknown ones like the latest.
fn version_named(version: &str) -> ProtocolVersion {
    ProtocolVersion::parse(version).unwrap_or(if version > "2026-07-28" {
        ProtocolVersion::LATEST
    } else {
        ProtocolVersion::V2025_06_18
    })
}

/// A session's log level (`logging/setLevel`) in one atomic: no lock on each call.
#[derive(Default)]
struct SessionLogLevel(AtomicU8);

impl SessionLogLevel {
    const LEVELS: [LogLevel; 8] = [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ];

    fn get(&self) -> Option<LogLevel> {
        // 0: none set; n: `LEVELS[n - 1]`.
        let n = usize::from(self.0.load(Ordering::Relaxed));
        n.checked_sub(1).and_then(|i| Self::LEVELS.get(i).copied())
    }

    fn set(&self, level: Option<LogLevel>) {
        let n = level
            .and_then(|level| Self::LEVELS.iter().position(|&l| l == level))
            .map_or(0, |i| u8::try_from(i + 1).unwrap_or(0));
        self.0.store(n, Ordering::Relaxed);
    }
}

fn protocol_error(error: ProtocolError) -> ErrorData {
    ErrorData::new(rm::ErrorCode(error.code), error.message, error.data)
}

/// A [`Router`] as an `rmcp` `ServerHandler`. Per-session state (the log level set with
/// `logging/setLevel`, resource subscriptions) lives here; the router is shared.
///
/// A request's typed `_meta` keys are checked here (a `logLevel` of `"loud"` is refused with
/// `-32602`). A params member that is `null` is refused by the fronts of
/// [`serve_stdio`](super::serve_stdio) and
/// [`streamable_http_service`](super::streamable_http_service), which read the message
/// before rmcp does: rmcp's types read it as absent, so on another transport this server
/// sees it absent.
#[derive(Clone)]
pub struct McpServer {
    router: Arc<Router>,
    /// One allocation per session: rmcp's stateless HTTP makes a server per request.
    session: Arc<SessionState>,
    /// What `get_tool` answers, built on first use and shared by the sessions of one
    /// service (rmcp asks it on every `tools/call` to check `Mcp-Param-*` headers).
    tools: Arc<OnceLock<HashMap<String, rm::Tool>>>,
}

#[derive(Default)]
struct SessionState {
    log_level: SessionLogLevel,
    subscriptions: Mutex<HashSet<String>>,
    forwarding: Mutex<Option<FeedSubscription>>,
}

impl fmt::Debug for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpServer")
            .field("router", &self.router)
            .finish_non_exhaustive()
    }
}

impl McpServer {
    /// A server for `router`.
    pub fn new(router: impl Into<Arc<Router>>) -> Self {
        Self::sharing(router.into(), Arc::default())
    }

    /// A server (a session) whose tool descriptors for rmcp are shared with its siblings.
    pub(super) fn sharing(
        router: Arc<Router>,
        tools: Arc<OnceLock<HashMap<String, rm::Tool>>>,
    ) -> Self {
        Self {
            router,
            session: Arc::default(),
            tools,
        }
    }

    /// The router.
    pub fn router(&self) -> &Router {
        &self.router
    }

    /// The URIs this session subscribed to.
    pub fn subscriptions(&self) -> Vec<String> {
        let set = self
            .session
            .subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.iter().cloned().collect()
    }

    /// Starts (once per session) forwarding the router's resource updates for the
    /// session's `resources/subscribe` URIs to the 2025-era peer.
    fn forward_updates(&self, peer: &Peer<RoleServer>) {
        let mut forwarding = self
            .session
            .forwarding
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if forwarding.is_some() {
            return;
        }
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        // Weak: the session holds the subscription that holds this closure.
        let session = Arc::downgrade(&self.session);
        *forwarding = Some(self.router.changes().subscribe(move |change| {
            // List changes are not forwarded to rmcp sessions (not advertised either).
            let Change::ResourceUpdated(uri) = change else {
                return;
            };
            let Some(session) = session.upgrade() else {
                return;
            };
            let subscribed = session
                .subscriptions
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .contains(uri);
            if subscribed {
                let _ = tx.send(uri.clone());
            }
        }));
        let peer = peer.clone();
        tokio::spawn(async move {
            while let Some(uri) = rx.recv().await {
                let param = rm::ResourceUpdatedNotificationParam::new(uri);
                if peer.notify_resource_updated(param).await.is_err() {
                    break;
                }
            }
        });
    }

    /// The handler's context: built from the request without converting anything (the
    /// `_meta`, the capabilities and the client are read from it when a handler asks).
    /// One round of a request that may ask the client for input: `run` gets the router,
    /// the request's input parameters and its context; its outcome is answered for the
    /// session's version.
    async fn round<T: RmcpModel, Response>(
        &self,
        context: RequestContext<RoleServer>,
        (responses, state): (Option<rm::InputResponses>, Option<String>),
        run: impl AsyncFnOnce(&Router, &InputParams, Context) -> Result<Outcome<T>, ProtocolError>,
    ) -> Result<Response, ErrorData>
    where
        Response: From<T::Rmcp> + From<rm::InputRequiredResult>,
    {
        let ctx = self.context(context)?;
        let version = ctx.protocol_version();
        let input = input_params(responses, state);
        respond(run(&self.router, &input, ctx).await, version)
    }

    /// The handler's context, once the request's `_meta` holds its typed keys' types
    /// ([`check_request_meta`]: a `logLevel` of `"loud"` is refused, not read as absent).
    fn context(&self, context: RequestContext<RoleServer>) -> Result<Context, ErrorData> {
        check_request_meta(&context.meta.0.0).map_err(protocol_error)?;
        let version = version_of(&context);
        // 2026-07-28 requests carry their log level; 2025-era sessions set it once.
        let log_level = if version.has_per_request_log_level() {
            context
                .meta
                .0
                .0
                .get("io.modelcontextprotocol/logLevel")
                .and_then(|v| <LogLevel as serde::Deserialize>::deserialize(v).ok())
        } else {
            self.session.log_level.get()
        };
        Ok(Context::from_peer(Arc::new(RmcpPeer { context }), version).with_log_level(log_level))
    }
}

/// A request's multi round-trip fields, moved out of it (most requests have neither).
fn input_params(responses: Option<rm::InputResponses>, state: Option<String>) -> InputParams {
    InputParams {
        responses: responses.map(|r| Value::Object(r.into_iter().collect())),
        state,
    }
}

fn input_required(value: &Value) -> Result<rm::InputRequiredResult, ErrorData> {
    // Built by the router from checked parts. Not the lossless `to_rmcp`: rmcp writes a
    // `roots/list` input request without its empty `params`, which the strict comparison
    // would refuse although nothing is lost.
    <rm::InputRequiredResult as serde::Deserialize>::deserialize(value)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))
}

/// A round's outcome as rmcp's response: the result written for the peer's version, or the
/// questions of an input-required result.
fn respond<T: RmcpModel, Response>(
    outcome: Result<Outcome<T>, ProtocolError>,
    version: ProtocolVersion,
) -> Result<Response, ErrorData>
where
    Response: From<T::Rmcp> + From<rm::InputRequiredResult>,
{
    match outcome.map_err(protocol_error)? {
        Outcome::Complete(result) => Ok(result
            .into_rmcp_for(version)
            .map_err(|e| convert_error(&e))?
            .into()),
        Outcome::InputRequired(value) => Ok(input_required(&value)?.into()),
    }
}

fn list_of<T: SerializeFor, R: DeserializeOwned + Serialize>(
    items: &[T],
    version: ProtocolVersion,
) -> Result<Vec<R>, ErrorData> {
    items
        .iter()
        // Through the JSON text, as `to_rmcp_for`: `to_value_for` would turn a `RawJson`
        // nested past the parser's 128 levels (a schema made from a `RawValue`) into a panic.
        .map(|item| to_rmcp_text(&item.to_json_for(version), false).map_err(|e| convert_error(&e)))
        .collect()
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> rm::ServerConfig {
        let router = &self.router;
        let mut capabilities = rm::ServerCapabilities::default();
        if router.has_tools() {
            capabilities.tools = Some(rm::ToolsCapability::default());
        }
        if router.has_prompts() {
            capabilities.prompts = Some(rm::PromptsCapability::default());
        }
        if router.has_resources() {
            let mut resources = rm::ResourcesCapability::default();
            resources.subscribe = Some(true);
            capabilities.resources = Some(resources);
        }
        if router.has_completion() {
            capabilities.completions = Some(Map::new());
        }
        capabilities.logging = Some(Map::new());
        if router.has_task_tools() {
            capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .insert(crate::input::TASKS_EXTENSION.into(), Map::new());
        }
        let info = router.info();
        let mut config = rm::ServerConfig::new(capabilities).with_server_info(
            rm::Implementation::new(info.name.clone(), info.version.clone()),
        );
        if let Some(instructions) = &info.instructions {
            config = config.with_instructions(instructions.clone());
        }
        config
    }

    /// What rmcp's Streamable HTTP server checks the `Mcp-Param-*` headers of a
    /// `tools/call` against (SEP-2243: the tool's `x-mcp-header` properties).
    /// Only the name and the input schema: that is all the check reads.
    fn get_tool(&self, name: &str) -> Option<rm::Tool> {
        let tools = self.tools.get_or_init(|| {
            self.router
                .list_tools()
                .into_iter()
                .map(|tool| {
                    let name = tool.name.as_str().to_owned();
                    let theirs = rm::Tool::new(
                        name.clone(),
                        String::new(),
                        Arc::new(tool.input_schema.to_map()),
                    );
                    (name, theirs)
                })
                .collect()
        });
        tools.get(name).cloned()
    }

    async fn list_tools(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListToolsResult, ErrorData> {
        let tools = list_of(&self.router.list_tools(), version_of(&context))?;
        Ok(rm::ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        mut request: rm::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CallToolResponse, ErrorData> {
        let ctx = self.context(context)?;
        let version = ctx.protocol_version();
        let input = input_params(request.input_responses.take(), request.request_state.take());
        let route = task_engine::route(self.router.task_support(&request.name), &ctx)
            .map_err(protocol_error)?;
        let outcome = match route {
            task_engine::Route::Task(support) => {
                let started = task_engine::call(
                    &self.router,
                    &request.name,
                    request.arguments.unwrap_or_default(),
                    input.responses.as_ref(),
                    input.state.as_deref(),
                    ctx,
                    support,
                )
                .await
                .map_err(protocol_error)?;
                match started {
                    task_engine::Started::Task(created) => {
                        let created: rm::CreateTaskResult = serde_json::from_value(created)
                            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
                        return Ok(created.into());
                    }
                    task_engine::Started::InputRequired(value) => Outcome::InputRequired(value),
                    task_engine::Started::Complete(result) => Outcome::Complete(result),
                }
            }
            task_engine::Route::Inline => self
                .router
                .call_tool_round(&request.name, request.arguments, &input, ctx)
                .await
                .map_err(protocol_error)?,
        };
        respond(Ok(outcome), version)
    }

    async fn list_prompts(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListPromptsResult, ErrorData> {
        let prompts = list_of(&self.router.list_prompts(), version_of(&context))?;
        Ok(rm::ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        mut request: rm::GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::GetPromptResponse, ErrorData> {
        let input = (request.input_responses.take(), request.request_state.take());
        self.round(context, input, async |router, input, ctx| {
            router
                .get_prompt_round(&request.name, request.arguments, input, ctx)
                .await
        })
        .await
    }

    async fn list_resources(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListResourcesResult, ErrorData> {
        let resources = list_of(&self.router.list_resources(), version_of(&context))?;
        Ok(rm::ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListResourceTemplatesResult, ErrorData> {
        let templates = list_of(&self.router.list_resource_templates(), version_of(&context))?;
        Ok(rm::ListResourceTemplatesResult::with_all_items(templates))
    }

    async fn read_resource(
        &self,
        mut request: rm::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ReadResourceResponse, ErrorData> {
        let input = (request.input_responses.take(), request.request_state.take());
        self.round(context, input, async |router, input, ctx| {
            router.read_resource_round(&request.uri, input, ctx).await
        })
        .await
    }

    async fn complete(
        &self,
        request: rm::CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CompleteResult, ErrorData> {
        let ctx = self.context(context)?;
        let reference = serde_json::to_value(&request.r#ref).unwrap_or(Value::Null);
        let mut values = self
            .router
            .complete(
                &reference,
                &request.argument.name,
                &request.argument.value,
                ctx,
            )
            .await
            .map_err(protocol_error)?;
        // The protocol caps a completion at 100 values.
        values.truncate(100);
        let info =
            rm::CompletionInfo::new(values).map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(rm::CompleteResult::new(info))
    }

    async fn set_level(
        &self,
        request: rm::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let level = serde_json::to_value(request.level)
            .ok()
            .and_then(|v| serde_json::from_value::<LogLevel>(v).ok());
        self.session.log_level.set(level);
        Ok(())
    }

    async fn get_task(
        &self,
        request: rm::GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rm::GetTaskResult, ErrorData> {
        let task = task_engine::get(&self.router, &request.task_id).map_err(protocol_error)?;
        serde_json::from_value(task).map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn update_task(
        &self,
        request: rm::UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let responses: Map<String, Value> = request.input_responses.into_iter().collect();
        task_engine::update(&self.router, &request.task_id, &responses).map_err(protocol_error)
    }

    async fn cancel_task(
        &self,
        request: rm::CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        task_engine::cancel(&self.router, &request.task_id).map_err(protocol_error)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &rm::SubscriptionFilter,
    ) -> Option<rm::SubscriptionFilter> {
        // Resource subscriptions are served for any URI (a resource a template matches may
        // change too); list changes are not announced, so not advertised or accepted.
        let mut accepted = rm::SubscriptionFilter::default();
        accepted
            .resource_subscriptions
            .clone_from(&requested.resource_subscriptions);
        Some(accepted)
    }

    async fn listen(&self, context: ::rmcp::service::SubscriptionContext) -> Result<(), ErrorData> {
        let uris: HashSet<String> = context
            .accepted()
            .resource_subscriptions
            .iter()
            .flatten()
            .cloned()
            .collect();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let _feed = self.router.changes().subscribe(move |change| {
            let Change::ResourceUpdated(uri) = change else {
                return;
            };
            if uris.contains(uri) {
                let _ = tx.send(uri.clone());
            }
        });
        loop {
            tokio::select! {
                () = context.cancelled() => return Ok(()),
                Some(uri) = rx.recv() => {
                    // A closed stream ends the subscription; the client reconnects if it wants.
                    if context.sink().notify_resource_updated(uri).await.is_err() {
                        return Ok(());
                    }
                }
            }
        }
    }

    async fn subscribe(
        &self,
        request: rm::SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.session
            .subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(request.uri.clone());
        self.forward_updates(&context.peer);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: rm::UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.session
            .subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(request.uri.as_str());
        Ok(())
    }

    /// A method rmcp does not know: `-32601` naming it cut to 80 characters, as the router
    /// and the HTTP endpoint answer (rmcp's default quotes the method whole).
    async fn on_custom_request(
        &self,
        request: rm::CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<rm::CustomResult, ErrorData> {
        Err(protocol_error(ProtocolError::method_not_found(
            &request.method,
        )))
    }
}
