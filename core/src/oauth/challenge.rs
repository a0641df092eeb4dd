//! The refusals of the resource server: 401 with `WWW-Authenticate: Bearer …` for a
//! request without a usable token or with a refused one, 403 `insufficient_scope` for a
//! token that lacks a handler's scopes (RFC 6750 §3, RFC 9728 §5.1, the MCP spec's
//! step-up flow). Each carries a JSON-RPC error body; none ever quotes the token.

use bytes::Bytes;
use http::{HeaderValue, Response, StatusCode, header};
use serde_json::Value;

use crate::server::handler::ProtocolError;
use crate::server::router::scopes::insufficient_scope_error;

/// JSON-RPC: the request is refused before it is read (401).
const UNAUTHORIZED_CODE: i32 = -32600;
/// The longest `error_description` sent.
const MAX_DESCRIPTION: usize = 200;

/// A request the resource server refuses: its status, its `WWW-Authenticate` challenge and
/// the JSON-RPC error of its body.
#[derive(Debug, Clone)]
pub(crate) struct Refusal {
    status: StatusCode,
    challenge: HeaderValue,
    error: ProtocolError,
}

impl Refusal {
    /// 401 or 403.
    #[cfg(feature = "http")]
    pub(crate) fn status(&self) -> StatusCode {
        self.status
    }

    /// The `WWW-Authenticate` value.
    #[cfg(feature = "http")]
    pub(crate) fn challenge(&self) -> &HeaderValue {
        &self.challenge
    }

    /// The body's JSON-RPC error.
    #[cfg(feature = "http")]
    pub(crate) fn error(&self) -> &ProtocolError {
        &self.error
    }

    /// The refusal as a response with a `null` id (a layer does not read the body).
    pub(crate) fn response(&self) -> Response<Bytes> {
        let mut error = serde_json::Map::new();
        error.insert("code".into(), Value::from(self.error.code));
        error.insert("message".into(), Value::from(self.error.message.clone()));
        if let Some(data) = &self.error.data {
            error.insert("data".into(), data.clone());
        }
        let body = serde_json::json!({ "jsonrpc": "2.0", "id": null, "error": error });
        let body = serde_json::to_vec(&body).expect("values serialize");
        let mut response = Response::new(Bytes::from(body));
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::WWW_AUTHENTICATE, self.challenge.clone());
        response
    }
}

/// An RFC 6750 quoted-string value: `"` and `\` and anything outside visible ASCII and
/// space replaced (RFC 6750 §3 allows no escapes in `error_description`), cut to
/// [`MAX_DESCRIPTION`] bytes.
fn quoted(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| match c {
            ' ' | '!' | '#'..='[' | ']'..='~' => c,
            _ => '\'',
        })
        .take(MAX_DESCRIPTION)
        .collect();
    format!("\"{clean}\"")
}

fn header_value(parts: &[String]) -> HeaderValue {
    let value = format!("Bearer {}", parts.join(", "));
    // Every part is visible ASCII (URIs checked, descriptions and scopes cleaned).
    HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("Bearer"))
}

/// 401 for a request without a usable bearer token: `Bearer [scope="…", ]resource_metadata="…"`,
/// no error code (RFC 6750 §3.1: a request that carried no credentials).
pub(crate) fn missing(metadata_param: &str, why: &str, scope: Option<&str>) -> Refusal {
    let mut parts = Vec::new();
    if let Some(scope) = scope {
        parts.push(format!("scope={}", quoted(scope)));
    }
    parts.push(metadata_param.to_owned());
    Refusal {
        status: StatusCode::UNAUTHORIZED,
        challenge: header_value(&parts),
        error: ProtocolError::new(
            UNAUTHORIZED_CODE,
            format!(
                "unauthorized: {why}; send `Authorization: Bearer <token>` (the \
                 resource_metadata of WWW-Authenticate says where to get one)"
            ),
        ),
    }
}

/// 401 for a token the verifier refused: `Bearer error="invalid_token",
/// error_description="…", [scope="…", ]resource_metadata="…"`.
pub(crate) fn invalid_token(metadata_param: &str, message: &str, scope: Option<&str>) -> Refusal {
    let mut parts = vec![
        "error=\"invalid_token\"".to_owned(),
        format!("error_description={}", quoted(message)),
    ];
    if let Some(scope) = scope {
        parts.push(format!("scope={}", quoted(scope)));
    }
    parts.push(metadata_param.to_owned());
    Refusal {
        status: StatusCode::UNAUTHORIZED,
        challenge: header_value(&parts),
        error: ProtocolError::new(
            UNAUTHORIZED_CODE,
            format!("unauthorized: the bearer token was refused: {message}"),
        ),
    }
}

/// 403 for a token without some of `required` (the scopes of `what`): `Bearer
/// error="insufficient_scope", scope="<required>", resource_metadata="…",
/// error_description="…"`; the client asks for a token with those scopes and tries again.
pub(crate) fn insufficient_scope(
    metadata_param: &str,
    required: &[&str],
    missing: &[&str],
    what: &str,
) -> Refusal {
    let error = insufficient_scope_error(required, missing, what);
    let parts = [
        "error=\"insufficient_scope\"".to_owned(),
        format!("scope={}", quoted(&required.join(" "))),
        metadata_param.to_owned(),
        format!("error_description={}", quoted(&error.message)),
    ];
    Refusal {
        status: StatusCode::FORBIDDEN,
        challenge: header_value(&parts),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_hold_no_quote_backslash_or_control_and_are_bounded() {
        assert_eq!(quoted("a \"b\" \\c\nd é"), "\"a 'b' 'c'd '\"");
        assert_eq!(quoted(&"x".repeat(1000)).len(), MAX_DESCRIPTION + 2);
    }
}
