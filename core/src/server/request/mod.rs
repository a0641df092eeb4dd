//! A JSON-RPC request as the server reads it, in one place: [`Method`] names every method a
//! client sends (the only place their names are spelled), and [`Request`] is every request a
//! client sends, its params read once ([`Request::parse`]) into typed members. The
//! transports (the own HTTP endpoint, the rmcp bridge, `Router::handle`) convert what they
//! received into a `Request` and match on it once: what the router serves
//! ([`Method::is_routed`]) goes to [`Router::dispatch`](super::router::Router), the rest
//! (sessions, log levels, subscriptions, listen streams, tasks) is the transport's own.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

mod params;

pub use params::{InputParams, Outcome};
pub(crate) use params::{outcome_value, take_object, take_string};

use serde::Deserialize as _;

use crate::server::handler::LogLevel;
use crate::server::input::ClientCapabilities;
use crate::server::params::{
    PARAMS_LEVEL, check_completion, check_cursor, check_meta_param, check_no_null_member,
    check_owned_map_depth,
};
use crate::server::protocol_error::ProtocolError;

/// The methods of the requests a client sends a server, every protocol version's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// `initialize` (2025-era: opens a session).
    Initialize,
    /// `ping`.
    Ping,
    /// `server/discover` (2026-07-28).
    ServerDiscover,
    /// `tools/list`.
    ListTools,
    /// `tools/call`.
    CallTool,
    /// `prompts/list`.
    ListPrompts,
    /// `prompts/get`.
    GetPrompt,
    /// `resources/list`.
    ListResources,
    /// `resources/templates/list`.
    ListResourceTemplates,
    /// `resources/read`.
    ReadResource,
    /// `resources/subscribe` (2025-era).
    Subscribe,
    /// `resources/unsubscribe` (2025-era).
    Unsubscribe,
    /// `subscriptions/listen` (2026-07-28).
    SubscriptionsListen,
    /// `completion/complete`.
    Complete,
    /// `logging/setLevel` (2025-era).
    SetLevel,
    /// `tasks/get`.
    TasksGet,
    /// `tasks/result`.
    TasksResult,
    /// `tasks/list`.
    TasksList,
    /// `tasks/cancel`.
    TasksCancel,
    /// `tasks/update`.
    TasksUpdate,
}

impl Method {
    /// Every method, in the order of the spec's schema.
    pub(crate) const ALL: [Method; 20] = [
        Method::Initialize,
        Method::Ping,
        Method::ServerDiscover,
        Method::ListTools,
        Method::CallTool,
        Method::ListPrompts,
        Method::GetPrompt,
        Method::ListResources,
        Method::ListResourceTemplates,
        Method::ReadResource,
        Method::Subscribe,
        Method::Unsubscribe,
        Method::SubscriptionsListen,
        Method::Complete,
        Method::SetLevel,
        Method::TasksGet,
        Method::TasksResult,
        Method::TasksList,
        Method::TasksCancel,
        Method::TasksUpdate,
    ];

    /// The method's name on the wire.
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Method::Initialize => "initialize",
            Method::Ping => "ping",
            Method::ServerDiscover => "server/discover",
            Method::ListTools => "tools/list",
            Method::CallTool => "tools/call",
            Method::ListPrompts => "prompts/list",
            Method::GetPrompt => "prompts/get",
            Method::ListResources => "resources/list",
            Method::ListResourceTemplates => "resources/templates/list",
            Method::ReadResource => "resources/read",
            Method::Subscribe => "resources/subscribe",
            Method::Unsubscribe => "resources/unsubscribe",
            Method::SubscriptionsListen => "subscriptions/listen",
            Method::Complete => "completion/complete",
            Method::SetLevel => "logging/setLevel",
            Method::TasksGet => "tasks/get",
            Method::TasksResult => "tasks/result",
            Method::TasksList => "tasks/list",
            Method::TasksCancel => "tasks/cancel",
            Method::TasksUpdate => "tasks/update",
        }
    }

    /// Served by the router (`Router::dispatch`): the lists, `tools/call`, `prompts/get`,
    /// `resources/read`, `completion/complete`. The others are a transport's own.
    pub(crate) const fn is_routed(self) -> bool {
        matches!(
            self,
            Method::ListTools
                | Method::ListPrompts
                | Method::ListResources
                | Method::ListResourceTemplates
                | Method::CallTool
                | Method::GetPrompt
                | Method::ReadResource
                | Method::Complete
        )
    }

    /// The method named `name` (case matters: `TOOLS/LIST` is no method).
    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL
            .into_iter()
            .find(|method| method.as_str() == name)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Method {
    type Err = ProtocolError;

    /// `-32601` naming a method this server does not know.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Method::parse(name).ok_or_else(|| ProtocolError::method_not_found(name))
    }
}

/// A client's request, its params read into typed members: the ones the router serves
/// ([`Method::is_routed`]: lists, calls, reads, completions) and the ones each transport
/// serves itself (sessions, log levels, subscriptions, listen streams, tasks).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Request {
    /// `initialize` (2025-era: opens a session).
    Initialize(Initialize),
    /// `ping`.
    Ping,
    /// `server/discover` (2026-07-28).
    ServerDiscover,
    /// `tools/list`.
    ListTools,
    /// `prompts/list`.
    ListPrompts,
    /// `resources/list`.
    ListResources,
    /// `resources/templates/list`.
    ListResourceTemplates,
    /// `tools/call`.
    CallTool(CallTool),
    /// `prompts/get`.
    GetPrompt(GetPrompt),
    /// `resources/read`.
    ReadResource(ReadResource),
    /// `completion/complete`.
    Complete(Complete),
    /// `resources/subscribe` (2025-era).
    Subscribe {
        /// The resource's URI.
        uri: String,
    },
    /// `resources/unsubscribe` (2025-era).
    Unsubscribe {
        /// The resource's URI.
        uri: String,
    },
    /// `subscriptions/listen` (2026-07-28).
    Listen(Listen),
    /// `logging/setLevel` (2025-era).
    SetLevel {
        /// The level asked for.
        level: LogLevel,
    },
    /// `tasks/get`.
    TasksGet {
        /// The task's id.
        task_id: String,
    },
    /// `tasks/result`.
    TasksResult {
        /// The task's id.
        task_id: String,
    },
    /// `tasks/list`.
    TasksList,
    /// `tasks/cancel`.
    TasksCancel {
        /// The task's id.
        task_id: String,
    },
    /// `tasks/update`.
    TasksUpdate {
        /// The task's id.
        task_id: String,
        /// `inputResponses` (absent: none).
        responses: Map<String, Value>,
    },
}

/// `initialize`'s params.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Initialize {
    /// `protocolVersion`, as asked.
    pub(crate) protocol_version: String,
    /// `capabilities` (absent or `null`: none declared).
    pub(crate) capabilities: ClientCapabilities,
}

/// `tools/call`'s params.
#[derive(Debug, Clone, PartialEq)]
pub struct CallTool {
    /// The tool's name.
    pub name: String,
    /// Its arguments, as sent.
    pub arguments: Option<Map<String, Value>>,
    /// The multi round-trip members.
    pub input: InputParams,
}

/// `prompts/get`'s params.
#[derive(Debug, Clone, PartialEq)]
pub struct GetPrompt {
    /// The prompt's name.
    pub name: String,
    /// Its arguments, as sent.
    pub arguments: Option<Map<String, Value>>,
    /// The multi round-trip members.
    pub input: InputParams,
}

/// `resources/subscribe`'s and `resources/unsubscribe`'s `uri`: a string and an absolute
/// URI (the schema's `format: uri`), else refused naming `params.uri` and the rule; a
/// subscription to text that can name no resource is not kept.
fn subscription_uri(params: &mut Map<String, Value>) -> Result<String, ProtocolError> {
    let uri = take_string(params, "uri")?;
    absolute_uri("params.uri", &uri)?;
    Ok(uri)
}

/// A subscription's URI at `path` checked against the absolute-URI rule, refused naming
/// the path and the rule.
fn absolute_uri(path: &str, uri: &str) -> Result<(), ProtocolError> {
    crate::rules::check_absolute_uri(uri)
        .map_err(|violation| ProtocolError::invalid_params(format!("{path}: {violation}")))
}

/// `resources/read`'s params.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadResource {
    /// The resource's URI.
    pub uri: String,
    /// The multi round-trip members.
    pub input: InputParams,
}

/// `completion/complete`'s params.
#[derive(Debug, Clone, PartialEq)]
pub struct Complete {
    /// `ref`: a `PromptReference` or a `ResourceTemplateReference`.
    pub reference: Value,
    /// `argument.name`.
    pub argument: String,
    /// `argument.value`.
    pub value: String,
}

/// `subscriptions/listen`'s params: the filter `notifications` asks for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Listen {
    /// `notifications.resourceSubscriptions`: `None` when the filter does not name the
    /// member, empty when it is `null`.
    pub(crate) resource_subscriptions: Option<Vec<String>>,
}

impl Request {
    /// Reads the request of `method` from its params (what is left of them once the
    /// transport took `_meta`): the members each method needs, taken in one order for
    /// every transport, a missing or mistyped one refused with `-32602` naming it.
    pub(crate) fn parse(
        method: Method,
        mut params: Map<String, Value>,
    ) -> Result<Request, ProtocolError> {
        Ok(match method {
            Method::Initialize => Request::Initialize(Initialize::parse(&params)?),
            Method::Ping => Request::Ping,
            Method::ServerDiscover => Request::ServerDiscover,
            Method::ListTools => Request::ListTools,
            Method::ListPrompts => Request::ListPrompts,
            Method::ListResources => Request::ListResources,
            Method::ListResourceTemplates => Request::ListResourceTemplates,
            Method::ReadResource => {
                let input = InputParams::take_from(&mut params)?;
                let uri = take_string(&mut params, "uri")?;
                Request::ReadResource(ReadResource { uri, input })
            }
            Method::CallTool => {
                let input = InputParams::take_from(&mut params)?;
                let name = take_string(&mut params, "name")?;
                let arguments = take_object(&mut params, "arguments")?;
                Request::CallTool(CallTool {
                    name,
                    arguments,
                    input,
                })
            }
            Method::GetPrompt => {
                let input = InputParams::take_from(&mut params)?;
                let name = take_string(&mut params, "name")?;
                let arguments = take_object(&mut params, "arguments")?;
                Request::GetPrompt(GetPrompt {
                    name,
                    arguments,
                    input,
                })
            }
            Method::Complete => Request::Complete(Complete::parse(params)?),
            Method::Subscribe => Request::Subscribe {
                uri: subscription_uri(&mut params)?,
            },
            Method::Unsubscribe => Request::Unsubscribe {
                uri: subscription_uri(&mut params)?,
            },
            Method::SubscriptionsListen => Request::Listen(Listen::parse(&params)?),
            Method::SetLevel => match params.remove("level").map(LogLevel::deserialize) {
                Some(Ok(level)) => Request::SetLevel { level },
                _ => {
                    return Err(ProtocolError::invalid_params(
                        "params.level: one of debug, info, notice, warning, error, critical, alert, emergency",
                    ));
                }
            },
            Method::TasksGet => Request::TasksGet {
                task_id: take_string(&mut params, "taskId")?,
            },
            Method::TasksResult => Request::TasksResult {
                task_id: take_string(&mut params, "taskId")?,
            },
            Method::TasksList => Request::TasksList,
            Method::TasksCancel => Request::TasksCancel {
                task_id: take_string(&mut params, "taskId")?,
            },
            Method::TasksUpdate => {
                let task_id = take_string(&mut params, "taskId")?;
                let responses = take_object(&mut params, "inputResponses")?.unwrap_or_default();
                Request::TasksUpdate { task_id, responses }
            }
        })
    }

    /// Reads a request the router serves, as every transport does for the methods it
    /// passes on: params nested deeper than a transport's JSON parser reads them, a
    /// member that is `null`, a malformed `_meta` and (for a list) a malformed cursor are
    /// refused with `-32602`; then a method that is not the router's is `-32601`
    /// (before its params are read); then the request is parsed.
    pub(crate) fn read(method: &str, params: Map<String, Value>) -> Result<Request, ProtocolError> {
        let params = check_owned_map_depth(params, "params", PARAMS_LEVEL)?;
        check_no_null_member(&params)?;
        check_meta_param(&params)?;
        if method.ends_with("/list") {
            check_cursor(&params)?;
        }
        let method = method.parse::<Method>()?;
        if !method.is_routed() {
            return Err(ProtocolError::method_not_found(method.as_str()));
        }
        Request::parse(method, params)
    }

    /// The request's method.
    pub(crate) fn method(&self) -> Method {
        match self {
            Request::Initialize(_) => Method::Initialize,
            Request::Ping => Method::Ping,
            Request::ServerDiscover => Method::ServerDiscover,
            Request::ListTools => Method::ListTools,
            Request::ListPrompts => Method::ListPrompts,
            Request::ListResources => Method::ListResources,
            Request::ListResourceTemplates => Method::ListResourceTemplates,
            Request::CallTool(_) => Method::CallTool,
            Request::GetPrompt(_) => Method::GetPrompt,
            Request::ReadResource(_) => Method::ReadResource,
            Request::Complete(_) => Method::Complete,
            Request::Subscribe { .. } => Method::Subscribe,
            Request::Unsubscribe { .. } => Method::Unsubscribe,
            Request::Listen(_) => Method::SubscriptionsListen,
            Request::SetLevel { .. } => Method::SetLevel,
            Request::TasksGet { .. } => Method::TasksGet,
            Request::TasksResult { .. } => Method::TasksResult,
            Request::TasksList => Method::TasksList,
            Request::TasksCancel { .. } => Method::TasksCancel,
            Request::TasksUpdate { .. } => Method::TasksUpdate,
        }
    }
}

impl Initialize {
    /// `initialize`'s params (the own HTTP endpoint reads them before it opens a session).
    pub(crate) fn parse(params: &Map<String, Value>) -> Result<Self, ProtocolError> {
        let Some(asked) = params.get("protocolVersion").and_then(Value::as_str) else {
            return Err(ProtocolError::invalid_params(
                "params.protocolVersion: a string is required",
            ));
        };
        let capabilities = match params.get("capabilities") {
            None | Some(Value::Null) => ClientCapabilities::default(),
            Some(value @ Value::Object(_)) => ClientCapabilities::from_value(value.clone()),
            Some(_) => {
                return Err(ProtocolError::invalid_params(
                    "params.capabilities: an object",
                ));
            }
        };
        Ok(Self {
            protocol_version: asked.to_owned(),
            capabilities,
        })
    }
}

impl Complete {
    fn parse(mut params: Map<String, Value>) -> Result<Self, ProtocolError> {
        // `ref` and `argument` (with its `name` and `value`) are required: read as the
        // schema has them, `null` refused with its path, never read as "".
        let Some(reference) = take_object(&mut params, "ref")? else {
            return Err(ProtocolError::invalid_params("params.ref is required"));
        };
        check_completion(&reference, params.get("context"))?;
        let reference = Value::Object(reference);
        let Some(mut argument) = take_object(&mut params, "argument")? else {
            return Err(ProtocolError::invalid_params("params.argument is required"));
        };
        let within = |mut e: ProtocolError| {
            e.message = e.message.replacen("params.", "params.argument.", 1);
            e
        };
        let name = take_string(&mut argument, "name").map_err(within)?;
        let value = take_string(&mut argument, "value").map_err(within)?;
        Ok(Self {
            reference,
            argument: name,
            value,
        })
    }
}

impl Listen {
    fn parse(params: &Map<String, Value>) -> Result<Self, ProtocolError> {
        let Some(Value::Object(requested)) = params.get("notifications") else {
            return Err(ProtocolError::invalid_params(
                "params.notifications: an object (the subscription filter) is required",
            ));
        };
        let resource_subscriptions = match requested.get("resourceSubscriptions") {
            None => None,
            Some(Value::Null) => Some(Vec::new()),
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        let path = format!("params.notifications.resourceSubscriptions[{i}]");
                        let uri = item.as_str().ok_or_else(|| {
                            ProtocolError::invalid_params(format!("{path}: a URI string"))
                        })?;
                        absolute_uri(&path, uri)?;
                        Ok::<_, ProtocolError>(uri.to_owned())
                    })
                    .collect::<Result<_, _>>()?,
            ),
            Some(_) => {
                return Err(ProtocolError::invalid_params(
                    "params.notifications.resourceSubscriptions: an array of URIs",
                ));
            }
        };
        Ok(Self {
            resource_subscriptions,
        })
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
