//! [`McpServer`]: a [`Router`] as an `rmcp` `ServerHandler`, with the per-session state
//! (log level, subscriptions) and the crossing of each request and answer into rmcp's model.

#![allow(deprecated)]

use super::client::RmcpPeer;
use super::convert::RmcpModel;
use super::crossing::{
    SessionLogLevel, check_subscribe, input_params, list_of, principal_of, protocol_error, respond,
    version_of,
};

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock};

use ::rmcp::model as rm;
use ::rmcp::service::{Peer, RequestContext};
use ::rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value};

use crate::server::changes::{Change, FeedSubscription};
use crate::server::handler::{Context, LogLevel, ProtocolError};
use crate::server::params::{check_arguments, check_request_meta};
use crate::server::request::{CallTool, Complete, GetPrompt, Outcome, ReadResource};
use crate::server::router::Router;
use crate::transport::tasks as task_engine;

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
        *forwarding = Some(self.router.changes().subscribe(Box::new(move |change| {
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
        })));
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

    /// One input round of a request (`run`), its outcome answered for the session's version.
    async fn round<T: RmcpModel, Response>(
        &self,
        context: RequestContext<RoleServer>,
        run: impl AsyncFnOnce(&Router, Context) -> Result<Outcome<T>, ProtocolError>,
    ) -> Result<Response, ErrorData>
    where
        Response: From<T::Rmcp> + From<rm::InputRequiredResult>,
    {
        let cancelled = context.ct.clone().cancelled_owned();
        let ctx = self.context(context)?;
        let version = ctx.protocol_version();
        cancellable(cancelled, async move {
            respond(run(&self.router, ctx).await, version)
        })
        .await
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
        // The caller a bearer-token layer verified (HTTP only), for the handler and the
        // router's scope check.
        let principal = principal_of(&context);
        let ctx =
            Context::from_peer(Arc::new(RmcpPeer { context }), version).with_log_level(log_level);
        Ok(match principal {
            Some(principal) => ctx.with_principal(principal),
            None => ctx,
        })
    }

    /// `tools/call`: inline through the router, or (a task tool for a client that declared
    /// the extension) through the tasks engine.
    async fn serve_call_tool(
        &self,
        mut request: rm::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CallToolResponse, ErrorData> {
        // The front's table for large base64, on a 2026-07-28 request it marked.
        #[cfg(feature = "rmcp-http")]
        let splices = super::splice::Splices::of(&context);
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
            task_engine::Route::Inline => {
                // Ours, its arguments held to the parser's depth (rmcp read them unbounded).
                let call = CallTool {
                    name: request.name.into(),
                    arguments: check_arguments(request.arguments).map_err(protocol_error)?,
                    input,
                };
                self.router
                    .serve_call(call, ctx)
                    .await
                    .map_err(protocol_error)?
            }
        };
        #[cfg(feature = "rmcp-http")]
        let outcome = match (splices, outcome) {
            (Some(splices), Outcome::Complete(mut result)) if version.has_result_type() => {
                splices.take_from(&mut result);
                Outcome::Complete(result)
            }
            (_, outcome) => outcome,
        };
        respond(Ok(outcome), version)
    }
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
        let tools = list_of(self.router.tools_listing(), version_of(&context))?;
        Ok(rm::ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: rm::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CallToolResponse, ErrorData> {
        let cancelled = context.ct.clone().cancelled_owned();
        boxed(cancellable(
            cancelled,
            self.serve_call_tool(request, context),
        ))
        .await
    }

    async fn list_prompts(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListPromptsResult, ErrorData> {
        let prompts = list_of(self.router.prompts_listing(), version_of(&context))?;
        Ok(rm::ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        mut request: rm::GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::GetPromptResponse, ErrorData> {
        let input = input_params(request.input_responses.take(), request.request_state.take());
        boxed(self.round(context, async |router, ctx| {
            let get = GetPrompt {
                name: request.name,
                arguments: check_arguments(request.arguments)?,
                input,
            };
            router.serve_prompt(get, ctx).await
        }))
        .await
    }

    async fn list_resources(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListResourcesResult, ErrorData> {
        let resources = list_of(self.router.resources_listing(), version_of(&context))?;
        Ok(rm::ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<rm::PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ListResourceTemplatesResult, ErrorData> {
        let templates = list_of(self.router.templates_listing(), version_of(&context))?;
        Ok(rm::ListResourceTemplatesResult::with_all_items(templates))
    }

    async fn read_resource(
        &self,
        mut request: rm::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ReadResourceResponse, ErrorData> {
        let input = input_params(request.input_responses.take(), request.request_state.take());
        let read = ReadResource {
            uri: request.uri,
            input,
        };
        boxed(self.round(context, async |router, ctx| {
            router.serve_read(read, ctx).await
        }))
        .await
    }

    async fn complete(
        &self,
        request: rm::CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CompleteResult, ErrorData> {
        let cancelled = context.ct.clone().cancelled_owned();
        let ctx = self.context(context)?;
        let complete = Complete {
            reference: serde_json::to_value(&request.r#ref).unwrap_or(Value::Null),
            argument: request.argument.name,
            value: request.argument.value,
        };
        let served = boxed(cancellable(cancelled, async {
            self.router
                .serve_complete(complete, ctx)
                .await
                .map_err(protocol_error)
        }));
        let mut values = served.await?;
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

    // The tasks methods act for the request's principal (the one `context` puts in the
    // handler's `Context`): another principal's task is an unknown one.
    async fn get_task(
        &self,
        request: rm::GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::GetTaskResult, ErrorData> {
        let ctx = self.context(context)?;
        let task = boxed(task_engine::get(
            &self.router,
            &request.task_id,
            ctx.principal(),
        ))
        .await
        .map_err(protocol_error)?;
        serde_json::from_value(task).map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    async fn update_task(
        &self,
        request: rm::UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let ctx = self.context(context)?;
        let responses: Map<String, Value> = request.input_responses.into_iter().collect();
        boxed(task_engine::update(
            &self.router,
            &request.task_id,
            &responses,
            ctx.principal_arc(),
        ))
        .await
        .map_err(protocol_error)
    }

    async fn cancel_task(
        &self,
        request: rm::CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let ctx = self.context(context)?;
        boxed(task_engine::cancel(
            &self.router,
            &request.task_id,
            ctx.principal(),
        ))
        .await
        .map_err(protocol_error)
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
        boxed(async move {
            let uris: HashSet<String> = context
                .accepted()
                .resource_subscriptions
                .iter()
                .flatten()
                .cloned()
                .collect();
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
            let _feed = self.router.changes().subscribe(Box::new(move |change| {
                let Change::ResourceUpdated(uri) = change else {
                    return;
                };
                if uris.contains(uri) {
                    let _ = tx.send(uri.clone());
                }
            }));
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
        })
        .await
    }

    async fn subscribe(
        &self,
        request: rm::SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        // A verified caller needs the resource's scopes to hear of it, as to read it.
        let principal = principal_of(&context);
        check_subscribe(&self.router, &request.uri, principal.as_deref())
            .map_err(protocol_error)?;
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

/// A handler method's work on the heap. rmcp runs each request's `handle_request` in a
/// task of its own, a future as large as the largest of this server's methods (the
/// router's rounds and the tasks engine inline), and tokio copies that future whole into
/// the task and its output over it: for a small tool call that copying cost more than the
/// call. Boxed, each method's future is a pointer and its arguments.
fn boxed<'a, T>(
    work: impl Future<Output = T> + Send + 'a,
) -> std::pin::Pin<Box<dyn Future<Output = T> + Send + 'a>> {
    Box::pin(work)
}

/// Runs `work` until the request is cancelled (rmcp's `RequestContext::ct`: the client sent
/// `notifications/cancelled`, went away from a 2026-07-28 request, or the session ended);
/// the handler's future is dropped then, unfinished, and its context's cancellation set.
/// rmcp sends no answer to a cancelled request: the error returned here is dropped.
async fn cancellable<T>(
    cancelled: impl Future<Output = ()>,
    work: impl Future<Output = Result<T, ErrorData>>,
) -> Result<T, ErrorData> {
    tokio::select! {
        biased;
        () = cancelled => Err(protocol_error(crate::server::router::run::request_cancelled())),
        done = work => done,
    }
}
