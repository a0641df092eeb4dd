//! One way through the router: a typed [`Request`] is served by [`Router::dispatch`] with
//! one `match`, and [`Router::handle`] (a method name and params, in process) only reads
//! its request and checks the params every transport checks, then dispatches.

use serde_json::{Map, Value};

use super::Router;
use crate::model::cache::CacheHint;
use crate::model::prompt::GetPromptResult;
use crate::model::resource::ReadResourceResult;
use crate::model::tool::CallToolResult;
use crate::rules::ProtocolVersion;
use crate::server::handler::{Context, ProtocolError};
use crate::server::params::{
    PARAMS_LEVEL, check_cursor, check_meta_param, check_no_null_member, check_owned_map_depth,
};
use crate::server::request::{Method, Outcome, Request, outcome_value};
use crate::wire::version::SerializeFor;

/// What the router answers a [`Request`] with: a handler's result (the transports write it
/// with its own writer, straight into the response) or a value the router built.
pub(crate) enum Answer {
    /// `tools/call`'s.
    Tool(Outcome<CallToolResult>),
    /// `prompts/get`'s.
    Prompt(Outcome<GetPromptResult>),
    /// `resources/read`'s.
    Resource(Outcome<ReadResourceResult>),
    /// A list's or a completion's.
    Value(Value),
}

impl Answer {
    /// The answer as the JSON a peer on `version` expects.
    pub(crate) fn into_value(self, version: ProtocolVersion) -> Value {
        match self {
            Answer::Tool(outcome) => outcome_value(outcome, version),
            Answer::Prompt(outcome) => outcome_value(outcome, version),
            Answer::Resource(outcome) => outcome_value(outcome, version),
            Answer::Value(value) => value,
        }
    }
}

impl Router {
    /// Serves one request (see [`Request::parse`]). Its arguments are held to the parser's
    /// depth already: read from a transport's bytes, or checked with the params in
    /// [`Router::handle`].
    pub(crate) async fn dispatch(
        &self,
        request: Request,
        context: Context,
    ) -> Result<Answer, ProtocolError> {
        let version = context.protocol_version();
        Ok(match request {
            Request::ListTools => {
                let items = self.tools.iter().map(|(t, _)| t.to_value_for(version));
                Answer::Value(self.list_result("tools", items.collect(), version))
            }
            Request::ListPrompts => {
                let items = self.prompts.iter().map(|(p, _)| p.to_value_for(version));
                Answer::Value(self.list_result("prompts", items.collect(), version))
            }
            Request::ListResources => {
                let items = self.resources.iter().map(|(r, _)| r.to_value_for(version));
                Answer::Value(self.list_result("resources", items.collect(), version))
            }
            Request::ListResourceTemplates => {
                let items = self.templates.iter().map(|(t, _)| t.to_value_for(version));
                Answer::Value(self.list_result("resourceTemplates", items.collect(), version))
            }
            Request::CallTool {
                name,
                arguments,
                input,
            } => Answer::Tool(self.tool_round(&name, arguments, &input, context).await?),
            Request::GetPrompt {
                name,
                arguments,
                input,
            } => Answer::Prompt(self.prompt_round(&name, arguments, &input, context).await?),
            Request::ReadResource { uri, input } => {
                Answer::Resource(self.read_resource_round(&uri, &input, context).await?)
            }
            Request::Complete {
                reference,
                argument,
                value,
            } => {
                let values = self
                    .complete(&reference, &argument, &value, context)
                    .await?;
                let total = values.len();
                let mut result = serde_json::json!({
                    "completion": { "values": values, "total": total, "hasMore": false }
                });
                if version.has_result_type() {
                    result["resultType"] = Value::from(crate::model::result::RESULT_TYPE_COMPLETE);
                }
                Answer::Value(result)
            }
        })
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
        let params = check_owned_map_depth(params.unwrap_or_default(), "params", PARAMS_LEVEL)?;
        check_no_null_member(&params)?;
        check_meta_param(&params)?;
        if method.ends_with("/list") {
            check_cursor(&params)?;
        }
        let request = Request::parse(method.parse::<Method>()?, params)?;
        let answer = self.dispatch(request, context).await?;
        Ok(answer.into_value(version))
    }

    /// A list result: the items under `key`, with the result type and the router's cache
    /// hint for the versions that have them.
    fn list_result(&self, key: &str, items: Vec<Value>, version: ProtocolVersion) -> Value {
        let mut result = Map::new();
        result.insert(key.to_owned(), Value::Array(items));
        if version.has_result_type() {
            result.insert(
                "resultType".into(),
                Value::from(crate::model::result::RESULT_TYPE_COMPLETE),
            );
        }
        if version.has_cache_hints() {
            let CacheHint { ttl_ms, scope } = self.list_cache;
            result.insert("ttlMs".into(), Value::from(ttl_ms));
            result.insert("cacheScope".into(), Value::from(scope.as_str()));
        }
        Value::Object(result)
    }
}
