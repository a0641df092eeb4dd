//! The bridge to the [`rmcp`](https://docs.rs/rmcp) crate (feature `rmcp`): conversions
//! between this crate's model and `rmcp::model`, both ways ([`RmcpModel`]: lossless where
//! rmcp's types can hold the data, an error naming the JSON path where they cannot — see
//! the table in [`ConvertError`]'s module), and
//! [`McpServer`], a [`Router`] as an `rmcp` `ServerHandler`, served over stdio or Streamable
//! HTTP.
//!
//! Logging, sampling and roots are deprecated from 2026-07-28 (SEP-2577); they remain how
//! 2025-era peers receive log messages and answer requests, so this module uses them.
//!
//! ```no_run
//! # async fn run(router: mcp_content::Router) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//! mcp_content::rmcp::serve_stdio(router).await?;
//! # Ok(()) }
//! ```

#![allow(deprecated)]

mod convert;

pub use convert::{__into_rmcp_response, ConvertError, RmcpModel};
use convert::{convert_error, to_rmcp};

use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, Mutex};

use ::rmcp::model as rm;
use ::rmcp::service::{Peer, RequestContext};
use ::rmcp::{ErrorData, RoleServer, ServerHandler};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::model::meta::Meta;
use crate::rules::ProtocolVersion;
use crate::server::handler::{BoxFuture, ClientPeer, Context, LogLevel, ProtocolError};
use crate::server::router::Router;
use crate::wire::version::SerializeFor;

fn version_of(context: &RequestContext<RoleServer>) -> ProtocolVersion {
    let Some(version) = context.protocol_version() else {
        return ProtocolVersion::V2025_06_18;
    };
    // Versions before 2025-06-18 are written like 2025-06-18 (no icons, no resultType).
    ProtocolVersion::parse(version.as_str()).unwrap_or(if version.as_str() > "2026-07-28" {
        ProtocolVersion::LATEST
    } else {
        ProtocolVersion::V2025_06_18
    })
}

fn protocol_error(error: ProtocolError) -> ErrorData {
    ErrorData::new(rm::ErrorCode(error.code), error.message, error.data)
}

/// The `rmcp` peer as a [`ClientPeer`].
struct RmcpPeer {
    peer: Peer<RoleServer>,
    capabilities: Option<Value>,
}

fn service_error(error: &::rmcp::ServiceError) -> ProtocolError {
    match error {
        ::rmcp::ServiceError::McpError(e) => ProtocolError {
            code: e.code.0,
            message: e.message.to_string(),
            data: e.data.clone(),
        },
        other => ProtocolError::internal(other.to_string()),
    }
}

fn params<T: DeserializeOwned>(value: Value) -> Result<T, ProtocolError> {
    serde_json::from_value(value).map_err(|e| ProtocolError::invalid_params(e.to_string()))
}

fn json(value: &impl Serialize) -> Result<Value, ProtocolError> {
    serde_json::to_value(value).map_err(|e| ProtocolError::internal(e.to_string()))
}

impl ClientPeer for RmcpPeer {
    fn notify_progress(&self, value: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async move {
            let param: rm::ProgressNotificationParam = params(value)?;
            self.peer
                .notify_progress(param)
                .await
                .map_err(|e| service_error(&e))
        })
    }

    fn notify_log(&self, value: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async move {
            let param: rm::LoggingMessageNotificationParam = params(value)?;
            let sent = self.peer.notify_logging_message(param).await;
            sent.map_err(|e| service_error(&e))
        })
    }

    fn request(&self, method: &str, value: Value) -> BoxFuture<'_, Result<Value, ProtocolError>> {
        let method = method.to_owned();
        Box::pin(async move {
            match method.as_str() {
                "sampling/createMessage" => {
                    let param: rm::CreateMessageRequestParams = params(value)?;
                    let result = self.peer.create_message(param).await;
                    json(&result.map_err(|e| service_error(&e))?)
                }
                "elicitation/create" => {
                    let param: rm::ElicitRequestParams = params(value)?;
                    let result = self.peer.create_elicitation(param).await;
                    json(&result.map_err(|e| service_error(&e))?)
                }
                "roots/list" => {
                    let result = self.peer.list_roots().await;
                    json(&result.map_err(|e| service_error(&e))?)
                }
                other => Err(ProtocolError::method_not_found(other)),
            }
        })
    }

    fn client_capabilities(&self) -> Option<Value> {
        self.capabilities.clone()
    }
}

/// A [`Router`] as an `rmcp` `ServerHandler`. Per-session state (the log level set with
/// `logging/setLevel`, resource subscriptions) lives here; the router is shared.
#[derive(Clone)]
pub struct McpServer {
    router: Arc<Router>,
    log_level: Arc<Mutex<Option<LogLevel>>>,
    subscriptions: Arc<Mutex<HashSet<String>>>,
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
        Self {
            router: router.into(),
            log_level: Arc::default(),
            subscriptions: Arc::default(),
        }
    }

    /// The router.
    pub fn router(&self) -> &Router {
        &self.router
    }

    /// The URIs this session subscribed to.
    pub fn subscriptions(&self) -> Vec<String> {
        let set = self
            .subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        set.iter().cloned().collect()
    }

    fn context(&self, context: &RequestContext<RoleServer>) -> Context {
        let version = version_of(context);
        // A key that breaks the grammar is dropped, not the whole `_meta`: the progress
        // token must survive a peer's one odd key.
        let mut meta = Meta::new();
        for (key, value) in &context.meta.0.0 {
            if let Ok(key) = crate::MetaKey::new(key.as_str()) {
                meta.insert_key(key, value.clone());
            }
        }
        // 2026-07-28 requests carry their log level; 2025-era sessions set it once.
        let log_level = if version.has_per_request_log_level() {
            meta.get("io.modelcontextprotocol/logLevel")
                .and_then(|v| serde_json::from_value(v.clone()).ok())
        } else {
            *self
                .log_level
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        };
        let capabilities = context
            .client_capabilities()
            .and_then(|c| serde_json::to_value(c).ok());
        Context::new(meta, version)
            .with_log_level(log_level)
            .with_peer(Arc::new(RmcpPeer {
                peer: context.peer.clone(),
                capabilities,
            }))
    }
}

fn list_of<T: SerializeFor, R: DeserializeOwned + Serialize>(
    items: &[T],
    version: ProtocolVersion,
) -> Result<Vec<R>, ErrorData> {
    items
        .iter()
        .map(|item| to_rmcp(&item.to_value_for(version), false).map_err(|e| convert_error(&e)))
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
        let info = router.info();
        let mut config = rm::ServerConfig::new(capabilities).with_server_info(
            rm::Implementation::new(info.name.clone(), info.version.clone()),
        );
        if let Some(instructions) = &info.instructions {
            config = config.with_instructions(instructions.clone());
        }
        config
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
        request: rm::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CallToolResponse, ErrorData> {
        let ctx = self.context(&context);
        let version = ctx.protocol_version();
        let result = self
            .router
            .call_tool(&request.name, request.arguments, ctx)
            .await
            .map_err(protocol_error)?;
        let result: rm::CallToolResult =
            result.to_rmcp_for(version).map_err(|e| convert_error(&e))?;
        Ok(result.into())
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
        request: rm::GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::GetPromptResponse, ErrorData> {
        let ctx = self.context(&context);
        let version = ctx.protocol_version();
        let result = self
            .router
            .get_prompt(&request.name, request.arguments, ctx)
            .await
            .map_err(protocol_error)?;
        let result: rm::GetPromptResult =
            result.to_rmcp_for(version).map_err(|e| convert_error(&e))?;
        Ok(result.into())
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
        request: rm::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ReadResourceResponse, ErrorData> {
        let ctx = self.context(&context);
        let version = ctx.protocol_version();
        let result = self
            .router
            .read_resource(&request.uri, ctx)
            .await
            .map_err(protocol_error)?;
        let result: rm::ReadResourceResult =
            result.to_rmcp_for(version).map_err(|e| convert_error(&e))?;
        Ok(result.into())
    }

    async fn complete(
        &self,
        request: rm::CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::CompleteResult, ErrorData> {
        let ctx = self.context(&context);
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
        *self
            .log_level
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = level;
        Ok(())
    }

    async fn subscribe(
        &self,
        request: rm::SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(request.uri.clone());
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: rm::UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(request.uri.as_str());
        Ok(())
    }
}

/// Serves `router` over stdio until the client closes it.
pub async fn serve_stdio(
    router: impl Into<Arc<Router>>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    use ::rmcp::ServiceExt;
    let running = McpServer::new(router)
        .serve(::rmcp::transport::stdio())
        .await?;
    running.waiting().await?;
    Ok(())
}

/// A Streamable HTTP service for `router` (a tower service: mount it at `/mcp` with axum's
/// `nest_service` or serve it with hyper). Each session gets its own [`McpServer`] state;
/// `allowed_hosts` guards against DNS rebinding (rmcp's default: `localhost`, `127.0.0.1`, `::1`).
pub fn streamable_http_service(
    router: impl Into<Arc<Router>>,
) -> ::rmcp::transport::streamable_http_server::StreamableHttpService<
    McpServer,
    ::rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
> {
    use ::rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    let router = router.into();
    StreamableHttpService::new(
        move || Ok(McpServer::new(Arc::clone(&router))),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    )
}
