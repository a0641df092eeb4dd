//! The 2026-07-28 header rules: a stateless request names its protocol version in
//! `MCP-Protocol-Version` (the same as its `_meta`), its method in `Mcp-Method`, its target
//! in `Mcp-Name` (the tool or prompt name, the resource URI, the task id) and each
//! `x-mcp-header` argument of a tool in `Mcp-Param-<Header>` (SEP-2243), so that an
//! intermediary can route it without reading the body. A header that is missing, repeated,
//! unreadable or that disagrees with the body gets `-32020` (`HeaderMismatch`), HTTP 400: an
//! intermediary may already have routed on the header, so the server must not serve what the
//! body says instead.

use std::borrow::Cow;
use std::collections::HashMap;

use http::HeaderMap;
use serde_json::{Map, Value};

use crate::server::handler::ProtocolError;
use crate::server::request::Method;
use crate::server::router::Router;

/// JSON-RPC: a header disagrees with the body, or a required one is missing or malformed.
pub(super) const HEADER_MISMATCH: i32 = -32020;

const METHOD_HEADER: &str = "mcp-method";
const NAME_HEADER: &str = "mcp-name";
/// The header a client names the protocol version with.
pub(super) const VERSION_HEADER: &str = "mcp-protocol-version";

/// A value that cannot travel as a plain header value travels as `=?base64?…?=`.
const BASE64_PREFIX: &str = "=?base64?";
const BASE64_SUFFIX: &str = "?=";

/// The `x-mcp-header` arguments of every tool that declares any, read once from the input
/// schemas when the endpoint is made (a call only looks its tool up).
#[derive(Debug, Default)]
pub(super) struct ParamHeaders {
    by_tool: HashMap<String, Vec<ParamHeader>>,
}

#[derive(Debug)]
struct ParamHeader {
    /// The argument's path in `arguments`, one key per `properties` level.
    path: Vec<String>,
    /// `Mcp-Param-<Header>`, as the schema spells the header.
    name: String,
}

impl ParamHeaders {
    pub(super) fn of(router: &Router) -> Self {
        let mut by_tool = HashMap::new();
        for tool in router.list_tools() {
            let Ok(schema) = serde_json::from_str::<Value>(tool.input_schema.as_str()) else {
                continue;
            };
            let mut found = Vec::new();
            collect(schema.get("properties"), &mut Vec::new(), &mut found);
            if !found.is_empty() {
                by_tool.insert(tool.name.as_str().to_owned(), found);
            }
        }
        Self { by_tool }
    }
}

/// Every `x-mcp-header` reached from the root through `properties` alone (the only place
/// SEP-2243 lets it sit; elsewhere it names no argument).
fn collect(properties: Option<&Value>, path: &mut Vec<String>, out: &mut Vec<ParamHeader>) {
    let Some(Value::Object(properties)) = properties else {
        return;
    };
    for (key, schema) in properties {
        path.push(key.clone());
        if let Some(Value::String(header)) = schema.get("x-mcp-header")
            && !header.is_empty()
        {
            out.push(ParamHeader {
                path: path.clone(),
                name: format!("Mcp-Param-{header}"),
            });
        }
        collect(schema.get("properties"), path, out);
        path.pop();
    }
}

/// A header that does not match the body: every value it quotes (a header, the body's
/// method, a name or argument of any length) cut to 80 characters.
pub(super) fn mismatch(message: impl Into<String>) -> ProtocolError {
    ProtocolError::new(
        HEADER_MISMATCH,
        crate::wire::error::cut_quoted(&message.into()),
    )
}

/// The one value of header `name`, if sent; two values are refused (an intermediary might
/// route on the other one), and so is a value that is not visible ASCII.
fn single<'a>(headers: &'a HeaderMap, name: &str) -> Result<Option<&'a str>, ProtocolError> {
    let mut values = headers.get_all(name).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(mismatch(format!(
            "the {name} header is sent more than once"
        )));
    }
    value.to_str().map(Some).map_err(|_| {
        mismatch(format!(
            "the {name} header has characters a header value cannot carry (wrap the value as \
             =?base64?…?=)"
        ))
    })
}

/// A header value as the body would spell it: `=?base64?…?=` decoded (standard alphabet,
/// padded, UTF-8), anything else as sent.
fn decoded<'a>(raw: &'a str, name: &str) -> Result<Cow<'a, str>, ProtocolError> {
    let Some(inner) = raw
        .strip_prefix(BASE64_PREFIX)
        .and_then(|rest| rest.strip_suffix(BASE64_SUFFIX))
    else {
        return Ok(Cow::Borrowed(raw));
    };
    let bytes = base64_simd::STANDARD
        .decode_to_vec(inner)
        .map_err(|_| mismatch(format!("the {name} header is not valid padded base64")))?;
    String::from_utf8(bytes)
        .map(Cow::Owned)
        .map_err(|_| mismatch(format!("the {name} header's base64 is not UTF-8 text")))
}

/// `MCP-Protocol-Version` names the version the request's `_meta` names.
pub(super) fn check_version(headers: &HeaderMap, named: &str) -> Result<(), ProtocolError> {
    match single(headers, VERSION_HEADER)? {
        None => Err(mismatch(format!(
            "the MCP-Protocol-Version header is required (params._meta names {named:?})"
        ))),
        Some(header) if header != named => Err(mismatch(format!(
            "MCP-Protocol-Version {header:?} is not the version params._meta names ({named:?})"
        ))),
        Some(_) => Ok(()),
    }
}

/// The params member `Mcp-Name` repeats for `method`, if it has one.
fn name_key(method: Method) -> Option<&'static str> {
    match method {
        Method::CallTool | Method::GetPrompt => Some("name"),
        Method::ReadResource | Method::Subscribe | Method::Unsubscribe => Some("uri"),
        Method::TasksGet | Method::TasksUpdate | Method::TasksCancel => Some("taskId"),
        _ => None,
    }
}

/// A primitive argument as a header spells it; objects, arrays and `null` have no spelling.
fn primitive(value: &Value) -> Option<Cow<'_, str>> {
    match value {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Bool(b) => Some(Cow::Owned(b.to_string())),
        Value::Number(n) => Some(Cow::Owned(n.to_string())),
        _ => None,
    }
}

impl ParamHeaders {
    /// `Mcp-Method`, `Mcp-Name` and the tool's `Mcp-Param-*` headers against the body
    /// (`params` without its `_meta`).
    pub(super) fn check(
        &self,
        headers: &HeaderMap,
        method: &str,
        known: Option<Method>,
        params: &Map<String, Value>,
    ) -> Result<(), ProtocolError> {
        match single(headers, METHOD_HEADER)? {
            None => {
                return Err(mismatch(format!(
                    "the Mcp-Method header is required (the body's method is {method:?})"
                )));
            }
            // Case matters: `TOOLS/LIST` is not `tools/list`.
            Some(named) if named != method => {
                return Err(mismatch(format!(
                    "Mcp-Method {named:?} is not the body's method {method:?}"
                )));
            }
            Some(_) => {}
        }
        if let Some(key) = known.and_then(name_key)
            && let Some(Value::String(expected)) = params.get(key)
        {
            let Some(raw) = single(headers, NAME_HEADER)? else {
                return Err(mismatch(format!(
                    "the Mcp-Name header is required for {method} (params.{key} is {expected:?})"
                )));
            };
            let named = decoded(raw, "Mcp-Name")?;
            if named != expected.as_str() {
                return Err(mismatch(format!(
                    "Mcp-Name {named:?} is not params.{key} {expected:?}"
                )));
            }
        }
        if known != Some(Method::CallTool) {
            return Ok(());
        }
        let Some(declared) = params
            .get("name")
            .and_then(Value::as_str)
            .and_then(|tool| self.by_tool.get(tool))
        else {
            return Ok(());
        };
        let arguments = params.get("arguments");
        for header in declared {
            let sent = single(headers, &header.name)?;
            let argument = arguments
                .and_then(|a| header.path.iter().try_fold(a, |value, key| value.get(key)))
                .and_then(primitive);
            let at = header.path.join(".");
            match (sent, argument) {
                (None, None) => {}
                (Some(_), None) => {
                    return Err(mismatch(format!(
                        "the {} header is sent, but arguments.{at} is absent or not a primitive",
                        header.name
                    )));
                }
                (None, Some(_)) => {
                    return Err(mismatch(format!(
                        "the {} header is required: arguments.{at} is set",
                        header.name
                    )));
                }
                (Some(raw), Some(expected)) => {
                    let named = decoded(raw, &header.name)?;
                    if named != expected {
                        return Err(mismatch(format!(
                            "{} {named:?} is not arguments.{at} {expected:?}",
                            header.name
                        )));
                    }
                }
            }
        }
        Ok(())
    }
}
