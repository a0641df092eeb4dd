//! The router: collects tools, prompts, resources and resource templates, lists and
//! dispatches them, and writes version-correct results.

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

#[cfg(feature = "jsonschema")]
use crate::convert::typed_result::OutputChecks;
use crate::model::app;
use crate::model::cache::CacheHint;
use crate::model::prompt::{GetPromptResult, Prompt};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool};
use crate::rules;
use crate::server::changes::{Change, ChangeFeed, ListKind};
use crate::server::handler::{
    CompletionHandler, Context, PromptHandler, ProtocolError, ResourceDescriptor, ResourceHandler,
    ToolHandler,
};
use crate::server::input::{Round, StateKeys, Target};
use crate::server::payload::{DEFAULT_PAYLOAD_TTL, MemoryPayloadStore, PayloadStore, Payloads};
use crate::server::tasks::{MemoryTaskStore, TaskStore, TaskSupport};
use crate::wire::version::SerializeFor;

/// Why a router could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouterError {
    /// Two tools share a name.
    DuplicateTool(String),
    /// Two prompts share a name.
    DuplicatePrompt(String),
    /// Two resources share a URI, or two templates share a template.
    DuplicateResource(String),
    /// A tool's `_meta.ui.resourceUri` names a UI resource no resource or template serves.
    MissingUiResource {
        /// The tool.
        tool: String,
        /// The URI it names.
        uri: String,
    },
    /// Two resource handlers can match the same URI (two templates, or a template and a
    /// fixed URI it matches): for those URIs one of them could never run.
    OverlappingResources {
        /// The one registered first.
        first: String,
        /// The one registered later.
        second: String,
    },
    /// A tool's output schema does not compile (with `check_structured_output` on).
    InvalidOutputSchema {
        /// The tool.
        tool: String,
        /// Why.
        message: String,
    },
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::DuplicateTool(name) => write!(f, "two tools are named `{name}`"),
            RouterError::DuplicatePrompt(name) => write!(f, "two prompts are named `{name}`"),
            RouterError::DuplicateResource(uri) => write!(f, "two resources are at `{uri}`"),
            RouterError::MissingUiResource { tool, uri } => write!(
                f,
                "tool `{tool}` renders in the UI resource `{uri}`, which no resource serves"
            ),
            RouterError::OverlappingResources { first, second } => write!(
                f,
                "the resource `{second}` overlaps `{first}`: some URI matches both, and only one handler can serve it"
            ),
            RouterError::InvalidOutputSchema { tool, message } => {
                write!(f, "tool `{tool}`: {message}")
            }
        }
    }
}

impl std::error::Error for RouterError {}

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
    #[cfg(feature = "jsonschema")]
    check_structured_output: bool,
    list_cache: CacheHint,
    read_cache: Option<CacheHint>,
    legacy_ui_resource_uri: bool,
    max_inline: Option<u64>,
    payload_store: Option<Arc<dyn PayloadStore>>,
    payload_ttl: Option<Duration>,
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
    /// use mcp_content::{CallToolResult, ContentBlock, Context, ImageContent, Meta, MimeType, ProtocolVersion, Router, Tool, ToolHandler, ToolName};
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
    /// assert_eq!((link.size, link.mime_type.as_ref().unwrap().as_str()), (Some(4096), "image/png"));
    ///
    /// let read = runtime.block_on(router.read_resource(link.uri.as_str(), context())).unwrap();
    /// let mcp_content::ResourceContents::Blob(blob) = &read.contents[0] else { panic!() };
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
    /// use mcp_content::{CacheHint, Context, Meta, ProtocolVersion, Router};
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

    /// Checks every successful result of a tool that declares an output schema against it
    /// before it is returned (feature `jsonschema`; results with `isError` are not checked).
    /// Derived result types match their schema by construction: this is for tools that
    /// return `Value`, a hand-built `CallToolResult`, or declare a custom `output_schema`.
    /// A result that breaks its schema becomes an internal error (`-32603`) naming the path.
    ///
    /// ```
    /// use mcp_content::{CallToolResult, Context, Router, Tool, ToolHandler, ToolName};
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

    /// The router, or the first duplicate name.
    // One pass over the builder's parts in the order they depend on each other; each step
    // is a call, and splitting it would only pass the half-built indexes around.
    #[allow(clippy::too_many_lines)]
    pub fn build(self) -> Result<Router, RouterError> {
        let mut tool_index = HashMap::new();
        let mut tools = Vec::with_capacity(self.tools.len());
        let mut task_support = self.task_support;
        for handler in self.tools {
            // Task support is not written on the descriptor (see
            // `ToolHandler::task_support`); `task_tool` overrides the handler's own.
            let descriptor = handler.tool();
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
                    let uri = resource.uri.as_str().to_owned();
                    if resource_index
                        .insert(uri.clone(), resources.len())
                        .is_some()
                    {
                        return Err(RouterError::DuplicateResource(uri));
                    }
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
        fixed_uris_apart(&resources, &templates)?;
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
        check_ui_resources(
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
            #[cfg(any(feature = "rmcp", feature = "http"))]
            running: Arc::default(),
            changes: ChangeFeed::default(),
        })
    }
}

/// A fixed URI that a template matches: the same rule as between templates, whichever was
/// registered first.
fn fixed_uris_apart(
    resources: &[(Resource, Arc<dyn ResourceHandler>)],
    templates: &[(ResourceTemplate, Arc<dyn ResourceHandler>)],
) -> Result<(), RouterError> {
    for (resource, _) in resources {
        let Ok(fixed) = rules::UriTemplate::parse(resource.uri.as_str()) else {
            continue;
        };
        if let Some((template, _)) = templates
            .iter()
            .find(|(t, _)| t.uri_template.overlaps(&fixed))
        {
            return Err(RouterError::OverlappingResources {
                first: template.uri_template.as_str().to_owned(),
                second: resource.uri.as_str().to_owned(),
            });
        }
    }
    Ok(())
}

/// Tools, prompts and resources, ready to list and dispatch.
///
/// ```
/// use mcp_content::{CallToolResult, Context, Router, Tool, ToolHandler, ToolName};
/// use mcp_content::handler::BoxFuture;
/// use serde_json::{Map, Value};
///
/// struct Ping;
/// impl ToolHandler for Ping {
///     fn tool(&self) -> Tool {
///         let mut tool = Tool::new(ToolName::new("ping").unwrap());
///         tool.description = Some("Answers pong.".into());
///         tool
///     }
///     fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
///         Box::pin(async { CallToolResult::text("pong") })
///     }
/// }
///
/// let router = Router::builder().tool(Ping).build().unwrap();
/// assert_eq!(router.list_tools()[0].name.as_str(), "ping");
/// assert!(Router::builder().tool(Ping).tool(Ping).build().is_err());
/// ```
pub struct Router {
    info: ServerInfo,
    budgets: Vec<Option<u64>>,
    payloads: Option<Payloads>,
    list_cache: CacheHint,
    read_cache: Option<CacheHint>,
    #[cfg(feature = "jsonschema")]
    output_checks: Option<OutputChecks>,
    tools: Vec<(Tool, Arc<dyn ToolHandler>)>,
    tool_index: HashMap<String, usize>,
    prompts: Vec<(Prompt, Arc<dyn PromptHandler>)>,
    prompt_index: HashMap<String, usize>,
    resources: Vec<(Resource, Arc<dyn ResourceHandler>)>,
    resource_index: HashMap<String, usize>,
    templates: Vec<(ResourceTemplate, Arc<dyn ResourceHandler>)>,
    completion: Option<Arc<dyn CompletionHandler>>,
    state_keys: StateKeys,
    changes: ChangeFeed,
    task_support: HashMap<String, TaskSupport>,
    task_store: Arc<dyn TaskStore>,
    #[cfg(any(feature = "rmcp", feature = "http"))]
    running: Arc<crate::server::tasks::engine::Running>,
}

/// What a request that may ask for input ends with.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<T> {
    /// The handler's result.
    Complete(T),
    /// An `InputRequiredResult` (2026-07-28): the questions and the sealed state, as JSON.
    InputRequired(Value),
}

/// A request's multi round-trip fields (`inputResponses`, `requestState`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InputParams {
    /// `inputResponses`, as sent.
    pub responses: Option<Value>,
    /// `requestState`, as sent.
    pub state: Option<String>,
}

impl InputParams {
    /// Takes the fields out of a request's params.
    pub fn take_from(params: &mut Map<String, Value>) -> Result<Self, ProtocolError> {
        let responses = params.remove("inputResponses");
        let state = match params.remove("requestState") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s),
            Some(_) => {
                return Err(ProtocolError::invalid_params(
                    "params.requestState must be a string",
                ));
            }
        };
        Ok(Self { responses, state })
    }
}

impl fmt::Debug for Router {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Router")
            .field("info", &self.info)
            .field("tools", &self.tool_index.keys().collect::<Vec<_>>())
            .field("prompts", &self.prompt_index.keys().collect::<Vec<_>>())
            .field("resources", &self.resource_index.keys().collect::<Vec<_>>())
            .field("templates", &self.templates.len())
            .finish_non_exhaustive()
    }
}

impl Router {
    /// A builder.
    pub fn builder() -> RouterBuilder {
        RouterBuilder::default()
    }

    /// The server's name and version.
    pub fn info(&self) -> &ServerInfo {
        &self.info
    }

    /// Whether any tool is registered.
    pub fn has_tools(&self) -> bool {
        !self.tools.is_empty()
    }

    /// Whether any prompt is registered.
    pub fn has_prompts(&self) -> bool {
        !self.prompts.is_empty()
    }

    /// Whether any resource or template is registered.
    pub fn has_resources(&self) -> bool {
        !self.resources.is_empty() || !self.templates.is_empty()
    }

    /// Whether argument completion is offered.
    pub fn has_completion(&self) -> bool {
        self.completion.is_some()
    }

    /// The tools, in registration order.
    pub fn list_tools(&self) -> Vec<Tool> {
        self.tools.iter().map(|(t, _)| t.clone()).collect()
    }

    /// The descriptor of the tool `name`, if there is one.
    pub fn find_tool(&self, name: &str) -> Option<&Tool> {
        self.tool_index.get(name).map(|&index| &self.tools[index].0)
    }

    /// The prompts, in registration order.
    pub fn list_prompts(&self) -> Vec<Prompt> {
        self.prompts.iter().map(|(p, _)| p.clone()).collect()
    }

    /// The fixed resources, in registration order.
    pub fn list_resources(&self) -> Vec<Resource> {
        self.resources.iter().map(|(r, _)| r.clone()).collect()
    }

    /// The resource templates, in registration order.
    pub fn list_resource_templates(&self) -> Vec<ResourceTemplate> {
        self.templates.iter().map(|(t, _)| t.clone()).collect()
    }

    /// How the tool `name` runs as a task, if it does.
    pub fn task_support(&self, name: &str) -> Option<TaskSupport> {
        // Most routers have no task tool: no hashing of the name on every call then.
        if self.task_support.is_empty() {
            return None;
        }
        self.task_support.get(name).copied()
    }

    /// Whether any tool runs as a task.
    pub fn has_task_tools(&self) -> bool {
        !self.task_support.is_empty()
    }

    /// Where tasks are kept.
    pub fn task_store(&self) -> &dyn TaskStore {
        self.task_store.as_ref()
    }

    /// The change feed subscriptions listen to.
    pub fn changes(&self) -> &ChangeFeed {
        &self.changes
    }

    /// Announces that the resource at `uri` changed: every subscription to it is told
    /// (`notifications/resources/updated`).
    pub fn notify_resource_updated(&self, uri: &str) {
        self.changes
            .publish(&Change::ResourceUpdated(uri.to_owned()));
    }

    /// Announces that a list changed: every 2025-era session of `http::HttpServer` (feature
    /// `http`) that has its `GET` stream open is told (`notifications/tools/list_changed`
    /// and its siblings).
    ///
    /// ```
    /// let router = mcp_content::Router::builder().build().unwrap();
    /// // Nobody listens yet: nothing to tell, nothing fails.
    /// router.notify_list_changed(mcp_content::ListKind::Tools);
    /// ```
    pub fn notify_list_changed(&self, list: ListKind) {
        self.changes.publish(&Change::ListChanged(list));
    }

    /// The keys that seal `requestState`.
    pub fn state_keys(&self) -> &StateKeys {
        &self.state_keys
    }

    /// Runs `run` as one round of a multi round-trip request to `name` by `method`
    /// (2026-07-28 peers; older peers answer on the back-channel, so `run` just runs).
    async fn in_round<T, F, Fut>(
        &self,
        (method, name): (&str, &str),
        input: &InputParams,
        context: Context,
        run: F,
    ) -> Result<Outcome<T>, ProtocolError>
    where
        F: FnOnce(Context) -> Fut,
        Fut: Future<Output = Result<T, ProtocolError>>,
    {
        if !context.protocol_version().has_result_type() {
            return run(context).await.map(Outcome::Complete);
        }
        let target = Target::new(method, name);
        let round = Arc::new(Round::begin(
            &self.state_keys,
            target,
            input.responses.as_ref(),
            input.state.as_deref(),
        )?);
        let result = run(context.with_round(Arc::clone(&round))).await;
        match round.finish(&self.state_keys, target)? {
            Some(input_required) => Ok(Outcome::InputRequired(input_required)),
            None => result.map(Outcome::Complete),
        }
    }

    /// Calls the tool `name` as one round of a request that may ask for input.
    pub async fn call_tool_round(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        input: &InputParams,
        context: Context,
    ) -> Result<Outcome<CallToolResult>, ProtocolError> {
        // Refused before a round begins; without rounds `call_tool` refuses it the same way.
        if context.protocol_version().has_result_type() && !self.tool_index.contains_key(name) {
            return Err(ProtocolError::invalid_params(format!(
                "unknown tool: {name}"
            )));
        }
        self.in_round(("tools/call", name), input, context, |context| {
            self.call_tool(name, arguments, context)
        })
        .await
    }

    /// Gets the prompt `name` as one round of a request that may ask for input.
    pub async fn get_prompt_round(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        input: &InputParams,
        context: Context,
    ) -> Result<Outcome<GetPromptResult>, ProtocolError> {
        self.in_round(("prompts/get", name), input, context, |context| {
            self.get_prompt(name, arguments, context)
        })
        .await
    }

    /// Reads the resource `uri` as one round of a request that may ask for input.
    pub async fn read_resource_round(
        &self,
        uri: &str,
        input: &InputParams,
        context: Context,
    ) -> Result<Outcome<ReadResourceResult>, ProtocolError> {
        self.in_round(("resources/read", uri), input, context, |context| {
            self.read_resource(uri, context)
        })
        .await
    }

    /// Calls the tool `name`. An unknown tool is a protocol error (`-32602`); everything
    /// the tool itself reports, bad arguments included, is an `isError` result.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        context: Context,
    ) -> Result<CallToolResult, ProtocolError> {
        let Some(&index) = self.tool_index.get(name) else {
            return Err(ProtocolError::invalid_params(format!(
                "unknown tool: {name}"
            )));
        };
        let handler = &self.tools[index].1;
        let mut result = handler.call(arguments.unwrap_or_default(), context).await;
        #[cfg(feature = "jsonschema")]
        if let Some(checks) = &self.output_checks {
            checks.check(name, &result).map_err(|e| {
                ProtocolError::internal(format!(
                    "tool `{name}` returned a result against its output schema: {e}"
                ))
            })?;
        }
        if let (Some(payloads), Some(max_inline)) = (&self.payloads, self.budgets[index])
            && !result.is_error()
        {
            payloads.apply(&mut result, max_inline);
        }
        Ok(result)
    }

    /// Gets the prompt `name`.
    pub async fn get_prompt(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        context: Context,
    ) -> Result<GetPromptResult, ProtocolError> {
        let Some(&index) = self.prompt_index.get(name) else {
            return Err(ProtocolError::invalid_params(format!(
                "unknown prompt: {name}"
            )));
        };
        self.prompts[index]
            .1
            .get(arguments.unwrap_or_default(), context)
            .await
    }

    /// Reads the resource at `uri`: a fixed resource first, then the first template that
    /// matches. For `file:` templates, variables that would climb out of the root (`..`,
    /// encoded slashes, absolute paths) are refused unless the handler allows them.
    pub async fn read_resource(
        &self,
        uri: &str,
        context: Context,
    ) -> Result<ReadResourceResult, ProtocolError> {
        let version = context.protocol_version();
        if let Some(read) = self.payloads.as_ref().and_then(|p| p.read(uri)) {
            return Ok(read);
        }
        if let Some(&index) = self.resource_index.get(uri) {
            let (descriptor, handler) = &self.resources[index];
            let result = handler.read(uri, Vec::new(), context).await;
            return self.finish_read(&descriptor.meta, &**handler, result);
        }
        for (template, handler) in &self.templates {
            let Some(variables) = template.uri_template.match_uri(uri) else {
                continue;
            };
            let is_file = template
                .uri_template
                .as_str()
                .get(..5)
                .is_some_and(|scheme| scheme.eq_ignore_ascii_case("file:"));
            if is_file
                && !handler.allows_path_traversal()
                && variables.iter().any(|(name, value)| {
                    // `{+path}` may span segments; a simple `{name}` is one segment.
                    if template.uri_template.keeps_slashes(name) {
                        rules::is_path_traversal_multi_segment(value)
                    } else {
                        rules::is_path_traversal(value)
                    }
                })
            {
                return Err(ProtocolError::invalid_params(format!(
                    "refused: a variable of {uri} would leave the template's file root"
                ))
                .with_data(serde_json::json!({ "uri": uri })));
            }
            let result = handler.read(uri, variables, context).await;
            return self.finish_read(&template.meta, &**handler, result);
        }
        Err(ProtocolError::resource_not_found(uri, version))
    }

    /// The list results' cache hint, for versions that have cache hints.
    fn put_list_cache(&self, result: &mut Map<String, Value>, version: crate::ProtocolVersion) {
        if version.has_cache_hints() {
            let CacheHint { ttl_ms, scope } = self.list_cache;
            result.insert("ttlMs".into(), Value::from(ttl_ms));
            result.insert("cacheScope".into(), Value::from(scope.as_str()));
        }
    }

    /// The handler's cache hint, else the router's, on a read result that has none; the
    /// descriptor's `_meta.ui` (MCP Apps) on each contents item that has none.
    fn finish_read(
        &self,
        descriptor_meta: &crate::Meta,
        handler: &dyn ResourceHandler,
        result: Result<ReadResourceResult, ProtocolError>,
    ) -> Result<ReadResourceResult, ProtocolError> {
        result.map(|mut result| {
            if let Some(ui) = descriptor_meta.get_value(app::UI_META_KEY) {
                for contents in &mut result.contents {
                    app::fill_contents_ui(contents, &ui);
                }
            }
            if let Some(hint) = handler.cache_hint().or(self.read_cache) {
                hint.fill(&mut result);
            }
            result
        })
    }

    /// Completes an argument; without a completion handler, no values.
    pub async fn complete(
        &self,
        reference: &Value,
        argument: &str,
        value: &str,
        context: Context,
    ) -> Result<Vec<String>, ProtocolError> {
        match &self.completion {
            Some(handler) => handler.complete(reference, argument, value, context).await,
            None => Ok(Vec::new()),
        }
    }

    /// Dispatches one request by method name, in process, and returns the result as the
    /// JSON a peer on `context`'s protocol version expects. Methods: `tools/list`,
    /// `tools/call`, `prompts/list`, `prompts/get`, `resources/list`,
    /// `resources/templates/list`, `resources/read`, `completion/complete`.
    pub async fn handle(
        &self,
        method: &str,
        params: Option<Map<String, Value>>,
        context: Context,
    ) -> Result<Value, ProtocolError> {
        let version = context.protocol_version();
        let mut params = params.unwrap_or_default();
        let cacheable = |key: &str, items: Value| {
            let mut result = Map::new();
            result.insert(key.to_owned(), items);
            if version.has_result_type() {
                result.insert(
                    "resultType".into(),
                    Value::from(crate::RESULT_TYPE_COMPLETE),
                );
            }
            self.put_list_cache(&mut result, version);
            Value::Object(result)
        };
        let list = |items: Vec<Value>| Value::Array(items);
        match method {
            "tools/list" => Ok(cacheable(
                "tools",
                list(
                    self.tools
                        .iter()
                        .map(|(t, _)| t.to_value_for(version))
                        .collect(),
                ),
            )),
            "prompts/list" => Ok(cacheable(
                "prompts",
                list(
                    self.prompts
                        .iter()
                        .map(|(p, _)| p.to_value_for(version))
                        .collect(),
                ),
            )),
            "resources/list" => Ok(cacheable(
                "resources",
                list(
                    self.resources
                        .iter()
                        .map(|(r, _)| r.to_value_for(version))
                        .collect(),
                ),
            )),
            "resources/templates/list" => Ok(cacheable(
                "resourceTemplates",
                list(
                    self.templates
                        .iter()
                        .map(|(t, _)| t.to_value_for(version))
                        .collect(),
                ),
            )),
            "tools/call" | "prompts/get" | "resources/read" => {
                self.handle_with_input(method, params, context).await
            }
            "completion/complete" => {
                let reference = params.remove("ref").unwrap_or(Value::Null);
                let argument = take_object(&mut params, "argument")?.unwrap_or_default();
                let name = argument.get("name").and_then(Value::as_str).unwrap_or("");
                let value = argument.get("value").and_then(Value::as_str).unwrap_or("");
                let values = self.complete(&reference, name, value, context).await?;
                let total = values.len();
                let mut result = serde_json::json!({
                    "completion": { "values": values, "total": total, "hasMore": false }
                });
                if version.has_result_type() {
                    result["resultType"] = Value::from(crate::RESULT_TYPE_COMPLETE);
                }
                Ok(result)
            }
            other => Err(ProtocolError::method_not_found(other)),
        }
    }
}

/// Refuses a tool whose `_meta.ui.resourceUri` no resource or template serves; writes the
/// deprecated flat key when asked.
fn check_ui_resources(
    tools: &mut [(Tool, Arc<dyn ToolHandler>)],
    resource_index: &HashMap<String, usize>,
    templates: &[(ResourceTemplate, Arc<dyn ResourceHandler>)],
    legacy: bool,
) -> Result<(), RouterError> {
    for (tool, _) in tools {
        let Some(uri) = app::tool_ui_resource_uri(tool) else {
            continue;
        };
        let served = resource_index.contains_key(&uri)
            || templates
                .iter()
                .any(|(t, _)| t.uri_template.match_uri(&uri).is_some());
        if !served {
            return Err(RouterError::MissingUiResource {
                tool: tool.name.as_str().to_owned(),
                uri,
            });
        }
        if legacy {
            tool.meta
                .__insert_unchecked(app::LEGACY_RESOURCE_URI_KEY, Value::from(uri));
        }
    }
    Ok(())
}

impl Router {
    /// The methods that may ask for input (`tools/call`, `prompts/get`, `resources/read`).
    async fn handle_with_input(
        &self,
        method: &str,
        mut params: Map<String, Value>,
        context: Context,
    ) -> Result<Value, ProtocolError> {
        let version = context.protocol_version();
        let input = InputParams::take_from(&mut params)?;
        if method == "resources/read" {
            let uri = take_string(&mut params, "uri")?;
            let outcome = self.read_resource_round(&uri, &input, context).await?;
            return Ok(outcome_value(outcome, version));
        }
        let name = take_string(&mut params, "name")?;
        let arguments = take_object(&mut params, "arguments")?;
        if method == "tools/call" {
            let outcome = self
                .call_tool_round(&name, arguments, &input, context)
                .await?;
            Ok(outcome_value(outcome, version))
        } else {
            let outcome = self
                .get_prompt_round(&name, arguments, &input, context)
                .await?;
            Ok(outcome_value(outcome, version))
        }
    }
}

fn outcome_value<T: SerializeFor>(outcome: Outcome<T>, version: crate::ProtocolVersion) -> Value {
    match outcome {
        Outcome::Complete(result) => result.to_value_for(version),
        Outcome::InputRequired(value) => value,
    }
}

/// A required string parameter, taken out of `params`.
pub(super) fn take_string(
    params: &mut Map<String, Value>,
    key: &str,
) -> Result<String, ProtocolError> {
    match params.remove(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key} must be a string"
        ))),
        None => Err(ProtocolError::invalid_params(format!(
            "params.{key} is required"
        ))),
    }
}

/// An optional object parameter, taken out of `params`.
pub(super) fn take_object(
    params: &mut Map<String, Value>,
    key: &str,
) -> Result<Option<Map<String, Value>>, ProtocolError> {
    match params.remove(key) {
        Some(Value::Object(map)) => Ok(Some(map)),
        None | Some(Value::Null) => Ok(None),
        Some(_) => Err(ProtocolError::invalid_params(format!(
            "params.{key} must be an object"
        ))),
    }
}

/// The tasks engine runs tools through this: it knows the trait, not the router.
#[cfg(any(feature = "rmcp", feature = "http"))]
impl crate::server::tasks::engine::TaskHost for Router {
    fn task_store(&self) -> &dyn TaskStore {
        self.task_store.as_ref()
    }

    fn running(&self) -> &crate::server::tasks::engine::Running {
        &self.running
    }

    fn state_keys(&self) -> &StateKeys {
        &self.state_keys
    }

    fn run_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: Context,
    ) -> crate::server::handler::BoxFuture<'_, Result<CallToolResult, ProtocolError>> {
        let name = name.to_owned();
        Box::pin(async move { self.call_tool(&name, Some(arguments), context).await })
    }
}
