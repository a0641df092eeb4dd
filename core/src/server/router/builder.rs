//! [`RouterBuilder`]: the handlers collected, then checked together by
//! [`RouterBuilder::build`] — names unique, no two resources serving one URI, every UI
//! resource a tool names served — into a [`Router`].

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::error::RouterError;
use super::{Router, checks};
#[cfg(feature = "jsonschema")]
use crate::convert::typed_result::OutputChecks;
use crate::model::cache::CacheHint;
use crate::model::resource::{Resource, ResourceTemplate};
use crate::rules;
use crate::server::changes::{ChangeBus, ChangeFeed};
use crate::server::handler::{
    CompletionHandler, PromptHandler, ResourceDescriptor, ResourceHandler, ToolHandler,
};
use crate::server::input::StateKeys;
use crate::server::payload::{DEFAULT_PAYLOAD_TTL, MemoryPayloadStore, PayloadStore, Payloads};
use crate::server::store::StoreKind;
use crate::server::tasks::{MemoryTaskStore, TaskStore, TaskSupport};

/// The server's name and version (`serverInfo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerInfo {
    /// The server's name.
    pub name: String,
    /// The server's version.
    pub version: String,
    /// Instructions for the model, if any.
    pub instructions: Option<String>,
}

impl Default for ServerInfo {
    fn default() -> Self {
        Self {
            name: "mcp-content-server".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            instructions: None,
        }
    }
}

/// How long a running task's lease lasts unless [`RouterBuilder::task_lease`] says.
const DEFAULT_TASK_LEASE: Duration = Duration::from_secs(30);

/// Collects handlers; [`RouterBuilder::build`] rejects duplicate names.
#[derive(Default)]
pub struct RouterBuilder {
    info: ServerInfo,
    tools: Vec<Arc<dyn ToolHandler>>,
    prompts: Vec<Arc<dyn PromptHandler>>,
    resources: Vec<Arc<dyn ResourceHandler>>,
    completion: Option<Arc<dyn CompletionHandler>>,
    state_keys: Option<StateKeys>,
    task_support: HashMap<String, TaskSupport>,
    task_store: Option<Arc<dyn TaskStore>>,
    task_lease: Option<Duration>,
    change_bus: Option<Arc<dyn ChangeBus>>,
    #[cfg(feature = "jsonschema")]
    check_structured_output: bool,
    list_cache: CacheHint,
    read_cache: Option<CacheHint>,
    legacy_ui_resource_uri: bool,
    max_inline: Option<u64>,
    payload_store: Option<Arc<dyn PayloadStore>>,
    payload_ttl: Option<Duration>,
    full_schemas: bool,
    default_scopes: Vec<String>,
}

impl RouterBuilder {
    /// Adds a tool that runs as a task (the tasks extension) when the client declares the
    /// extension; `Required` refuses clients that do not (`-32021`).
    #[must_use]
    pub fn task_tool(mut self, tool: impl ToolHandler, support: TaskSupport) -> Self {
        let name = tool.tool().name.as_str().to_owned();
        self.task_support.insert(name, support);
        self.tools.push(Arc::new(tool));
        self
    }

    /// Where tasks are kept (default: in memory). Replicas that share a store share tasks.
    #[must_use]
    pub fn task_store(mut self, store: impl TaskStore) -> Self {
        self.task_store = Some(Arc::new(store));
        self
    }

    /// How long the lease on a running task lasts (30 s by default): the process running
    /// it renews the lease every third of that, and a `tasks/get` that finds a `working`
    /// task whose lease ran out ends it `failed` (its process is gone). Longer tolerates
    /// longer stalls and clock skew between replicas; shorter notices a dead replica
    /// sooner. See [`TaskStore`], "The lease".
    ///
    /// ```
    /// use std::time::Duration;
    /// let router = mcp_content::Router::builder()
    ///     .task_lease(Duration::from_secs(10))
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(router.task_lease(), Duration::from_secs(10));
    /// ```
    #[must_use]
    pub fn task_lease(mut self, lease: Duration) -> Self {
        self.task_lease = Some(lease);
        self
    }

    /// Where changes are announced and heard (default: this process's [`ChangeFeed`]).
    /// Replicas that share a bus hear each other's changes.
    #[must_use]
    pub fn change_bus(mut self, bus: impl ChangeBus) -> Self {
        self.change_bus = Some(Arc::new(bus));
        self
    }

    /// Sets the keys that seal `requestState` (2026-07-28 input rounds). Without them a
    /// random key is made per process, so a round cannot continue on another replica:
    /// give every replica the same keys.
    #[must_use]
    pub fn state_keys(mut self, keys: StateKeys) -> Self {
        self.state_keys = Some(keys);
        self
    }

    /// Sets the server's name and version.
    #[must_use]
    pub fn info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.info.name = name.into();
        self.info.version = version.into();
        self
    }

    /// Sets the instructions for the model.
    #[must_use]
    pub fn instructions(mut self, instructions: impl Into<String>) -> Self {
        self.info.instructions = Some(instructions.into());
        self
    }

    /// Adds a tool.
    #[must_use]
    pub fn tool(mut self, tool: impl ToolHandler) -> Self {
        self.tools.push(Arc::new(tool));
        self
    }

    /// Adds a prompt.
    #[must_use]
    pub fn prompt(mut self, prompt: impl PromptHandler) -> Self {
        self.prompts.push(Arc::new(prompt));
        self
    }

    /// Adds a resource or resource template.
    #[must_use]
    pub fn resource(mut self, resource: impl ResourceHandler) -> Self {
        self.resources.push(Arc::new(resource));
        self
    }

    /// Sets the argument completion handler.
    #[must_use]
    pub fn completion(mut self, completion: impl CompletionHandler) -> Self {
        self.completion = Some(Arc::new(completion));
        self
    }

    /// The default payload budget: a binary block (image, audio, blob resource) larger than
    /// `bytes` in a tool's result goes out as a `resource_link` (with `size` and
    /// `mimeType`) to a short-lived resource the router serves, instead of inline base64.
    /// A tool's own budget ([`ToolHandler::max_inline`]) wins. Use
    /// [`rules::parse_byte_size`] for literals like `"256KiB"`.
    ///
    /// ```
    /// use mcp_content::handler::ToolHandler;
    /// use mcp_content::model::{ImageContent, Meta, MimeType, Tool, ToolName};
    /// use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router};
    /// use mcp_content::handler::BoxFuture;
    /// use serde_json::{Map, Value};
    ///
    /// struct Photo;
    /// impl ToolHandler for Photo {
    ///     fn tool(&self) -> Tool { Tool::new(ToolName::new("photo").unwrap()) }
    ///     fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
    ///         let image = ImageContent::new(vec![7; 4096], MimeType::new("image/png").unwrap()).unwrap();
    ///         Box::pin(async move { CallToolResult::new(vec![image.into()]) })
    ///     }
    /// }
    ///
    /// let budget = mcp_content::rules::parse_byte_size("1KiB").unwrap();
    /// let router = Router::builder().tool(Photo).max_inline(budget).build().unwrap();
    /// let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    /// let context = || Context::new(Meta::new(), ProtocolVersion::LATEST);
    /// let result = runtime.block_on(router.call_tool("photo", None, context())).unwrap();
    /// let ContentBlock::ResourceLink(link) = &result.content[0] else { panic!() };
    /// assert_eq!((link.size.as_ref().and_then(mcp_content::model::JsonInteger::as_u64), link.mime_type.as_ref().unwrap().as_str()), (Some(4096), "image/png"));
    ///
    /// let read = runtime.block_on(router.read_resource(link.uri.as_str(), context())).unwrap();
    /// let mcp_content::model::ResourceContents::Blob(blob) = &read.contents[0] else { panic!() };
    /// assert_eq!(blob.blob.to_bytes().unwrap(), vec![7; 4096]);
    /// ```
    #[must_use]
    pub fn max_inline(mut self, bytes: u64) -> Self {
        self.max_inline = Some(bytes);
        self
    }

    /// Where payloads served through links are kept ([`MemoryPayloadStore`] by default).
    #[must_use]
    pub fn payload_store(mut self, store: impl PayloadStore) -> Self {
        self.payload_store = Some(Arc::new(store));
        self
    }

    /// How long a payload link works (5 minutes by default); read results of the link say
    /// the time left as their cache TTL.
    #[must_use]
    pub fn payload_ttl(mut self, ttl: Duration) -> Self {
        self.payload_ttl = Some(ttl);
        self
    }

    /// Also writes the deprecated flat `_meta["ui/resourceUri"]` on every tool that has a
    /// `_meta.ui.resourceUri`, for hosts that predate the MCP Apps extension's `ui` object.
    #[must_use]
    pub fn legacy_ui_resource_uri(mut self, legacy: bool) -> Self {
        self.legacy_ui_resource_uri = legacy;
        self
    }

    /// The cache hint of the list results (`tools/list`, `prompts/list`, `resources/list`,
    /// `resources/templates/list`) for 2026-07-28 peers; [`CacheHint::NONE`] by default.
    ///
    /// ```
    /// use mcp_content::model::{CacheHint, Meta};
    /// use mcp_content::{Context, ProtocolVersion, Router};
    /// let router = Router::builder().list_cache(CacheHint::parse("1h", "public").unwrap()).build().unwrap();
    /// let context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28);
    /// let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    /// let list = runtime.block_on(router.handle("tools/list", None, context)).unwrap();
    /// assert_eq!(list["ttlMs"], 3_600_000);
    /// assert_eq!(list["cacheScope"], "public");
    /// ```
    #[must_use]
    pub fn list_cache(mut self, hint: CacheHint) -> Self {
        self.list_cache = hint;
        self
    }

    /// The cache hint of `resources/read` results whose handler gives none
    /// ([`ResourceHandler::cache_hint`]) and that carry none themselves. Without it such
    /// results say [`CacheHint::NONE`].
    #[must_use]
    pub fn read_cache(mut self, hint: CacheHint) -> Self {
        self.read_cache = Some(hint);
        self
    }

    /// The OAuth scopes a caller needs for a tool, prompt or resource that names none
    /// itself (`#[tool(scopes = [...])]`); checked only when the transport verifies tokens.
    /// Empty by default: any verified caller may call a handler without scopes.
    #[must_use]
    pub fn default_scopes<S: Into<String>>(mut self, scopes: impl IntoIterator<Item = S>) -> Self {
        self.default_scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Checks every successful result of a tool that declares an output schema against it
    /// before it is returned (feature `jsonschema`; results with `isError` are not checked).
    /// Derived result types match their schema by construction: this is for tools that
    /// return `Value`, a hand-built `CallToolResult`, or declare a custom `output_schema`.
    /// A result that breaks its schema becomes an internal error (`-32603`) naming the path.
    ///
    /// ```
    /// use mcp_content::handler::ToolHandler;
    /// use mcp_content::model::{Tool, ToolName};
    /// use mcp_content::{CallToolResult, Context, Router};
    /// use mcp_content::handler::BoxFuture;
    /// use serde_json::{json, Map, Value};
    ///
    /// struct Count;
    /// impl ToolHandler for Count {
    ///     fn tool(&self) -> Tool {
    ///         let mut tool = Tool::new(ToolName::new("count").unwrap());
    ///         tool.output_schema = json!({"type": "integer"}).as_object().cloned().map(Into::into);
    ///         tool
    ///     }
    ///     fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
    ///         Box::pin(async { CallToolResult::structured(json!("three")) })
    ///     }
    /// }
    ///
    /// let router = Router::builder().tool(Count).check_structured_output(true).build().unwrap();
    /// let context = Context::new(Default::default(), mcp_content::ProtocolVersion::V2026_07_28);
    /// let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    /// let err = runtime.block_on(router.call_tool("count", None, context)).unwrap_err();
    /// assert_eq!(err.code, -32603);
    /// assert!(err.message.ends_with(r#"structuredContent: breaks the tool's output schema: "three" is not of type "integer""#));
    /// ```
    #[cfg(feature = "jsonschema")]
    #[must_use]
    pub fn check_structured_output(mut self, check: bool) -> Self {
        self.check_structured_output = check;
        self
    }

    /// Lists every tool's schemas as they were made (schemars' full output for `#[tool]`)
    /// instead of the portable form the router lists by default.
    ///
    /// By default the router lists what every client reads: `format` values JSON Schema
    /// 2020-12 does not define (schemars' `uint32`, `int64`, `double`, …, which the MCP
    /// Inspector warns on) are dropped, the type and bounds still say what a number holds;
    /// in an input schema, an argument that is not required (an `Option<T>` parameter) is
    /// typed as `T`, not `[T, "null"]` (strict clients flag the `null`): leaving it out is
    /// how a client says none. Output schemas keep their `null`s (a `None` is written as
    /// `null`). A schema with nothing to change is listed exactly as it was given.
    ///
    /// ```
    /// use mcp_content::{Router, tool};
    /// use serde_json::json;
    ///
    /// /// Forecast for a city.
    /// #[tool]
    /// fn forecast(city: String, days: Option<u32>) -> String {
    ///     format!("{city}: sunny for {} day(s)", days.unwrap_or(1))
    /// }
    ///
    /// let portable = Router::builder().tool(forecast {}).build().unwrap();
    /// let days = &portable.list_tools()[0].input_schema.to_map()["properties"]["days"];
    /// assert_eq!(days, &json!({"type": "integer", "minimum": 0}));
    ///
    /// let full = Router::builder().tool(forecast {}).full_schemas(true).build().unwrap();
    /// let days = &full.list_tools()[0].input_schema.to_map()["properties"]["days"];
    /// assert_eq!(days, &json!({"type": ["integer", "null"], "format": "uint32", "minimum": 0}));
    /// ```
    #[must_use]
    pub fn full_schemas(mut self, full: bool) -> Self {
        self.full_schemas = full;
        self
    }

    /// The router, or the first problem: a duplicate name, overlapping resources, a UI
    /// resource nobody serves, or a shared store without shared state keys
    /// ([`RouterError::SharedStoreWithoutStateKeys`]).
    // One pass over the builder's parts in the order they depend on each other; each step
    // is a call, and splitting it would only pass the half-built indexes around.
    #[allow(clippy::too_many_lines)]
    pub fn build(self) -> Result<Router, RouterError> {
        check_scopes(&self)?;
        checks::shared_stores_have_keys(
            self.state_keys.is_some(),
            &[
                (
                    StoreKind::Tasks,
                    self.task_store.as_ref().is_some_and(|s| s.is_shared()),
                ),
                (
                    StoreKind::Payloads,
                    self.payload_store.as_ref().is_some_and(|s| s.is_shared()),
                ),
                (
                    StoreKind::Changes,
                    self.change_bus.as_ref().is_some_and(|s| s.is_shared()),
                ),
            ],
        )?;
        let mut tool_index = HashMap::new();
        let mut tools = Vec::with_capacity(self.tools.len());
        let mut task_support = self.task_support;
        for handler in self.tools {
            // Task support is not written on the descriptor (see
            // `ToolHandler::task_support`); `task_tool` overrides the handler's own.
            let mut descriptor = handler.tool();
            if !self.full_schemas {
                super::portable::tool(&mut descriptor);
            }
            let name = descriptor.name.as_str().to_owned();
            if let Some(support) = handler.task_support() {
                task_support.entry(name.clone()).or_insert(support);
            }
            if tool_index.insert(name.clone(), tools.len()).is_some() {
                return Err(RouterError::DuplicateTool(name));
            }
            tools.push((descriptor, handler));
        }
        let mut prompt_index = HashMap::new();
        let mut prompts = Vec::with_capacity(self.prompts.len());
        for handler in self.prompts {
            let descriptor = handler.prompt();
            if prompt_index
                .insert(descriptor.name.clone(), prompts.len())
                .is_some()
            {
                return Err(RouterError::DuplicatePrompt(descriptor.name));
            }
            prompts.push((descriptor, handler));
        }
        let mut resource_index = HashMap::new();
        let mut resources = Vec::new();
        let mut templates: Vec<(ResourceTemplate, Arc<dyn ResourceHandler>)> = Vec::new();
        for handler in self.resources {
            match handler.descriptor() {
                ResourceDescriptor::Fixed(resource) => {
                    let uri = resource.uri.as_str();
                    // `x://a` and `X://a` are one URI (see `Router`'s docs): one key.
                    let key = rules::comparable_uri(uri).into_owned();
                    if let Some(&earlier) = resource_index.get(&key) {
                        let (first, _): &(Resource, _) = &resources[earlier];
                        return Err(if first.uri.as_str() == uri {
                            RouterError::DuplicateResource(uri.to_owned())
                        } else {
                            RouterError::OverlappingResources {
                                first: first.uri.as_str().to_owned(),
                                second: uri.to_owned(),
                            }
                        });
                    }
                    resource_index.insert(key, resources.len());
                    resources.push((resource, handler));
                }
                ResourceDescriptor::Template(template) => {
                    let text = template.uri_template.as_str();
                    if templates
                        .iter()
                        .any(|(t, _)| t.uri_template.as_str() == text)
                    {
                        return Err(RouterError::DuplicateResource(text.to_owned()));
                    }
                    if let Some((earlier, _)) = templates
                        .iter()
                        .find(|(t, _)| t.uri_template.overlaps(&template.uri_template))
                    {
                        return Err(RouterError::OverlappingResources {
                            first: earlier.uri_template.as_str().to_owned(),
                            second: text.to_owned(),
                        });
                    }
                    templates.push((template, handler));
                }
            }
        }
        checks::fixed_uris_apart(&resources, &templates)?;
        let budgets: Vec<Option<u64>> = tools
            .iter()
            .map(|(_, handler)| handler.max_inline().or(self.max_inline))
            .collect();
        let payloads = budgets.iter().any(Option::is_some).then(|| Payloads {
            store: self
                .payload_store
                .unwrap_or_else(|| Arc::new(MemoryPayloadStore::new())),
            ttl: self.payload_ttl.unwrap_or(DEFAULT_PAYLOAD_TTL),
        });
        checks::check_ui_resources(
            &mut tools,
            &resource_index,
            &templates,
            self.legacy_ui_resource_uri,
        )?;
        #[cfg(feature = "jsonschema")]
        let output_checks = if self.check_structured_output {
            let checks = OutputChecks::new(tools.iter().map(|(t, _)| t)).map_err(|(tool, e)| {
                RouterError::InvalidOutputSchema {
                    tool,
                    message: e.to_string(),
                }
            })?;
            Some(checks)
        } else {
            None
        };
        Ok(Router {
            info: self.info,
            budgets,
            payloads,
            list_cache: self.list_cache,
            read_cache: self.read_cache,
            default_scopes: self.default_scopes,
            #[cfg(feature = "jsonschema")]
            output_checks,
            tools,
            tool_index,
            prompts,
            prompt_index,
            resources,
            resource_index,
            templates,
            completion: self.completion,
            state_keys: self.state_keys.unwrap_or_else(StateKeys::ephemeral),
            task_support,
            task_store: self
                .task_store
                .unwrap_or_else(|| Arc::new(MemoryTaskStore::default())),
            task_lease: self.task_lease.unwrap_or(DEFAULT_TASK_LEASE),
            changes: self
                .change_bus
                .unwrap_or_else(|| Arc::new(ChangeFeed::default())),
        })
    }
}

/// Refuses a scope no token could carry: the router's default, or one a hand-written
/// handler returns (`#[tool(scopes = …)]` is checked at compile time).
fn check_scopes(builder: &RouterBuilder) -> Result<(), RouterError> {
    let invalid = |owner: String, scope: &str| {
        rules::check_scope_token(scope).map_err(|violation| RouterError::InvalidScope {
            owner,
            message: violation.to_string(),
        })
    };
    for scope in &builder.default_scopes {
        invalid("default_scopes".to_owned(), scope)?;
    }
    for tool in &builder.tools {
        for scope in tool.scopes() {
            invalid(format!("tool `{}`", tool.tool().name.as_str()), scope)?;
        }
    }
    for prompt in &builder.prompts {
        for scope in prompt.scopes() {
            invalid(format!("prompt `{}`", prompt.prompt().name), scope)?;
        }
    }
    for resource in &builder.resources {
        for scope in resource.scopes() {
            let owner = match resource.descriptor() {
                ResourceDescriptor::Fixed(fixed) => format!("resource `{}`", fixed.uri),
                ResourceDescriptor::Template(template) => {
                    format!("resource template `{}`", template.uri_template.as_str())
                }
            };
            invalid(owner, scope)?;
        }
    }
    Ok(())
}
