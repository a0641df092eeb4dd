//! The 2025-era flow: `initialize` opens a session; its `GET` stream, its `DELETE`, and the
//! messages that name it (requests, notifications and the client's answers).

use std::sync::Arc;

use http::{HeaderValue, Response, StatusCode};
use serde_json::{Map, Value};

use super::body::ResponseBody;
use super::inflight::Registered;
use super::replay::StartAt;
use super::request::{
    Headers, Message, client_error, request_meta, request_parts, take_meta, with_principal,
};
use super::response::INVALID_REQUEST;
use super::response::{
    error_response, event_stream, json_response, not_allowed, plain, value_reply,
};
use super::session::{SESSION_HEADER, Session};
use super::{HttpServer, may_ask, read_routed, routed};
use crate::server::auth::Principal;
use crate::server::handler::{Context, ProtocolError};
use crate::server::request::{Initialize, Method, Request};
use crate::transport::handshake::{initialize_result, negotiated};
use crate::transport::id::RequestId;

/// The notification that cancels a request.
const CANCELLED: &str = "notifications/cancelled";

impl HttpServer {
    /// The session a `GET`, `DELETE` or `POST` of `caller` names, or the status and error
    /// refusing it: 404 for a session that is unknown, ended, or another principal's (one
    /// answer for the three: a session of someone else's is not told apart from none), 400
    /// for a version header that is not the session's.
    pub(super) fn session_of(
        &self,
        id: &str,
        headers: &Headers,
        caller: Option<&Principal>,
    ) -> Result<Arc<Session>, (StatusCode, ProtocolError)> {
        let found = self
            .sessions
            .get(id, self.config.session_idle)
            .filter(|session| session.belongs_to(caller));
        let Some(session) = found else {
            return Err((
                StatusCode::NOT_FOUND,
                ProtocolError::new(
                    INVALID_REQUEST,
                    "no such session (it ended or never was): initialize a new one",
                ),
            ));
        };
        if let Some(named) = headers.version.as_deref()
            && named != session.version.as_str()
        {
            return Err((
                StatusCode::BAD_REQUEST,
                ProtocolError::new(
                    INVALID_REQUEST,
                    format!(
                        "MCP-Protocol-Version {named:?} is not the session's version {:?}",
                        session.version.as_str()
                    ),
                ),
            ));
        }
        session.touch();
        Ok(session)
    }

    /// The response to a `GET`/`DELETE` without a session: 400 for a 2025-era client (it
    /// must name its session), 405 otherwise (the stateless flow is `POST` only).
    pub(super) fn without_session(headers: &Headers) -> Response<ResponseBody> {
        if headers.names_session_era() {
            return error_response(
                StatusCode::BAD_REQUEST,
                &RequestId::null(),
                &ProtocolError::new(INVALID_REQUEST, "the Mcp-Session-Id header is required"),
            );
        }
        not_allowed("POST")
    }

    /// `GET` by `caller`: the session's standalone event stream.
    pub(super) fn open_stream(
        &self,
        headers: &Headers,
        caller: Option<&Principal>,
    ) -> Response<ResponseBody> {
        let Some(id) = &headers.session else {
            return Self::without_session(headers);
        };
        let session = match self.session_of(id, headers, caller) {
            Ok(session) => session,
            Err((status, error)) => return error_response(status, &RequestId::null(), &error),
        };
        if !headers.accepts("text/event-stream") {
            return plain(StatusCode::NOT_ACCEPTABLE);
        }
        // `Last-Event-ID`: the rest of the stream it names, kept events first. An id this
        // session did not give, or no longer keeps, gets a fresh standalone stream.
        let resumed = headers
            .last_event_id
            .as_deref()
            .and_then(|last| session.streams.resume(last));
        // A request's stream ends with its response; the standalone one when the server
        // closes its streams.
        let (rx, standing) = match resumed {
            Some((log, after)) if !log.is_standalone() => {
                (Some(log.attach(StartAt::After(after))), false)
            }
            Some((_, after)) => (Some(session.resume_standalone(after)), true),
            None => (session.open_standalone(), true),
        };
        let Some(rx) = rx else {
            return error_response(
                StatusCode::CONFLICT,
                &RequestId::null(),
                &ProtocolError::new(INVALID_REQUEST, "the session's GET stream is already open"),
            );
        };
        if standing {
            event_stream(ResponseBody::standing(rx, self.closing.subscribe()))
        } else {
            event_stream(ResponseBody::frames(rx))
        }
    }

    /// `DELETE` by `caller`: ends the session.
    pub(super) fn end_session(
        &self,
        headers: &Headers,
        caller: Option<&Principal>,
    ) -> Response<ResponseBody> {
        let Some(id) = &headers.session else {
            return Self::without_session(headers);
        };
        if let Err((status, error)) = self.session_of(id, headers, caller) {
            return error_response(status, &RequestId::null(), &error);
        }
        if self.sessions.remove(id) {
            plain(StatusCode::NO_CONTENT)
        } else {
            // Ended by a concurrent DELETE.
            plain(StatusCode::NOT_FOUND)
        }
    }

    /// `initialize` by `caller`: opens a session, `caller`'s, on the version the client
    /// asked for when it is a 2025-era one this crate speaks, else on 2025-11-25.
    pub(super) fn initialize(
        &self,
        id: &RequestId,
        initialize: Initialize,
        caller: Option<&Principal>,
    ) -> Response<ResponseBody> {
        let Initialize {
            protocol_version,
            capabilities,
        } = initialize;
        let version = negotiated(&protocol_version);
        let owner = caller.map(Principal::owner);
        let session = Session::open(&self.router, version, capabilities, owner);
        let config = &self.config;
        if !self
            .sessions
            .insert(&session, config.max_sessions, config.session_idle)
        {
            // Every open session is live: none is ended for a newcomer.
            return error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                id,
                &ProtocolError::internal(format!(
                    "the server has its limit of {} sessions open, none idle; \
                     try again later",
                    config.max_sessions
                )),
            );
        }
        let result = initialize_result(&self.router, version);
        let mut response = json_response(StatusCode::OK, id, value_reply(result));
        response.headers_mut().insert(
            SESSION_HEADER,
            HeaderValue::from_str(&session.id).expect("session ids are hex"),
        );
        response
    }

    /// A message of a session, sent by its principal (`headers.principal`, in the handlers'
    /// contexts).
    pub(super) async fn in_session(
        &self,
        session: Arc<Session>,
        message: Message,
        headers: &Headers,
    ) -> Response<ResponseBody> {
        let principal = headers.principal.clone();
        let Some(method) = message.method else {
            // The client's answer to one of the server's requests (ids of the server's own,
            // read as values).
            if let Some(id) = message.id.as_deref() {
                let id: Value = serde_json::from_str(id.get()).unwrap_or(Value::Null);
                let answer = match (message.result, message.error) {
                    (Some(result), None) => Ok(result),
                    (None, Some(error)) => Err(client_error(&error)),
                    _ => {
                        return error_response(
                            StatusCode::BAD_REQUEST,
                            &RequestId::from_text(&id.to_string())
                                .unwrap_or_else(|_| RequestId::null()),
                            &ProtocolError::new(
                                INVALID_REQUEST,
                                "a response has exactly one of result and error",
                            ),
                        );
                    }
                };
                // An answer nobody waits for (its request ended) is dropped.
                session.answer(&id, answer);
            }
            return plain(StatusCode::ACCEPTED);
        };
        let Some(id) = message.id else {
            // Notifications (`initialized`, `cancelled`, `roots/list_changed`) need no answer;
            // `notifications/cancelled` stops the request of this session it names.
            if method == CANCELLED
                && let Some(request_id) = message.params.as_ref().and_then(|p| p.get("requestId"))
            {
                session.in_flight.cancel(request_id);
            }
            return plain(StatusCode::ACCEPTED);
        };
        let (id, mut params) = match request_parts(&id, message.params) {
            Ok(parts) => parts,
            Err(response) => return *response,
        };
        // The session's own requests are read without their `_meta` (a second `initialize`
        // is refused whatever its params); every other request's `_meta` is taken first, for
        // its handler.
        let mut meta = Map::new();
        let request = match Method::parse(&method) {
            Some(Method::Initialize) => Err(ProtocolError::new(
                INVALID_REQUEST,
                "the session is already initialized",
            )),
            Some(
                own @ (Method::Ping | Method::SetLevel | Method::Subscribe | Method::Unsubscribe),
            ) => Request::parse(own, params),
            known => take_meta(&mut params).and_then(|taken| {
                meta = taken;
                read_routed(&method, known, params)
            }),
        };
        let empty = || Ok(value_reply(Value::Object(Map::new())));
        let reply = match request {
            Err(error) => Err(error),
            Ok(Request::Ping) => empty(),
            Ok(Request::SetLevel { level }) => {
                session.set_log_level(level);
                empty()
            }
            Ok(Request::Subscribe { uri }) => {
                session.subscribe(uri);
                empty()
            }
            Ok(Request::Unsubscribe { uri }) => {
                session.unsubscribe(&uri);
                empty()
            }
            Ok(request) if may_ask(&request) => {
                let context = Context::new(request_meta(meta), session.version)
                    .with_log_level(session.log_level())
                    .with_client_capabilities(session.capabilities.clone());
                let context = with_principal(context, principal);
                return self.streamed(Some(session), id, request, context).await;
            }
            Ok(request) => {
                let registered = Registered::new(&session.in_flight, &id);
                let context = Context::new(request_meta(meta), session.version)
                    .with_client_capabilities(session.capabilities.clone())
                    .with_cancellation(registered.cancellation.clone());
                let context = with_principal(context, principal);
                routed(&self.router, request, context).await
            }
        };
        match reply {
            Ok(reply) => json_response(StatusCode::OK, &id, reply),
            Err(error) => error_response(StatusCode::OK, &id, &error),
        }
    }
}
