//! A JSON-RPC request as the server reads it, in one place: [`Method`] names every method a
//! client sends (the only place their names are spelled), and [`Request`] is a request the
//! router serves, its params read once ([`Request::parse`]) into typed members. The
//! transports (the own HTTP endpoint, the rmcp bridge and its fronts, `Router::handle`)
//! convert what they received into these; [`Router::dispatch`](super::router::Router) serves
//! a `Request` with one `match`.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

mod params;

pub use params::{InputParams, Outcome};
pub(crate) use params::{outcome_value, take_object, take_string};

use crate::server::params::check_completion;
use crate::server::protocol_error::ProtocolError;

/// The methods of the requests a client sends a server, every protocol version's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Method {
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

    /// The method named `name` (case matters: `TOOLS/LIST` is no method).
    pub(crate) fn parse(name: &str) -> Option<Method> {
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

/// A request the router serves, its params read into typed members.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Request {
    /// `tools/list`.
    ListTools,
    /// `prompts/list`.
    ListPrompts,
    /// `resources/list`.
    ListResources,
    /// `resources/templates/list`.
    ListResourceTemplates,
    /// `tools/call`.
    CallTool {
        /// The tool's name.
        name: String,
        /// Its arguments, as sent.
        arguments: Option<Map<String, Value>>,
        /// The multi round-trip members.
        input: InputParams,
    },
    /// `prompts/get`.
    GetPrompt {
        /// The prompt's name.
        name: String,
        /// Its arguments, as sent.
        arguments: Option<Map<String, Value>>,
        /// The multi round-trip members.
        input: InputParams,
    },
    /// `resources/read`.
    ReadResource {
        /// The resource's URI.
        uri: String,
        /// The multi round-trip members.
        input: InputParams,
    },
    /// `completion/complete`.
    Complete {
        /// `ref`: a `PromptReference` or a `ResourceTemplateReference`.
        reference: Value,
        /// `argument.name`.
        argument: String,
        /// `argument.value`.
        value: String,
    },
}

impl Request {
    /// Reads the request of `method` from its params (what is left of them once the
    /// transport took `_meta`): the members each method needs, taken in one order for
    /// every transport, a missing or mistyped one refused with `-32602` naming it. A method
    /// the router does not serve is `-32601`.
    pub(crate) fn parse(
        method: Method,
        mut params: Map<String, Value>,
    ) -> Result<Request, ProtocolError> {
        Ok(match method {
            Method::ListTools => Request::ListTools,
            Method::ListPrompts => Request::ListPrompts,
            Method::ListResources => Request::ListResources,
            Method::ListResourceTemplates => Request::ListResourceTemplates,
            Method::ReadResource => {
                let input = InputParams::take_from(&mut params)?;
                let uri = take_string(&mut params, "uri")?;
                Request::ReadResource { uri, input }
            }
            Method::CallTool | Method::GetPrompt => {
                let input = InputParams::take_from(&mut params)?;
                let name = take_string(&mut params, "name")?;
                let arguments = take_object(&mut params, "arguments")?;
                if method == Method::CallTool {
                    Request::CallTool {
                        name,
                        arguments,
                        input,
                    }
                } else {
                    Request::GetPrompt {
                        name,
                        arguments,
                        input,
                    }
                }
            }
            Method::Complete => {
                // `ref` and `argument` (with its `name` and `value`) are required: read as
                // the schema has them, `null` refused with its path, never read as "".
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
                Request::Complete {
                    reference,
                    argument: name,
                    value,
                }
            }
            other => return Err(ProtocolError::method_not_found(other.as_str())),
        })
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
