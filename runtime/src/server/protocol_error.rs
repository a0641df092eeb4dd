//! The JSON-RPC error a request ends with, shared by the handlers, the router and input
//! requests (its own module so that they need not import each other for it).

use std::fmt;

use serde_json::{Map, Value};

use crate::rules::ProtocolVersion;

/// A JSON-RPC error a request ends with (as opposed to a tool's `isError` result).
#[derive(Debug, Clone, PartialEq)]
pub struct ProtocolError {
    /// The JSON-RPC error code.
    pub code: i32,
    /// What went wrong.
    pub message: String,
    /// Extra data.
    pub data: Option<Value>,
}

impl ProtocolError {
    /// `-32601`: the method does not exist (or the capability is not offered).
    pub const METHOD_NOT_FOUND: i32 = -32601;
    /// `-32602`: the parameters are wrong (an unknown tool, a missing prompt argument, an
    /// unknown resource for 2026-07-28 peers).
    pub const INVALID_PARAMS: i32 = -32602;
    /// `-32603`: the server failed.
    pub const INTERNAL_ERROR: i32 = -32603;
    /// `-32002`: resource not found, as 2025-era peers expect it.
    pub const RESOURCE_NOT_FOUND_2025: i32 = -32002;

    /// An error with `code` and `message`.
    pub fn new(code: i32, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            data: None,
        }
    }

    /// `-32602` with `message`.
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(Self::INVALID_PARAMS, message)
    }

    /// `-32602` for `null` in the optional member `key` of a request's params: refused as the
    /// model refuses it (the one `null` rule: the schemas forbid it), naming the path and the
    /// rule.
    pub(crate) fn null_param(key: &str, expected: &str) -> Self {
        Self::invalid_params(format!(
            "params.{}: null is not allowed here: expected {expected} (rule: type)",
            crate::wire::error::cut(key)
        ))
    }

    /// `-32601` for `method`.
    pub fn method_not_found(method: &str) -> Self {
        Self::new(
            Self::METHOD_NOT_FOUND,
            format!("method not found: {}", crate::wire::error::cut(method)),
        )
    }

    /// `-32603` with `message`.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(Self::INTERNAL_ERROR, message)
    }

    /// Resource not found: `-32602` with `data.uri` (SEP-2164) for 2026-07-28 peers,
    /// `-32002` for 2025-era peers.
    pub fn resource_not_found(uri: &str, version: ProtocolVersion) -> Self {
        let code = if version.resource_not_found_is_invalid_params() {
            Self::INVALID_PARAMS
        } else {
            Self::RESOURCE_NOT_FOUND_2025
        };
        let mut data = Map::new();
        data.insert("uri".into(), Value::from(uri));
        Self {
            code,
            message: "Resource not found".into(),
            data: Some(Value::Object(data)),
        }
    }

    /// This error with `data`.
    #[must_use]
    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for ProtocolError {}

/// JSON-RPC: the message is not JSON.
#[cfg(any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http"))]
pub(crate) const PARSE_ERROR: i32 = -32700;

/// The reply to a message that is not JSON, byte for byte the same on every transport
/// (this crate's HTTP, rmcp's streamable HTTP, stdio):
/// `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: …"}}`.
///
/// The fault is found here, from the bytes alone, whatever the transport tried to read them
/// as (a `Value`, an envelope with raw parts): an encoding fault named as such (a byte order
/// mark, invalid UTF-8, a lone surrogate escape, with its path), else the first syntax fault
/// of the bytes as JSON text, else `error`, the transport's own (JSON nested past the
/// parser's 128 levels is valid JSON text that no `Value` holds), else a key twice in one
/// object.
#[cfg(any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http"))]
pub(crate) fn parse_error_reply(bytes: &[u8], error: Option<&serde_json::Error>) -> Vec<u8> {
    // `IgnoredAny` is skipped without recursion: no depth limit, so only syntax is judged.
    let syntax = serde_json::from_slice::<serde::de::IgnoredAny>(bytes).err();
    let fault = match (
        crate::wire::read::encoding_error(bytes),
        syntax.as_ref().or(error),
    ) {
        (Some(fault), _) => fault.to_string(),
        (None, Some(error)) => error.to_string(),
        (None, None) => duplicate_key(bytes).unwrap_or_else(|| "not a JSON text".to_owned()),
    };
    let mut reply = Vec::with_capacity(fault.len() + 80);
    reply.extend_from_slice(br#"{"jsonrpc":"2.0","id":null,"error":{"code":"#);
    reply.extend_from_slice(PARSE_ERROR.to_string().as_bytes());
    reply.extend_from_slice(br#","message":"#);
    serde_json::to_writer(&mut reply, &format!("Parse error: {fault}"))
        .expect("a string serializes");
    reply.extend_from_slice(b"}}");
    reply
}

/// The first key that is twice in one object of a message, as the readers of the model name
/// it (``params: duplicate field `name` ``): `serde_json` keeps the last of them, and a peer
/// (or a gateway in front of the server) that reads the first would see another request.
#[cfg(any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http"))]
fn duplicate_key(bytes: &[u8]) -> Option<String> {
    use crate::wire::limits::{Finding, ReadLimits, path_at, scan};
    match scan(bytes, ReadLimits::PARSER_MAX_DEPTH, usize::MAX) {
        Finding::DuplicateKey(at, key) => Some(
            crate::wire::error::ReadError::message(
                path_at(bytes, at),
                format!("duplicate field `{}`", crate::wire::error::cut(&key)),
            )
            .to_string(),
        ),
        _ => None,
    }
}

/// Whether a message holds a key twice in one object: every transport refuses it with the
/// `-32700` reply ([`parse_error_reply`]), as the readers of the model refuse such a
/// document, though `serde_json` parses it.
#[cfg(any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http"))]
pub(crate) fn has_duplicate_key(bytes: &[u8]) -> bool {
    use crate::wire::limits::{Finding, ReadLimits, scan};
    matches!(
        scan(bytes, ReadLimits::PARSER_MAX_DEPTH, usize::MAX),
        Finding::DuplicateKey(..)
    )
}

/// Malformed messages every transport's test sends, with what the reply names.
#[cfg(all(
    test,
    any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http")
))]
pub(crate) const MALFORMED: [(&[u8], &str); 10] = [
    (b"{nope", "key must be a string"),
    (br#"{"jsonrpc":"2.0","id":1,"#, "EOF while parsing"),
    (b"not json", "expected ident"),
    (br#"{"jsonrpc":"2.0","id":1} x"#, "trailing characters"),
    (b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\"}", "byte order mark"),
    (b"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\"}", "invalid UTF-8"),
    (
        br#"{"jsonrpc":"2.0","id":"\ud800"}"#,
        "lone surrogate escape",
    ),
    (br#"{"jsonrpc":"2.0","\udc00":1}"#, "lone surrogate escape"),
    (
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call"}"#,
        ".: duplicate field `method`",
    ),
    (
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{},"\u006eame":"b"}}"#,
        "params: duplicate field `name`",
    ),
];

#[cfg(all(
    test,
    any(feature = "http", feature = "rmcp-stdio", feature = "rmcp-http")
))]
mod tests {
    use super::{MALFORMED, parse_error_reply};

    #[test]
    fn the_parse_error_reply_is_json_rpc_and_names_the_fault() {
        assert_eq!(
            String::from_utf8(parse_error_reply(b"{nope", None)).unwrap(),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: key must be a string at line 1 column 2"}}"#
        );
        for (bytes, named) in MALFORMED {
            let reply: serde_json::Value =
                serde_json::from_slice(&parse_error_reply(bytes, None)).unwrap();
            let message = reply["error"]["message"].as_str().unwrap();
            assert!(message.starts_with("Parse error: "), "{message}");
            assert!(message.contains(named), "{named}: {message}");
        }
        // Valid JSON text no `Value` holds: the transport's error is the fault.
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let error = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
        let reply = String::from_utf8(parse_error_reply(deep.as_bytes(), Some(&error))).unwrap();
        assert!(reply.contains("recursion limit exceeded"), "{reply}");
    }
}
