//! What a request says: its headers (read before the body), its JSON-RPC envelope, its id,
//! params and `_meta`.

use std::sync::Arc;

use http::{HeaderMap, StatusCode, header};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::headers::VERSION_HEADER;
use super::response::{HttpResponse, INVALID_REQUEST, error_response};
use super::session::SESSION_HEADER;
use crate::model::meta::Meta;
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::handler::ProtocolError;
use crate::server::params::check_request_meta;
use crate::transport::id::{IdFault, RequestId};

/// What the request's headers say, read before its body.
pub(super) struct Headers {
    pub(super) session: Option<String>,
    pub(super) version: Option<String>,
    pub(super) accept: Option<String>,
    pub(super) last_event_id: Option<String>,
    /// The verified caller (a bearer token checked by the endpoint or a layer outside).
    pub(super) principal: Option<Arc<Principal>>,
}

impl Headers {
    pub(super) fn of(headers: &HeaderMap) -> Self {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        Self {
            session: text(SESSION_HEADER),
            version: text(VERSION_HEADER),
            accept: text(header::ACCEPT.as_str()),
            last_event_id: text("last-event-id"),
            principal: None,
        }
    }

    /// The header names a 2025-era version: the client speaks the session flow.
    pub(super) fn names_session_era(&self) -> bool {
        self.version
            .as_deref()
            .and_then(ProtocolVersion::parse)
            .is_some_and(|v| !v.has_result_type())
    }

    /// `Accept` allows `media` (`type/subtype`), by name or by wildcard. No `Accept` allows
    /// everything.
    pub(super) fn accepts(&self, media: &str) -> bool {
        let Some(accept) = &self.accept else {
            return true;
        };
        let kind = media.split('/').next().unwrap_or(media);
        accept.split(',').any(|item| {
            let range = item.split(';').next().unwrap_or("").trim();
            range.eq_ignore_ascii_case(media)
                || range == "*/*"
                || range
                    .strip_suffix("/*")
                    .is_some_and(|k| k.eq_ignore_ascii_case(kind))
        })
    }
}

/// A `POST` body is JSON: its `Content-Type` is `application/json`, parameters allowed
/// (`; charset=utf-8`), in any case; missing, another type or more than one header is
/// refused (415, as `rmcp` and the other SDKs' servers do).
pub(super) fn json_content_type(headers: &HeaderMap) -> Result<(), ProtocolError> {
    let mut values = headers.get_all(header::CONTENT_TYPE).iter();
    let refuse = |got: String| {
        Err(ProtocolError::new(
            INVALID_REQUEST,
            format!("Content-Type must be application/json ({got})"),
        ))
    };
    let (Some(value), None) = (values.next(), values.next()) else {
        let count = headers.get_all(header::CONTENT_TYPE).iter().count();
        return refuse(if count == 0 {
            "the request has none".into()
        } else {
            format!("the request has {count} Content-Type headers")
        });
    };
    let text = String::from_utf8_lossy(value.as_bytes());
    let media = text.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        refuse(format!("got {text:?}"))
    }
}

/// A JSON-RPC message as received: only its envelope is interpreted here, its id kept as
/// the text the client wrote (answered with that text).
#[derive(Deserialize)]
pub(super) struct Message {
    pub(super) jsonrpc: Option<String>,
    #[serde(default, deserialize_with = "crate::transport::id::present")]
    pub(super) id: Option<Box<RawValue>>,
    pub(super) method: Option<String>,
    pub(super) params: Option<Value>,
    pub(super) result: Option<Value>,
    pub(super) error: Option<Value>,
}

impl Message {
    /// The id a refusal answers with: the message's, when it is an id, else `null`.
    pub(super) fn reply_id(&self) -> RequestId {
        self.id
            .as_deref()
            .and_then(|id| RequestId::from_raw(id).ok())
            .unwrap_or_else(RequestId::null)
    }
}

/// The client's JSON-RPC error, as the error of the server's request.
pub(super) fn client_error(error: &Value) -> ProtocolError {
    let code = error
        .get("code")
        .and_then(Value::as_i64)
        .and_then(|c| i32::try_from(c).ok())
        .unwrap_or(ProtocolError::INTERNAL_ERROR);
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("the client answered with an error")
        .to_owned();
    let mut out = ProtocolError::new(code, message);
    out.data = error.get("data").cloned();
    out
}

/// The request's `_meta`, moved out of its params: absent is empty, `null` or another
/// non-object is refused, and the keys the schema types must hold their type
/// ([`check_request_meta`]).
pub(super) fn take_meta(
    params: &mut Map<String, Value>,
) -> Result<Map<String, Value>, ProtocolError> {
    let meta = match params.remove("_meta") {
        None => Map::new(),
        Some(Value::Object(meta)) => meta,
        // The one `null` rule: the schemas forbid it for an optional field.
        Some(Value::Null) => return Err(ProtocolError::null_param("_meta", "an object")),
        Some(_) => return Err(ProtocolError::invalid_params("params._meta: an object")),
    };
    check_request_meta(&meta)?;
    Ok(meta)
}

/// The request's `_meta` for the handler: a key that breaks the grammar is dropped, not
/// the whole `_meta` (the progress token must survive a peer's one odd key).
pub(super) fn request_meta(meta: Map<String, Value>) -> Meta {
    let mut out = Meta::new();
    for (key, value) in meta {
        if let Ok(key) = crate::model::validated::MetaKey::new(key.as_str()) {
            out.insert_key(key, value);
        }
    }
    out
}

/// A request's id and params, checked: the id a string or a number (else 400, the request
/// has no usable id to answer), the params an object or absent (else an error answer).
pub(super) fn request_parts(
    id: &RawValue,
    params: Option<Value>,
) -> Result<(RequestId, Map<String, Value>), Box<HttpResponse>> {
    let id = match RequestId::from_raw(id) {
        Ok(id) => id,
        Err(IdFault::NotStringOrNumber | IdFault::NotText) => {
            return Err(Box::new(error_response(
                StatusCode::BAD_REQUEST,
                &RequestId::null(),
                &ProtocolError::new(INVALID_REQUEST, "id: a string or a number"),
            )));
        }
    };
    match params {
        None | Some(Value::Null) => Ok((id, Map::new())),
        Some(Value::Object(params)) => Ok((id, params)),
        Some(_) => Err(Box::new(error_response(
            StatusCode::OK,
            &id,
            &ProtocolError::invalid_params("params: an object"),
        ))),
    }
}

/// `context` for the verified caller, if there is one.
pub(super) fn with_principal(
    context: crate::server::handler::Context,
    principal: Option<Arc<Principal>>,
) -> crate::server::handler::Context {
    match principal {
        Some(principal) => context.with_principal(principal),
        None => context,
    }
}
