//! The rules on a request's params that every transport applies before a handler runs
//! (the own endpoint, the router, and the fronts of rmcp's transports):
//!
//! - **The one `null` rule**: a member of a request's params is absent or holds its type;
//!   `null` is refused with `-32602` naming it (`params.arguments: null is not allowed
//!   here`), never read as absent. The schemas of every version forbid it (no request
//!   param is nullable).
//! - **The typed `_meta` keys** (`RequestMetaObject`: `progressToken`, and the
//!   `io.modelcontextprotocol/` keys of [`Meta::TYPED_KEYS`]) must hold their type. A wrong
//!   one is refused with `-32602` naming `params._meta.<key>`, never read as absent (a
//!   `logLevel` of `"loud"` is not "no log messages"). Other keys take any value; a key that
//!   breaks the key grammar is dropped by the transports, not refused (the progress token
//!   must survive a peer's one odd key).
//! - **The parser's depth**: what a transport parses (`serde_json`, whose 128 levels admit
//!   127 arrays or objects one in another) nests at most that deep from the JSON-RPC
//!   message; params built in process (`Router::handle`, `Router::call_tool`…) are
//!   held to the same levels, so one request is accepted or refused alike wherever it comes
//!   in, and a value nested 100,000 deep is refused with `-32602` naming its path, never
//!   read (or dropped) with recursion that overflows the stack.

use serde_json::{Map, Value};

use crate::model::meta::{Meta, check_reserved_value};
use crate::server::protocol_error::ProtocolError;
use crate::wire::error::cut;
use crate::wire::error::join_path;

/// `progressToken`: a `ProgressToken`, a string or an integer.
const PROGRESS_TOKEN: &str = "progressToken";

/// How many levels a request's params sit below the JSON-RPC message root (`{"params": …}`).
pub(crate) const PARAMS_LEVEL: usize = 1;

/// How many levels `params.arguments` and `params.inputResponses` sit below the message root.
pub(crate) const ARGUMENTS_LEVEL: usize = 2;

/// The parser's depth on a value of a request, `levels` below the JSON-RPC message root
/// (see the module docs): `-32602` naming the path of the first container past the 128
/// levels a transport's parser reads, its path found without recursion. `at` is the value's own path
/// (`params.arguments`).
pub(crate) fn check_depth(value: &Value, at: &str, levels: usize) -> Result<(), ProtocolError> {
    use crate::wire::limits::{ReadLimits, ValueProblem, check_value_depth, within_depth};
    let max_depth = ReadLimits::PARSER_MAX_DEPTH - levels;
    if within_depth(value, max_depth) {
        return Ok(());
    }
    match check_value_depth(value, max_depth, usize::MAX) {
        Ok(_) => Ok(()),
        Err(ValueProblem::TooDeep(path) | ValueProblem::TooMany(path)) => {
            let path = match path.as_str() {
                "." => at.to_owned(),
                inner if inner.starts_with('[') => format!("{at}{inner}"),
                inner => format!("{at}.{inner}"),
            };
            Err(ProtocolError::invalid_params(format!(
                "{path}: nested deeper than the JSON parser's 127 levels, counted from the \
                 request message (rule: limit)"
            )))
        }
    }
}

/// [`check_depth`] on a value the caller hands over: refused, it is taken apart without
/// recursion (dropping it as it is would recurse once per level).
pub(crate) fn check_owned_depth(
    value: Value,
    at: &str,
    levels: usize,
) -> Result<Value, ProtocolError> {
    match check_depth(&value, at, levels) {
        Ok(()) => Ok(value),
        Err(error) => {
            crate::wire::limits::drop_iteratively(value);
            Err(error)
        }
    }
}

/// [`check_owned_depth`] on an object (a request's params or arguments).
pub(crate) fn check_owned_map_depth(
    map: Map<String, Value>,
    at: &str,
    levels: usize,
) -> Result<Map<String, Value>, ProtocolError> {
    let value = check_owned_depth(Value::Object(map), at, levels)?;
    let Value::Object(map) = value else {
        return Ok(Map::new());
    };
    Ok(map)
}

/// [`check_owned_map_depth`] on a request's `arguments`, when there are any.
pub fn check_arguments(
    arguments: Option<Map<String, Value>>,
) -> Result<Option<Map<String, Value>>, ProtocolError> {
    arguments
        .map(|arguments| check_owned_map_depth(arguments, "params.arguments", ARGUMENTS_LEVEL))
        .transpose()
}

/// The `-32602` error for a params member that is `null` (the one `null` rule), naming
/// what the member holds when it is not `null`.
pub fn null_member(key: &str) -> ProtocolError {
    let expected = match key {
        "_meta" | "arguments" | "inputResponses" | "ref" | "argument" | "context" | "task"
        | "capabilities" | "clientInfo" => "an object",
        "name" | "uri" | "requestState" | "cursor" | "level" | "taskId" | "protocolVersion" => {
            "a string"
        }
        _ => "a value of its type",
    };
    ProtocolError::null_param(key, expected)
}

/// The one `null` rule on a request's params (see the module docs): the first member that
/// is `null`, refused.
pub fn check_no_null_member(params: &Map<String, Value>) -> Result<(), ProtocolError> {
    match params.iter().find(|(_, value)| value.is_null()) {
        Some((key, _)) => Err(null_member(key)),
        None => Ok(()),
    }
}

/// A list method's `cursor`: absent, or a string (the router serves every item at once and
/// never hands out a cursor, so any string is read as "from the start").
pub(crate) fn check_cursor(params: &Map<String, Value>) -> Result<(), ProtocolError> {
    match params.get("cursor") {
        None | Some(Value::String(_)) => Ok(()),
        Some(other) => Err(ProtocolError::invalid_params(format!(
            "params.cursor: must be a string, got {} (rule: type)",
            crate::model::meta::kind_of(other)
        ))),
    }
}

/// `completion/complete`'s `ref` and `context`, as the schema has them: `ref` a
/// `PromptReference` (`type` `"ref/prompt"`, `name` a string, `title` a string if present)
/// or a `ResourceTemplateReference` (`type` `"ref/resource"`, `uri` a string); `context`,
/// when present, an object whose `arguments`, when present, map names to strings. A
/// member of the wrong type, or `null`, is refused naming its path.
pub(crate) fn check_completion(
    reference: &Map<String, Value>,
    context: Option<&Value>,
) -> Result<(), ProtocolError> {
    let refused = |path: &str, wanted: &str, got: Option<&Value>| {
        let got = got.map_or("nothing", crate::model::meta::kind_of);
        Err(ProtocolError::invalid_params(format!(
            "params.{path}: must be {wanted}, got {got} (rule: type)"
        )))
    };
    let string = |key: &str| match reference.get(key) {
        Some(Value::String(_)) => Ok(()),
        other => refused(&format!("ref.{key}"), "a string", other),
    };
    match reference.get("type").and_then(Value::as_str) {
        Some("ref/prompt") => {
            string("name")?;
            if reference.contains_key("title") {
                string("title")?;
            }
        }
        Some("ref/resource") => string("uri")?,
        _ => {
            return refused(
                "ref.type",
                "\"ref/prompt\" or \"ref/resource\"",
                reference.get("type"),
            );
        }
    }
    let Some(context) = context else {
        return Ok(());
    };
    let Some(context) = context.as_object() else {
        return refused("context", "an object", Some(context));
    };
    match context.get("arguments") {
        None => Ok(()),
        Some(Value::Object(arguments)) => {
            match arguments.iter().find(|(_, value)| !value.is_string()) {
                Some((name, value)) => refused(
                    &format!("context.arguments.{}", cut(name)),
                    "a string",
                    Some(value),
                ),
                None => Ok(()),
            }
        }
        other => refused("context.arguments", "an object", other),
    }
}

/// A request's `_meta` as every front reads it: absent, or an object whose typed keys hold
/// their type ([`check_request_meta`]); `null` is refused by [`check_no_null_member`].
pub(crate) fn check_meta_param(params: &Map<String, Value>) -> Result<(), ProtocolError> {
    match params.get("_meta") {
        None => Ok(()),
        Some(Value::Object(meta)) => check_request_meta(meta),
        Some(_) => Err(ProtocolError::invalid_params("params._meta: an object")),
    }
}

/// Checks the typed keys of a request's `_meta` (see the module docs).
pub fn check_request_meta(meta: &Map<String, Value>) -> Result<(), ProtocolError> {
    if let Some(token) = meta.get(PROGRESS_TOKEN) {
        let integer = token.as_i64().is_some() || token.as_u64().is_some();
        if !(token.is_string() || integer) {
            return Err(ProtocolError::invalid_params(format!(
                "params._meta.{PROGRESS_TOKEN}: must be a ProgressToken (a string or an \
                 integer), got {} (rule: type)",
                cut(&token.to_string())
            )));
        }
    }
    for key in Meta::TYPED_KEYS {
        let Some(value) = meta.get(key) else { continue };
        if let Err((at, violation)) = check_reserved_value(key, value) {
            let path = join_path(&format!("params._meta.{key}"), &at);
            return Err(ProtocolError::invalid_params(format!(
                "{path}: {} (rule: {})",
                violation.message,
                violation.rule.name()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn check(meta: &Value) -> Result<(), String> {
        check_request_meta(meta.as_object().unwrap()).map_err(|e| {
            assert_eq!(e.code, ProtocolError::INVALID_PARAMS);
            e.message
        })
    }

    #[test]
    fn typed_keys_of_the_right_type_pass() {
        check(&json!({
            "progressToken": 7,
            "io.modelcontextprotocol/logLevel": "warning",
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
            "com.example/any": null,
        }))
        .unwrap();
        check(&json!({"progressToken": "p-1"})).unwrap();
    }

    #[test]
    fn a_typed_key_of_the_wrong_type_is_refused_naming_its_path() {
        for (meta, path) in [
            (
                json!({"io.modelcontextprotocol/logLevel": "loud"}),
                "params._meta.io.modelcontextprotocol/logLevel: ",
            ),
            (
                json!({"io.modelcontextprotocol/logLevel": null}),
                "params._meta.io.modelcontextprotocol/logLevel: ",
            ),
            (
                json!({"io.modelcontextprotocol/clientInfo": {"name": "c"}}),
                "params._meta.io.modelcontextprotocol/clientInfo.version: ",
            ),
            (
                json!({"progressToken": 1.5}),
                "params._meta.progressToken: ",
            ),
            (
                json!({"progressToken": null}),
                "params._meta.progressToken: ",
            ),
            (json!({"progressToken": {}}), "params._meta.progressToken: "),
        ] {
            let message = check(&meta).unwrap_err();
            assert!(message.starts_with(path), "{meta}: {message}");
            assert!(message.contains("(rule: "), "{message}");
        }
    }

    #[test]
    fn a_null_member_is_refused_naming_it_and_its_type() {
        let params = json!({"name": "t", "arguments": null});
        let error = check_no_null_member(params.as_object().unwrap()).unwrap_err();
        assert_eq!(error.code, ProtocolError::INVALID_PARAMS);
        assert!(
            error
                .message
                .starts_with("params.arguments: null is not allowed here: expected an object"),
            "{}",
            error.message
        );
        let error = null_member("cursor");
        assert!(
            error.message.contains("expected a string"),
            "{}",
            error.message
        );
        check_no_null_member(
            json!({"name": "t", "arguments": {"x": null}})
                .as_object()
                .unwrap(),
        )
        .unwrap();
    }

    #[test]
    fn the_refused_value_is_cut() {
        let long = "x".repeat(10_000);
        let message = check(&json!({"io.modelcontextprotocol/logLevel": long})).unwrap_err();
        assert!(message.len() < 400, "{message}");
    }
}
