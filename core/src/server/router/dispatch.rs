//! One way through the router: a typed [`Request`] is served by [`Router::dispatch`] with
//! one `match`, each request type by one function (which the rmcp bridge, whose requests
//! arrive typed, calls too), and [`Router::handle`] (a method name and params, in process)
//! only reads its request ([`Request::read`]), then dispatches.

use serde_json::{Map, Value};

use super::Router;
use crate::model::cache::CacheHint;
use crate::model::prompt::{GetPromptResult, Prompt};
use crate::model::resource::{ReadResourceResult, Resource, ResourceTemplate};
use crate::model::tool::{CallToolResult, Tool};
use crate::rules::ProtocolVersion;
use crate::server::handler::{Context, ProtocolError};
use crate::server::request::{
    CallTool, Complete, GetPrompt, Outcome, ReadResource, Request, outcome_value,
};
use crate::wire::version::SerializeFor;

/// What the router answers a [`Request`] with: a handler's result (the transports write it
/// with its own writer, straight into the response, or convert it to rmcp's model), a
/// list's items (borrowed from the router) or a completion's values.
pub(crate) enum Answer<'r> {
    /// `tools/list`'s.
    Tools(Listing<'r, Tool>),
    /// `prompts/list`'s.
    Prompts(Listing<'r, Prompt>),
    /// `resources/list`'s.
    Resources(Listing<'r, Resource>),
    /// `resources/templates/list`'s.
    ResourceTemplates(Listing<'r, ResourceTemplate>),
    /// `tools/call`'s.
    Tool(Outcome<CallToolResult>),
    /// `prompts/get`'s.
    Prompt(Outcome<GetPromptResult>),
    /// `resources/read`'s.
    Resource(Outcome<ReadResourceResult>),
    /// `completion/complete`'s values.
    Completion(Vec<String>),
}

/// A list's items, in registration order, with the router's cache hint.
pub struct Listing<'r, T> {
    /// The items.
    pub items: Vec<&'r T>,
    cache: CacheHint,
}

impl<T: SerializeFor> Listing<'_, T> {
    /// A list result: the items under `key`, with the result type and the router's cache
    /// hint for the versions that have them.
    fn into_value(self, key: &str, version: ProtocolVersion) -> Value {
        let items = self.items.iter().map(|item| item.to_value_for(version));
        let mut result = Map::new();
        result.insert(key.to_owned(), Value::Array(items.collect()));
        if version.has_result_type() {
            result.insert(
                "resultType".into(),
                Value::from(crate::model::result::RESULT_TYPE_COMPLETE),
            );
        }
        if version.has_cache_hints() {
            let CacheHint { ttl_ms, scope } = self.cache;
            result.insert("ttlMs".into(), Value::from(ttl_ms));
            result.insert("cacheScope".into(), Value::from(scope.as_str()));
        }
        Value::Object(result)
    }
}

impl Answer<'_> {
    /// The answer as the JSON a peer on `version` expects.
    pub(crate) fn into_value(self, version: ProtocolVersion) -> Value {
        match self {
            Answer::Tools(listing) => listing.into_value("tools", version),
            Answer::Prompts(listing) => listing.into_value("prompts", version),
            Answer::Resources(listing) => listing.into_value("resources", version),
            Answer::ResourceTemplates(listing) => listing.into_value("resourceTemplates", version),
            Answer::Tool(outcome) => outcome_value(outcome, version),
            Answer::Prompt(outcome) => outcome_value(outcome, version),
            Answer::Resource(outcome) => outcome_value(outcome, version),
            Answer::Completion(values) => {
                let total = values.len();
                let mut result = serde_json::json!({
                    "completion": { "values": values, "total": total, "hasMore": false }
                });
                if version.has_result_type() {
                    result["resultType"] = Value::from(crate::model::result::RESULT_TYPE_COMPLETE);
                }
                result
            }
        }
    }
}

impl Router {
    /// Serves one request (see [`Request::parse`]) with one `match`, each request type by
    /// its own function below (the rmcp bridge, whose requests arrive typed, calls those
    /// directly). Its arguments are held to the parser's depth already: read from a
    /// transport's bytes, or checked with the params in [`Router::handle`]. A request that
    /// is a transport's own (see [`Method::is_routed`](crate::server::request::Method)) is
    /// `-32601`.
    pub(crate) async fn dispatch(
        &self,
        request: Request,
        context: Context,
    ) -> Result<Answer<'_>, ProtocolError> {
        Ok(match request {
            Request::ListTools => Answer::Tools(self.tools_listing()),
            Request::ListPrompts => Answer::Prompts(self.prompts_listing()),
            Request::ListResources => Answer::Resources(self.resources_listing()),
            Request::ListResourceTemplates => Answer::ResourceTemplates(self.templates_listing()),
            Request::CallTool(call) => Answer::Tool(self.serve_call(call, context).await?),
            Request::GetPrompt(get) => Answer::Prompt(self.serve_prompt(get, context).await?),
            Request::ReadResource(read) => Answer::Resource(self.serve_read(read, context).await?),
            Request::Complete(complete) => {
                Answer::Completion(self.serve_complete(complete, context).await?)
            }
            Request::Initialize(_)
            | Request::Ping
            | Request::ServerDiscover
            | Request::Subscribe { .. }
            | Request::Unsubscribe { .. }
            | Request::Listen(_)
            | Request::SetLevel { .. }
            | Request::TasksGet { .. }
            | Request::TasksResult { .. }
            | Request::TasksList
            | Request::TasksCancel { .. }
            | Request::TasksUpdate { .. } => {
                return Err(ProtocolError::method_not_found(request.method().as_str()));
            }
        })
    }

    /// `tools/list`: the tools.
    pub fn tools_listing(&self) -> Listing<'_, Tool> {
        self.listing(self.tools.iter().map(|(t, _)| t))
    }

    /// `prompts/list`: the prompts.
    pub fn prompts_listing(&self) -> Listing<'_, Prompt> {
        self.listing(self.prompts.iter().map(|(p, _)| p))
    }

    /// `resources/list`: the fixed resources.
    pub fn resources_listing(&self) -> Listing<'_, Resource> {
        self.listing(self.resources.iter().map(|(r, _)| r))
    }

    /// `resources/templates/list`: the resource templates.
    pub fn templates_listing(&self) -> Listing<'_, ResourceTemplate> {
        self.listing(self.templates.iter().map(|(t, _)| t))
    }

    fn listing<'r, T: 'r>(&self, items: impl Iterator<Item = &'r T>) -> Listing<'r, T> {
        Listing {
            items: items.collect(),
            cache: self.list_cache,
        }
    }

    /// `tools/call`: one round of the call (its arguments held to the parser's depth).
    pub async fn serve_call(
        &self,
        call: CallTool,
        context: Context,
    ) -> Result<Outcome<CallToolResult>, ProtocolError> {
        let CallTool {
            name,
            arguments,
            input,
        } = call;
        self.tool_round(&name, arguments, &input, context).await
    }

    /// `prompts/get`: one round of the prompt (its arguments held to the parser's depth).
    pub async fn serve_prompt(
        &self,
        get: GetPrompt,
        context: Context,
    ) -> Result<Outcome<GetPromptResult>, ProtocolError> {
        let GetPrompt {
            name,
            arguments,
            input,
        } = get;
        self.prompt_round(&name, arguments, &input, context).await
    }

    /// `resources/read`: one round of the read.
    pub async fn serve_read(
        &self,
        read: ReadResource,
        context: Context,
    ) -> Result<Outcome<ReadResourceResult>, ProtocolError> {
        self.read_resource_round(&read.uri, &read.input, context)
            .await
    }

    /// `completion/complete`: the values, as the handler gave them.
    pub async fn serve_complete(
        &self,
        complete: Complete,
        context: Context,
    ) -> Result<Vec<String>, ProtocolError> {
        let Complete {
            reference,
            argument,
            value,
        } = complete;
        self.complete(&reference, &argument, &value, context).await
    }

    /// Dispatches one request by method name, in process, and returns the result as the
    /// JSON a peer on `context`'s protocol version expects. Methods: `tools/list`,
    /// `tools/call`, `prompts/list`, `prompts/get`, `resources/list`,
    /// `resources/templates/list`, `resources/read`, `completion/complete`. A params member
    /// that is `null` is refused with `-32602` naming it (the one `null` rule), whatever
    /// the method; so are params nested deeper than a transport's JSON parser reads them
    /// (127 arrays or objects from the JSON-RPC message), naming the first one too deep;
    /// and a `_meta` that is not an object or whose typed keys (`progressToken`, the
    /// `io.modelcontextprotocol/` keys) break their type, as the transports refuse them.
    pub async fn handle(
        &self,
        method: &str,
        params: Option<Map<String, Value>>,
        context: Context,
    ) -> Result<Value, ProtocolError> {
        let version = context.protocol_version();
        let request = Request::read(method, params.unwrap_or_default())?;
        let answer = self.dispatch(request, context).await?;
        Ok(answer.into_value(version))
    }
}
