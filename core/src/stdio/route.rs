//! A request the router serves, in its own task: read once (`Request::parse`), run by
//! `Router::dispatch` (a panic is `-32603`, a cancellation drops the handler), its answer
//! written once into its line. 2026-07-28 requests add `server/discover`,
//! `subscriptions/listen` and the tasks extension's methods, through the engine every
//! transport shares.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::connection::{Connection, Registered};
use super::write::{answer_line, error_line, result_line, value_line};
use crate::server::changes::Change;
use crate::server::handler::{Context, ProtocolError};
use crate::server::input::{Capability, missing_capability};
use crate::server::request::{CallTool, Listen, Method, Request};
use crate::transport::handshake;
use crate::transport::id::RequestId;
use crate::transport::tasks as task_engine;

impl Connection {
    /// Serves the request; `None` when nothing is to be answered (a listen stream, which
    /// ends when the client cancels it).
    pub(super) async fn routed(
        self: &Arc<Self>,
        id: &RequestId,
        known: Option<Method>,
        method: &str,
        mut params: Map<String, Value>,
        registered: &Registered,
    ) -> Option<Vec<u8>> {
        let served = async {
            let meta = super::meta::take_meta(&mut params)?;
            let era = self.era(&meta)?;
            let stateless = !era.3;
            let context = self.context(meta, era, registered.cancellation.clone());
            let version = context.protocol_version();
            let route = if known == Some(Method::CallTool) {
                let support = params
                    .get("name")
                    .and_then(Value::as_str)
                    .and_then(|name| self.router.task_support(name));
                task_engine::route(support, &context)?
            } else {
                task_engine::Route::Inline
            };
            let request = match known {
                Some(own @ (Method::ServerDiscover | Method::SubscriptionsListen)) if stateless => {
                    Request::parse(own, params)?
                }
                Some(task @ (Method::TasksGet | Method::TasksUpdate | Method::TasksCancel))
                    if stateless =>
                {
                    self.offers_tasks(task, &context)?;
                    Request::parse(task, params)?
                }
                Some(asks @ (Method::CallTool | Method::GetPrompt | Method::ReadResource)) => {
                    Request::parse(asks, params)?
                }
                _ => Request::read(method, params)?,
            };
            Ok(Some(match (request, route) {
                (Request::ServerDiscover, _) => {
                    value_line(id, &handshake::discover(&self.router, version))
                }
                (Request::Listen(listen), _) => {
                    self.listen(id, listen, registered).await;
                    return Ok(None);
                }
                (
                    task @ (Request::TasksGet { .. }
                    | Request::TasksUpdate { .. }
                    | Request::TasksCancel { .. }),
                    _,
                ) => self.task_method(id, task).await?,
                (Request::CallTool(call), task_engine::Route::Task(support)) => {
                    self.task_call(id, call, context, support).await?
                }
                (request, _) => {
                    let answer = self.router.dispatch(request, context).await?;
                    answer_line(id, answer, version)
                }
            }))
        };
        let served: Result<Option<Vec<u8>>, ProtocolError> = served.await;
        served.unwrap_or_else(|error| Some(error_line(id, &error)))
    }

    /// `tools/call` of a task tool for a 2026-07-28 client that declared the extension.
    async fn task_call(
        &self,
        id: &RequestId,
        call: CallTool,
        context: Context,
        support: crate::server::tasks::TaskSupport,
    ) -> Result<Vec<u8>, ProtocolError> {
        let version = context.protocol_version();
        let CallTool {
            name,
            arguments,
            input,
        } = call;
        let started = task_engine::call(
            &self.router,
            &name,
            arguments.unwrap_or_default(),
            input.responses.as_ref(),
            input.state.as_deref(),
            context,
            support,
        )
        .await?;
        Ok(match started {
            task_engine::Started::Task(created) => value_line(id, &created),
            task_engine::Started::InputRequired(questions) => value_line(id, &questions),
            task_engine::Started::Complete(result) => result_line(id, &result, version),
        })
    }

    /// `tasks/get`, `tasks/update`, `tasks/cancel`, through the engine.
    async fn task_method(
        &self,
        id: &RequestId,
        request: Request,
    ) -> Result<Vec<u8>, ProtocolError> {
        let router = &self.router;
        let acknowledged = || {
            let mut result = Map::new();
            result.insert(
                "resultType".into(),
                Value::from(crate::model::result::RESULT_TYPE_COMPLETE),
            );
            value_line(id, &Value::Object(result))
        };
        match request {
            Request::TasksGet { task_id } => {
                let task = task_engine::get(router, &task_id, None).await?;
                Ok(value_line(id, &task))
            }
            Request::TasksUpdate { task_id, responses } => {
                task_engine::update(router, &task_id, &responses, None).await?;
                Ok(acknowledged())
            }
            Request::TasksCancel { task_id } => {
                task_engine::cancel(router, &task_id, None).await?;
                Ok(acknowledged())
            }
            other => Err(ProtocolError::method_not_found(other.method().as_str())),
        }
    }

    /// The tasks methods are served to clients that declared the extension, by a server
    /// with task tools.
    fn offers_tasks(&self, method: Method, context: &Context) -> Result<(), ProtocolError> {
        if !self.router.has_task_tools() {
            return Err(ProtocolError::method_not_found(method.as_str()));
        }
        if !context.client_supports(Capability::Tasks) {
            return Err(missing_capability(Capability::Tasks, method.as_str()));
        }
        Ok(())
    }

    /// `subscriptions/listen`: `notifications/subscriptions/acknowledged` (the filter
    /// honored: the requested resource URIs, when the server has resources), then
    /// `notifications/resources/updated` for those URIs, each tagged with the
    /// subscription's id (the request's, as sent), until the client cancels it
    /// (`notifications/cancelled` naming it) or closes stdin.
    async fn listen(&self, id: &RequestId, listen: Listen, registered: &Registered) {
        let mut accepted = Map::new();
        let uris = match listen.resource_subscriptions {
            Some(uris) if self.router.has_resources() => {
                accepted.insert("resourceSubscriptions".into(), Value::from(uris.clone()));
                uris.into_iter().collect::<HashSet<String>>()
            }
            _ => HashSet::new(),
        };
        let mut ack = Map::new();
        ack.insert("notifications".into(), Value::Object(accepted));
        self.send(tagged("notifications/subscriptions/acknowledged", &ack, id))
            .await;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let _feed = self.router.changes().subscribe(Box::new(move |change| {
            if let Change::ResourceUpdated(uri) = change
                && uris.contains(uri)
            {
                let _ = tx.send(uri.clone());
            }
        }));
        let cancelled = registered.cancellation.cancelled();
        tokio::pin!(cancelled);
        // Stdin closed: nobody can cancel it any more, and nobody waits for it.
        let mut open = self.open.subscribe();
        let closed = async move {
            let _ = open.wait_for(|open| !*open).await;
        };
        tokio::pin!(closed);
        loop {
            tokio::select! {
                () = &mut cancelled => return,
                () = &mut closed => return,
                uri = rx.recv() => {
                    let Some(uri) = uri else { return };
                    let mut params = Map::new();
                    params.insert("uri".into(), Value::from(uri));
                    self.send(tagged("notifications/resources/updated", &params, id)).await;
                }
            }
        }
    }
}

/// A listen stream's notification, its `_meta` naming the subscription by the id of the
/// request that opened it, as the client wrote that id.
fn tagged(method: &str, params: &Map<String, Value>, id: &RequestId) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"method\":");
    serde_json::to_writer(&mut out, method).expect("a string serializes");
    out.extend_from_slice(b",\"params\":");
    serde_json::to_writer(&mut out, params).expect("values serialize");
    out.pop();
    if !params.is_empty() {
        out.push(b',');
    }
    out.extend_from_slice(b"\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":");
    id.write(&mut out);
    out.extend_from_slice(b"}}}\n");
    out
}
