//! The 2026-07-28 flow: every request stands alone (SEP-2575). Its `_meta` names the
//! protocol version and the client's capabilities, its headers repeat what intermediaries
//! route on (see [`headers`](super::headers)), and its errors carry the HTTP status the spec
//! gives their code. Task tools run through the router's tasks engine, shared with the
//! `rmcp` path, so `tasks/get`, `tasks/update` and `tasks/cancel` work on either transport
//! and on any replica sharing the task store.

use http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Map, Value};

use std::collections::HashSet;
use std::sync::Arc;

use tokio::sync::mpsc;

use super::body::{STREAM_QUEUE, event};
use super::headers::{self, HEADER_MISMATCH};
use super::request::with_principal;
use super::session::notifications;
use super::{
    HttpResponse, HttpServer, Reply, ResponseBody, error_response, event_stream, json_response,
    may_ask, read_routed, request_meta, result_reply, routed, take_meta, value_reply,
};
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::changes::Change;
use crate::server::handler::{Context, LogLevel, ProtocolError};
use crate::server::input::{
    Capability, ClientCapabilities, MISSING_REQUIRED_CLIENT_CAPABILITY, missing_capability,
};
use crate::server::request::{CallTool, Listen, Method, Request};
use crate::server::tasks::TaskSupport;
use crate::transport::handshake::{
    self, CAPABILITIES_KEY, LOG_LEVEL_KEY, UNSUPPORTED_PROTOCOL_VERSION, VERSION_KEY,
    stateless_version,
};
use crate::transport::id::RequestId;
use crate::transport::tasks as task_engine;

/// The HTTP status of a 2026-07-28 error response: 400 for the errors the spec gives 400
/// (unsupported version, missing capability, header mismatch), 404 for an unknown method,
/// 200 for the rest (the error is the request's answer, not the transport's).
pub(super) fn status_of(error: &ProtocolError) -> StatusCode {
    match error.code {
        UNSUPPORTED_PROTOCOL_VERSION | MISSING_REQUIRED_CLIENT_CAPABILITY | HEADER_MISMATCH => {
            StatusCode::BAD_REQUEST
        }
        ProtocolError::METHOD_NOT_FOUND => StatusCode::NOT_FOUND,
        _ => StatusCode::OK,
    }
}

/// What a 2026-07-28 request's `_meta` must say: its version and the client's
/// capabilities. A request without them is malformed (`-32602`, HTTP 400).
fn declared(
    meta: &Map<String, Value>,
    headers: &HeaderMap,
) -> Result<(ProtocolVersion, ClientCapabilities), (StatusCode, ProtocolError)> {
    let named = meta.get(VERSION_KEY).and_then(Value::as_str);
    let capabilities = meta.get(CAPABILITIES_KEY).filter(|c| c.is_object());
    let (Some(named), Some(capabilities)) = (named, capabilities) else {
        let missing: Vec<&str> = [
            (named.is_none(), VERSION_KEY, "a string"),
            (capabilities.is_none(), CAPABILITIES_KEY, "an object"),
        ]
        .into_iter()
        .filter(|(missing, ..)| *missing)
        .map(|(_, key, _)| key)
        .collect();
        return Err((
            StatusCode::BAD_REQUEST,
            ProtocolError::invalid_params(format!(
                "params._meta: {} missing or malformed (a request without a session names its \
                 protocol version, a string, and the client's capabilities, an object)",
                missing.join(" and ")
            )),
        ));
    };
    headers::check_version(headers, named).map_err(|e| (StatusCode::BAD_REQUEST, e))?;
    let version = stateless_version(named, |latest| {
        format!(
            "a request without a session is served on {latest} (stateless); 2025-era clients \
             initialize a session first"
        )
    })
    .map_err(|error| (StatusCode::BAD_REQUEST, error))?;
    Ok((
        version,
        ClientCapabilities::from_value(capabilities.clone()),
    ))
}

impl HttpServer {
    /// A request without a session: the 2026-07-28 flow.
    pub(super) async fn stateless(
        &self,
        id: RequestId,
        method: &str,
        mut params: Map<String, Value>,
        headers: &HeaderMap,
        principal: Option<Arc<Principal>>,
    ) -> HttpResponse {
        let meta = match take_meta(&mut params) {
            Ok(meta) => meta,
            Err(error) => return error_response(StatusCode::BAD_REQUEST, &id, &error),
        };
        let (version, capabilities) = match declared(&meta, headers) {
            Ok(declared) => declared,
            Err((status, error)) => return error_response(status, &id, &error),
        };
        let known = Method::parse(method);
        if let Err(error) = self.param_headers.check(headers, method, known, &params) {
            return error_response(StatusCode::BAD_REQUEST, &id, &error);
        }
        let log_level = meta
            .get(LOG_LEVEL_KEY)
            .and_then(|l| LogLevel::deserialize(l).ok());
        // Only a request that asked for progress or log messages may get them on an event
        // stream; every other one is answered in one body, without a task of its own.
        let may_talk = log_level.is_some() || meta.contains_key("progressToken");
        let context = Context::new(request_meta(meta), version)
            .with_log_level(log_level)
            .with_client_capabilities(capabilities);
        let context = with_principal(context, principal);
        // Refused before the params are read, as the headers are: a task tool's call from a
        // client that cannot run it, a tasks method without the extension.
        let route = if known == Some(Method::CallTool) {
            let support = params
                .get("name")
                .and_then(Value::as_str)
                .and_then(|name| self.router.task_support(name));
            task_engine::route(support, &context)
        } else {
            Ok(task_engine::Route::Inline)
        };
        let request = route.and_then(|route| {
            let request = match known {
                Some(own @ (Method::ServerDiscover | Method::SubscriptionsListen)) => {
                    Request::parse(own, params)
                }
                Some(task @ (Method::TasksGet | Method::TasksUpdate | Method::TasksCancel)) => self
                    .offers_tasks(task, &context)
                    .and_then(|()| Request::parse(task, params)),
                known => read_routed(method, known, params),
            };
            request.map(|request| (request, route))
        });
        let reply = match request {
            Err(error) => Err(error),
            Ok((Request::ServerDiscover, _)) => {
                Ok(value_reply(handshake::discover(&self.router, version)))
            }
            Ok((Request::Listen(listen), _)) => return self.listen(&id, listen),
            Ok((
                task @ (Request::TasksGet { .. }
                | Request::TasksUpdate { .. }
                | Request::TasksCancel { .. }),
                _,
            )) => self.task_method(task, &context).await,
            Ok((Request::CallTool(call), task_engine::Route::Task(support))) => {
                self.task_call(call, context, support).await
            }
            Ok((request, _)) if may_ask(&request) && may_talk => {
                return self.streamed(None, id, request, context).await;
            }
            // Lists and completions are small; the router writes them as values.
            Ok((request, _)) => routed(&self.router, request, context).await,
        };
        match reply {
            Ok(reply) => json_response(StatusCode::OK, &id, reply),
            Err(error) => error_response(status_of(&error), &id, &error),
        }
    }

    /// `tools/call` of a task tool for a client that declared the extension (see
    /// [`task_engine::route`]): a `CreateTaskResult`, the questions asked before it became a
    /// task, or (an `optional` tool that did not wait) its result.
    async fn task_call(
        &self,
        call: CallTool,
        context: Context,
        support: TaskSupport,
    ) -> Result<Reply, ProtocolError> {
        let version = context.protocol_version();
        let CallTool {
            name,
            arguments,
            input,
        } = call;
        let arguments = arguments.unwrap_or_default();
        let started = task_engine::call(
            &self.router,
            &name,
            arguments,
            input.responses.as_ref(),
            input.state.as_deref(),
            context,
            support,
        )
        .await?;
        Ok(match started {
            task_engine::Started::Task(created) => value_reply(created),
            task_engine::Started::InputRequired(questions) => value_reply(questions),
            // The tool finished inline: its result goes out through its writer.
            task_engine::Started::Complete(result) => result_reply(result, version),
        })
    }

    /// `tasks/get`, `tasks/update`, `tasks/cancel`, through the engine, for the context's
    /// principal (another principal's task is an unknown one).
    async fn task_method(
        &self,
        request: Request,
        context: &Context,
    ) -> Result<Reply, ProtocolError> {
        let router = &self.router;
        let caller = context.principal();
        match request {
            Request::TasksGet { task_id: task } => task_engine::get(router, &task, caller)
                .await
                .map(value_reply),
            Request::TasksUpdate {
                task_id: task,
                responses,
            } => task_engine::update(router, &task, &responses, context.principal_arc())
                .await
                .map(|()| acknowledged()),
            Request::TasksCancel { task_id: task } => task_engine::cancel(router, &task, caller)
                .await
                .map(|()| acknowledged()),
            // Not a tasks method the engine serves here.
            other => Err(ProtocolError::method_not_found(other.method().as_str())),
        }
    }

    /// `tasks/get`, `tasks/update`, `tasks/cancel` are served to clients that declared the
    /// extension, by a server with task tools.
    fn offers_tasks(&self, method: Method, context: &Context) -> Result<(), ProtocolError> {
        if !self.router.has_task_tools() {
            return Err(ProtocolError::method_not_found(method.as_str()));
        }
        if !context.client_supports(Capability::Tasks) {
            return Err(missing_capability(Capability::Tasks, method.as_str()));
        }
        Ok(())
    }

    /// `subscriptions/listen`: an event stream that opens with
    /// `notifications/subscriptions/acknowledged` (the filter this server honors: the
    /// requested resource URIs, when it serves resources) and then carries
    /// `notifications/resources/updated` for those URIs as the router announces them, each
    /// tagged with the subscription's id (the request's), until the client closes it.
    fn listen(&self, id: &RequestId, listen: Listen) -> HttpResponse {
        // List changes are not announced on 2026-07-28 (nor advertised), so only resource
        // subscriptions are honored, and only by a server that has resources.
        let mut accepted = Map::new();
        let uris = match listen.resource_subscriptions {
            Some(uris) if self.router.has_resources() => {
                accepted.insert("resourceSubscriptions".into(), Value::from(uris.clone()));
                uris.into_iter().collect::<HashSet<String>>()
            }
            _ => HashSet::new(),
        };
        let tagged = {
            let id = id.clone();
            move |method: &str, params: Map<String, Value>| tagged_notification(method, params, &id)
        };
        let (tx, rx) = mpsc::channel(STREAM_QUEUE);
        let mut ack = Map::new();
        ack.insert("notifications".into(), Value::Object(accepted));
        let ack = tagged(notifications::SUBSCRIPTIONS_ACKNOWLEDGED, ack);
        let _ = tx.try_send(event(&ack));
        let sender = tx.clone();
        // Set when the client is `STREAM_QUEUE` notifications behind: its stream ends (it
        // listens again), rather than the server holding what it does not read.
        let behind = Arc::new(tokio::sync::Notify::new());
        let lagging = Arc::clone(&behind);
        let feed = self.router.changes().subscribe(Box::new(move |change| {
            if let Change::ResourceUpdated(uri) = change
                && uris.contains(uri)
            {
                let mut params = Map::new();
                params.insert("uri".into(), Value::from(uri.clone()));
                let message = tagged(notifications::RESOURCES_UPDATED, params);
                if let Err(mpsc::error::TrySendError::Full(_)) = sender.try_send(event(&message)) {
                    crate::transport::trace::refused("listener too far behind: stream ended");
                    lagging.notify_one();
                }
            }
        }));
        // The subscription lasts as long as the client reads the stream.
        tokio::spawn(async move {
            tokio::select! {
                () = tx.closed() => {}
                () = behind.notified() => {}
            }
            // Every sender gone (this one, the feed's): the stream ends after what it holds.
            drop(feed);
        });
        event_stream(ResponseBody::standing(rx, self.closing.subscribe()))
    }
}

/// A notification of a listen stream, its `_meta` naming the subscription by the id of the
/// request that opened it, as the client wrote that id.
fn tagged_notification(method: &str, params: Map<String, Value>, id: &RequestId) -> Vec<u8> {
    #[derive(serde::Serialize)]
    struct Tagged<'a> {
        #[serde(flatten)]
        params: Map<String, Value>,
        #[serde(rename = "_meta")]
        meta: SubscriptionMeta<'a>,
    }
    /// The `_meta` key a listen stream's notifications name their subscription with.
    #[derive(serde::Serialize)]
    struct SubscriptionMeta<'a> {
        #[serde(rename = "io.modelcontextprotocol/subscriptionId")]
        id: &'a RequestId,
    }
    let message = serde_json::json!({ "jsonrpc": "2.0", "method": method });
    let mut out = serde_json::to_vec(&message).expect("values serialize");
    out.pop();
    out.extend_from_slice(b",\"params\":");
    let params = Tagged {
        params,
        meta: SubscriptionMeta { id },
    };
    serde_json::to_writer(&mut out, &params).expect("values serialize");
    out.push(b'}');
    out
}

/// The empty answer of `tasks/update` and `tasks/cancel`.
fn acknowledged() -> Reply {
    let mut result = Map::new();
    result.insert(
        "resultType".into(),
        Value::from(crate::model::result::RESULT_TYPE_COMPLETE),
    );
    value_reply(Value::Object(result))
}
