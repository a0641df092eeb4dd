//! The router: collects tools, prompts, resources and resource templates, lists and
//! dispatches them, and writes version-correct results.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::model::prompt::{GetPromptResult, Prompt};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool};
use crate::rules;
use crate::server::handler::{
    CompletionHandler, Context, PromptHandler, ProtocolError, ResourceDescriptor, ResourceHandler,
    ToolHandler,
};
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
    /// Two resource handlers can match the same URI (two templates, or a template and a
    /// fixed URI it matches): for those URIs one of them could never run.
    OverlappingResources {
        /// The one registered first.
        first: String,
        /// The one registered later.
        second: String,
    },
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::DuplicateTool(name) => write!(f, "two tools are named `{name}`"),
            RouterError::DuplicatePrompt(name) => write!(f, "two prompts are named `{name}`"),
            RouterError::DuplicateResource(uri) => write!(f, "two resources are at `{uri}`"),
            RouterError::OverlappingResources { first, second } => write!(
                f,
                "the resource `{second}` overlaps `{first}`: some URI matches both, and only one handler can serve it"
            ),
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
}

impl RouterBuilder {
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

    /// The router, or the first duplicate name.
    pub fn build(self) -> Result<Router, RouterError> {
        let mut tool_index = HashMap::new();
        let mut tools = Vec::with_capacity(self.tools.len());
        for handler in self.tools {
            let descriptor = handler.tool();
            let name = descriptor.name.as_str().to_owned();
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
        // A fixed URI that a template matches: the same rule, whichever came first.
        for (resource, _) in &resources {
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
        Ok(Router {
            info: self.info,
            tools,
            tool_index,
            prompts,
            prompt_index,
            resources,
            resource_index,
            templates,
            completion: self.completion,
        })
    }
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
    tools: Vec<(Tool, Arc<dyn ToolHandler>)>,
    tool_index: HashMap<String, usize>,
    prompts: Vec<(Prompt, Arc<dyn PromptHandler>)>,
    prompt_index: HashMap<String, usize>,
    resources: Vec<(Resource, Arc<dyn ResourceHandler>)>,
    resource_index: HashMap<String, usize>,
    templates: Vec<(ResourceTemplate, Arc<dyn ResourceHandler>)>,
    completion: Option<Arc<dyn CompletionHandler>>,
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
        Ok(handler.call(arguments.unwrap_or_default(), context).await)
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
        if let Some(&index) = self.resource_index.get(uri) {
            return self.resources[index].1.read(uri, Vec::new(), context).await;
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
            return handler.read(uri, variables, context).await;
        }
        Err(ProtocolError::resource_not_found(uri, version))
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
            if version.has_cache_hints() {
                result.insert("ttlMs".into(), Value::from(0));
                result.insert("cacheScope".into(), Value::from("private"));
            }
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
            "tools/call" => {
                let name = take_string(&mut params, "name")?;
                let arguments = take_object(&mut params, "arguments")?;
                let result = self.call_tool(&name, arguments, context).await?;
                Ok(result.to_value_for(version))
            }
            "prompts/get" => {
                let name = take_string(&mut params, "name")?;
                let arguments = take_object(&mut params, "arguments")?;
                let result = self.get_prompt(&name, arguments, context).await?;
                Ok(result.to_value_for(version))
            }
            "resources/read" => {
                let uri = take_string(&mut params, "uri")?;
                let result = self.read_resource(&uri, context).await?;
                Ok(result.to_value_for(version))
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

fn take_string(params: &mut Map<String, Value>, key: &str) -> Result<String, ProtocolError> {
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

fn take_object(
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
