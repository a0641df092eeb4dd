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
