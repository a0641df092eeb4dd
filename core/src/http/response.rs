//! The responses of this transport: JSON-RPC results written into the body by this
//! crate's writer, errors, and the event-stream and plain-status responses.

use http::{HeaderName, HeaderValue, Response, StatusCode, header};
use serde_json::Value;

use bytes::Bytes;

use super::body::{self, Reply, ResponseBody};
use crate::rules::ProtocolVersion;
use crate::server::handler::ProtocolError;
use crate::server::request::Outcome;
use crate::transport::id::RequestId;
use crate::wire::version::SerializeFor;

/// JSON-RPC: the message is not a valid request.
pub(super) const INVALID_REQUEST: i32 = -32600;

/// A response of this transport.
pub(super) type HttpResponse = Response<ResponseBody>;

pub(super) fn envelope(out: &mut Vec<u8>, id: &RequestId, capacity: usize) {
    out.reserve(capacity + 64);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    // The id's text as the client sent it.
    id.write(out);
    out.extend_from_slice(b",\"result\":");
}

/// A result written straight into the body by this crate's writer.
pub(super) fn result_reply<T: SerializeFor + Send + 'static>(
    result: T,
    version: ProtocolVersion,
) -> Reply {
    Box::new(move |id, out| {
        envelope(out, id, result.json_len_hint());
        result.write_json_for(version, out);
        out.push(b'}');
    })
}

pub(super) fn outcome_reply<T: SerializeFor + Send + 'static>(
    outcome: Outcome<T>,
    version: ProtocolVersion,
) -> Reply {
    match outcome {
        Outcome::Complete(result) => result_reply(result, version),
        Outcome::InputRequired(value) => value_reply(value),
    }
}

pub(super) fn value_reply(result: Value) -> Reply {
    Box::new(move |id, out| {
        envelope(out, id, 256);
        serde_json::to_writer(&mut *out, &result).expect("values serialize");
        out.push(b'}');
    })
}

pub(super) fn plain(status: StatusCode) -> Response<ResponseBody> {
    let mut response = Response::new(ResponseBody::once(Bytes::new()));
    *response.status_mut() = status;
    response
}

pub(super) fn not_allowed(allow: &'static str) -> Response<ResponseBody> {
    let mut response = plain(StatusCode::METHOD_NOT_ALLOWED);
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    response
}

pub(super) fn missing_session(id: &RequestId) -> Response<ResponseBody> {
    error_response(
        StatusCode::BAD_REQUEST,
        id,
        &ProtocolError::new(
            INVALID_REQUEST,
            "the Mcp-Session-Id header is required (initialize first)",
        ),
    )
}

pub(super) fn json_response(
    status: StatusCode,
    id: &RequestId,
    reply: Reply,
) -> Response<ResponseBody> {
    let mut body = Vec::new();
    reply(id, &mut body);
    json_bytes(status, body)
}

pub(super) fn json_bytes(status: StatusCode, body: Vec<u8>) -> Response<ResponseBody> {
    // `Bytes::from(Vec)` takes the buffer: the body is not copied again.
    let mut response = Response::new(ResponseBody::once(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

pub(super) fn event_stream(body: ResponseBody) -> Response<ResponseBody> {
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // Proxies (nginx) pass each event on at once instead of buffering the stream
    // (streamable-http, "Receiving Messages": servers SHOULD send it on SSE streams).
    headers.insert(
        HeaderName::from_static("x-accel-buffering"),
        HeaderValue::from_static("no"),
    );
    response
}

/// A JSON-RPC error response, serialized.
pub(super) fn error_response(
    status: StatusCode,
    id: &RequestId,
    error: &ProtocolError,
) -> Response<ResponseBody> {
    crate::transport::mcp_span::learn(|learned| learned.code(error.code));
    json_bytes(status, body::error_body(id, error))
}
