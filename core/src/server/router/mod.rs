//! The router: collects tools, prompts, resources and resource templates, lists and
//! dispatches them, and writes version-correct results. `builder.rs` collects the handlers
//! and refuses the sets that cannot be served (duplicate names, overlapping resources).

mod builder;
mod checks;
#[doc(hidden)]
pub mod dispatch;
mod entry;
mod error;
mod portable;
#[doc(hidden)]
pub mod run;
#[doc(hidden)]
pub mod scopes;
mod stores;

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::server::request::{InputParams, Outcome};
pub use builder::{RouterBuilder, ServerInfo};
pub use entry::{
    Clash, RouterEntry, clashes, duplicate, listed_right, misplaced, overlapping, ui_served,
};
pub use error::RouterError;

#[cfg(feature = "jsonschema")]
use crate::convert::typed_result::OutputChecks;
use crate::model::app;
use crate::model::cache::CacheHint;
use crate::model::prompt::{GetPromptResult, Prompt};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool};
use crate::rules;
use crate::server::changes::ChangeBus;
use crate::server::handler::{
    CompletionHandler, Context, PromptHandler, ProtocolError, ResourceHandler, ToolHandler,
};
use crate::server::input::{KeptArguments, Round, StateKeys, Target};
use crate::server::params::{ARGUMENTS_LEVEL, check_arguments, check_depth};
use crate::server::payload::Payloads;
use crate::server::request::Method;
use crate::server::tasks::{TaskStore, TaskSupport};

/// Tools, prompts and resources, ready to list and dispatch.
///
/// # Which resource serves a URI
///
/// `resources/read` goes to the fixed resource at that URI, else to the template that
/// matches it ([`UriTemplate::match_uri`](crate::rules::UriTemplate::match_uri)).
/// URIs compare as RFC 3986 says they are equal without knowing the scheme
/// ([`rules::comparable_uri`]; section 6.2.2): the scheme and the host without regard to
/// case (`X://Docs/a` reads `x://docs/a`), `%XX` escapes by the byte they stand for (`%2f`
/// is `%2F`, and `%7E` is `~`: an escaped unreserved character is the character). In a
/// template only a host written before any variable counts as one. The rest compares
/// exactly: the path, query and userinfo keep their case, an escaped reserved character
/// (`%2F`) is not the character, and dot segments are not removed. The URI and the variables
/// a handler receives are the ones the client sent.
///
/// [`RouterBuilder::build`] refuses two handlers that could serve one URI under that
/// comparison — `x://a` beside `X://A`, `logs://{day}` beside `logs://{date}`, a fixed URI
/// that a template matches — naming both ([`RouterError::OverlappingResources`]); `router!`
/// refuses them at compile time. Templates that share no URI build, several query
/// variables included (`search://items{?q,limit}` beside `search://items?page=1`); in a
/// few shapes the check refuses when in doubt, such as a variable used twice
/// ([`UriTemplate::overlaps`](crate::rules::UriTemplate::overlaps) lists them).
///
/// ```
/// use mcp_content::handler::ToolHandler;
/// use mcp_content::model::{Tool, ToolName};
/// use mcp_content::{CallToolResult, Context, Router};
/// use mcp_content::handler::BoxFuture;
/// use serde_json::{Map, Value};
///
/// struct Ping;
/// impl ToolHandler for Ping {
///     fn tool(&self) -> Tool {
///         let mut tool = Tool::new(ToolName::new("pinger").unwrap());
///         tool.description = Some("Answers pong.".into());
///         tool
///     }
///     fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
///         Box::pin(async { CallToolResult::text("pong") })
///     }
/// }
///
/// let router = Router::builder().tool(Ping).build().unwrap();
/// assert_eq!(router.list_tools()[0].name.as_str(), "pinger");
/// assert!(Router::builder().tool(Ping).tool(Ping).build().is_err());
/// ```
pub struct Router {
    info: ServerInfo,
    budgets: Vec<Option<u64>>,
    payloads: Option<Payloads>,
    list_cache: CacheHint,
    read_cache: Option<CacheHint>,
    /// Scopes for a handler that names none ([`RouterBuilder::default_scopes`]).
    pub(crate) default_scopes: Vec<String>,
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
    changes: Arc<dyn ChangeBus>,
    task_support: HashMap<String, TaskSupport>,
    task_store: Arc<dyn TaskStore>,
    task_lease: Duration,
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

    /// What a round of a request to `name` by `method` with the arguments `kept` is bound
    /// to, for a peer that has rounds (2026-07-28; `kept` is `Some` then, see
    /// [`Router::kept_arguments`]); `None` for older peers, which answer on the back-channel.
    fn round_target<'a>(
        method: Method,
        name: &'a str,
        kept: Option<&'a KeptArguments>,
        context: &Context,
    ) -> Option<Target<'a>> {
        kept.map(|kept| Target::deferred(method.as_str(), name, kept).owned_by(context.principal()))
    }

    /// The arguments a round's target keeps (for a peer that has rounds): their digest is
    /// computed only if a state is checked or sealed.
    fn kept_arguments(
        arguments: Option<&Map<String, Value>>,
        context: &Context,
    ) -> Option<KeptArguments> {
        context
            .protocol_version()
            .has_result_type()
            .then(|| KeptArguments::new(arguments))
    }

    /// Runs `run` as one round of a multi round-trip request to `target` (see
    /// [`Router::round_target`]; without one, `run` just runs).
    async fn in_round<T, F, Fut>(
        &self,
        target: Option<Target<'_>>,
        input: &InputParams,
        context: Context,
        run: F,
    ) -> Result<Outcome<T>, ProtocolError>
    where
        F: FnOnce(Context) -> Fut,
        Fut: Future<Output = Result<T, ProtocolError>>,
    {
        let Some(target) = target else {
            return run(context).await.map(Outcome::Complete);
        };
        if let Some(responses) = &input.responses {
            check_depth(responses, "params.inputResponses", ARGUMENTS_LEVEL)?;
        }
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
        let arguments = check_arguments(arguments)?;
        self.tool_round(name, arguments, input, context).await
    }

    /// [`Router::call_tool_round`] with arguments already held to the parser's depth.
    async fn tool_round(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        input: &InputParams,
        context: Context,
    ) -> Result<Outcome<CallToolResult>, ProtocolError> {
        // Refused before a round begins; without rounds `run_tool` refuses it the same way.
        if context.protocol_version().has_result_type() && !self.tool_index.contains_key(name) {
            return Err(unknown_tool(name));
        }
        let kept = Self::kept_arguments(arguments.as_ref(), &context);
        let target = Self::round_target(Method::CallTool, name, kept.as_ref(), &context);
        self.in_round(target, input, context, |context| {
            self.run_tool(name, arguments.unwrap_or_default(), context)
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
        let arguments = check_arguments(arguments)?;
        self.prompt_round(name, arguments, input, context).await
    }

    /// [`Router::get_prompt_round`] with arguments already held to the parser's depth.
    async fn prompt_round(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        input: &InputParams,
        context: Context,
    ) -> Result<Outcome<GetPromptResult>, ProtocolError> {
        let kept = Self::kept_arguments(arguments.as_ref(), &context);
        let target = Self::round_target(Method::GetPrompt, name, kept.as_ref(), &context);
        self.in_round(target, input, context, |context| {
            self.run_prompt(name, arguments.unwrap_or_default(), context)
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
        let kept = Self::kept_arguments(None, &context);
        let target = Self::round_target(Method::ReadResource, uri, kept.as_ref(), &context);
        self.in_round(target, input, context, |context| {
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
        let arguments = check_arguments(arguments)?.unwrap_or_default();
        self.run_tool(name, arguments, context).await
    }

    /// Calls the tool `name` with `arguments` written as JSON (`json!({...})`), as a client
    /// on the latest protocol version with no capabilities would: the helper for a test of a
    /// handler. `null` is no arguments; anything but an object or `null` is invalid params
    /// (`-32602`), as on the wire.
    ///
    /// ```
    /// use mcp_content::{Router, tool};
    /// use serde_json::json;
    ///
    /// /// Adds two numbers.
    /// #[tool]
    /// fn add(a: i64, b: i64) -> String {
    ///     (a + b).to_string()
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// let router = Router::builder().tool(add {}).build().unwrap();
    /// let result = router.call_tool_json("add", json!({"a": 2, "b": 3})).await.unwrap();
    /// assert_eq!(result.content[0].as_text(), Some("5"));
    /// // A bad argument is the tool's error result, naming it.
    /// let wrong = router.call_tool_json("add", json!({"a": "two", "b": 3})).await.unwrap();
    /// assert!(wrong.is_error());
    /// # });
    /// ```
    pub async fn call_tool_json(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<CallToolResult, ProtocolError> {
        let arguments = match arguments {
            Value::Object(arguments) => Some(arguments),
            Value::Null => None,
            other => {
                return Err(ProtocolError::invalid_params(format!(
                    "params.arguments: {} is not an object",
                    crate::wire::error::cut(&other.to_string())
                )));
            }
        };
        let context = Context::new(
            crate::model::meta::Meta::new(),
            rules::ProtocolVersion::LATEST,
        );
        self.call_tool(name, arguments, context).await
    }

    /// [`Router::call_tool`] with arguments already held to the parser's depth: the one
    /// place a tool runs.
    async fn run_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: Context,
    ) -> Result<CallToolResult, ProtocolError> {
        let Some(&index) = self.tool_index.get(name) else {
            return Err(unknown_tool(name));
        };
        let handler = &self.tools[index].1;
        self.check_scopes(handler.scopes(), &context, || {
            scopes::handler_label("tools/call", name)
        })?;
        let owner = context.principal_arc().cloned(); // whose payload links are made
        let mut result = run::run_handler(
            || scopes::handler_label("tools/call", name),
            context,
            |context| handler.call(arguments, context),
        )
        .await?;
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
            payloads.apply(&mut result, max_inline, owner).await?;
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
        let arguments = check_arguments(arguments)?.unwrap_or_default();
        self.run_prompt(name, arguments, context).await
    }

    /// [`Router::get_prompt`] with arguments already held to the parser's depth.
    async fn run_prompt(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: Context,
    ) -> Result<GetPromptResult, ProtocolError> {
        let Some(&index) = self.prompt_index.get(name) else {
            return Err(ProtocolError::invalid_params(format!(
                "unknown prompt: {}",
                crate::wire::error::cut(name)
            )));
        };
        let handler = &self.prompts[index].1;
        self.check_scopes(handler.scopes(), &context, || {
            scopes::handler_label("prompts/get", name)
        })?;
        run::run_handler(
            || scopes::handler_label("prompts/get", name),
            context,
            |context| handler.get(arguments, context),
        )
        .await?
    }

    /// Reads the resource at `uri`: a fixed resource first, then the first template that
    /// matches. For `file:` templates, variables that would climb out of the root (`..`,
    /// encoded slashes, absolute paths) are refused unless the handler allows them. That
    /// guard reads the URI, not the filesystem (a symlink inside the root still leads out):
    /// a handler that opens files opens them through `files::Root` (feature `files`).
    pub async fn read_resource(
        &self,
        uri: &str,
        context: Context,
    ) -> Result<ReadResourceResult, ProtocolError> {
        let version = context.protocol_version();
        if let Some(payloads) = &self.payloads
            && let Some(read) = payloads.read(uri, context.principal()).await?
        {
            return Ok(read);
        }
        if let Some(&index) = self.resource_index.get(&*rules::comparable_uri(uri)) {
            let (descriptor, handler) = &self.resources[index];
            self.check_scopes(handler.scopes(), &context, || {
                scopes::handler_label("resources/read", uri)
            })?;
            let result = run::run_handler(
                || format!("resource `{}`", descriptor.uri),
                context,
                |context| handler.read(uri, Vec::new(), context),
            )
            .await?;
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
                    "refused: a variable of {} would leave the template's file root",
                    crate::wire::error::cut(uri)
                ))
                .with_data(serde_json::json!({ "uri": uri })));
            }
            self.check_scopes(handler.scopes(), &context, || {
                scopes::handler_label("resources/read", uri)
            })?;
            let result = run::run_handler(
                || format!("resource template `{}`", template.uri_template.as_str()),
                context,
                |context| handler.read(uri, variables, context),
            )
            .await?;
            return self.finish_read(&template.meta, &**handler, result);
        }
        Err(ProtocolError::resource_not_found(uri, version))
    }

    /// The handler's cache hint, else the router's, on a read result that has none; the
    /// descriptor's `_meta.ui` (MCP Apps) on each contents item that has none.
    fn finish_read(
        &self,
        descriptor_meta: &crate::model::meta::Meta,
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
            Some(handler) => {
                run::run_handler(
                    || "completion".into(),
                    context,
                    |context| handler.complete(reference, argument, value, context),
                )
                .await?
            }
            None => Ok(Vec::new()),
        }
    }
}

/// `-32602` for a tool the router does not have.
fn unknown_tool(name: &str) -> ProtocolError {
    ProtocolError::invalid_params(format!("unknown tool: {}", crate::wire::error::cut(name)))
}
