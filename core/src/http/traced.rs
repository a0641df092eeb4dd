//! The own endpoint's `mcp.request` span around a JSON-RPC request (see the module docs'
//! "Tracing" and `transport::mcp_span`).

use http::{HeaderMap, Response};
use serde_json::Value;

use super::HttpServer;
use super::body::ResponseBody;
use super::request::{Headers, Message};
use crate::transport::handshake::VERSION_KEY;
use crate::transport::{mcp_span, trace};

impl HttpServer {
    /// [`answer_message`](Self::answer_message) in the request's own span, its SEP-414
    /// remote parent set before the span is first entered, its outcome recorded once.
    pub(super) async fn traced(
        &self,
        method: String,
        message: Message,
        headers: &Headers,
        raw: &HeaderMap,
    ) -> Response<ResponseBody> {
        let params = message.params.as_ref().and_then(Value::as_object);
        let text = |key: &str| params.and_then(|p| p.get(key)).and_then(Value::as_str);
        let meta = params
            .and_then(|p| p.get("_meta"))
            .and_then(Value::as_object);
        let version = meta
            .and_then(|m| m.get(VERSION_KEY))
            .and_then(Value::as_str)
            .or(headers.version.as_deref());
        let session = headers.session.as_deref().map(trace::session_digest);
        let subject = mcp_span::subject();
        let names = mcp_span::Names {
            method: &method,
            name: text("name"),
            uri: text("uri"),
            version,
            session: session.as_deref(),
            subject: subject.as_deref(),
        };
        let request_span = mcp_span::request_span(&names, mcp_span::Transport::Tcp);
        mcp_span::set_remote_parent(&request_span, meta);
        let started = std::time::Instant::now();
        let response = {
            use tracing::Instrument as _;
            self.answer_message(message, headers, raw)
                .instrument(request_span.clone())
                .await
        };
        let stream = response
            .headers()
            .get(http::header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
        let learned = mcp_span::IN_FLIGHT.try_with(|f| f.learned.get(stream));
        let (outcome, code) = learned.unwrap_or((mcp_span::Outcome::Ok, None));
        mcp_span::finish(&request_span, outcome, code, started);
        response
    }
}
