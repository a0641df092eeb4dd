//! A request whose handler may talk back to the client (`tools/call`, `prompts/get`,
//! `resources/read`), on both eras: answered as JSON until the handler sends a message, as
//! an event stream from then on; cancelled when the client goes away while nobody else
//! could read the answer.

use std::sync::Arc;

use http::{Response, StatusCode};
use tokio::sync::mpsc;

use super::body::{Outgoing, ResponseBody};
use super::inflight::Registered;
use super::replay::{self, StartAt};
use super::response::{error_response, event_stream, json_response};
use super::session::{RequestPeer, Session};
use super::{HttpServer, routed, stateless};
use crate::server::handler::cancel::Cancellation;
use crate::server::handler::{Context, ProtocolError};
use crate::server::request as mcp;
use crate::transport::id::RequestId;

impl HttpServer {
    /// A request whose handler may talk back: answered as JSON when it does not, as an
    /// event stream from its first message on when it does. Without a session (2026-07-28)
    /// the handler can send notifications only; its questions go out in the result.
    ///
    /// The handler runs in a task of its own, so the response can start before it ends.
    /// It is cancelled when the client goes away before the response starts, or (2026-07-28)
    /// before the event stream carried the response: nobody can read that answer any
    /// more. A 2025-era session's event stream is resumable (`Last-Event-ID`), so a client
    /// that drops it does not cancel the request (the 2025 transport's rule: "disconnection
    /// SHOULD NOT be interpreted as the client cancelling its request"); it cancels with
    /// `notifications/cancelled`, and a session that ends cancels what still runs.
    pub(super) async fn streamed(
        &self,
        session: Option<Arc<Session>>,
        id: RequestId,
        request: mcp::Request,
        context: Context,
    ) -> Response<ResponseBody> {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let stateless = session.is_none();
        let registered = session.as_ref().map(|s| Registered::new(&s.in_flight, &id));
        let cancellation = registered
            .as_ref()
            .map_or_else(Cancellation::new, |r| r.cancellation.clone());
        let context = context
            .with_peer(Arc::new(RequestPeer {
                session: session.clone(),
                out: tx.clone(),
            }))
            .with_cancellation(cancellation.clone());
        let router = Arc::clone(&self.router);
        tokio::spawn(crate::transport::mcp_span::carried(async move {
            let outgoing = match routed(&router, request, context).await {
                Ok(reply) => Outgoing::Reply(reply),
                Err(error) => Outgoing::Error(error),
            };
            let _ = tx.send(outgoing);
            drop(registered);
        }));
        // Dropped with this future (the client went away before the response started).
        let cancel_on_drop = cancellation.on_drop();
        let first = rx.recv().await;
        // From here the body cancels it (a 2026-07-28 stream), or nothing does.
        cancel_on_drop.disarm();
        match first {
            Some(Outgoing::Reply(reply)) => json_response(StatusCode::OK, &id, reply),
            Some(Outgoing::Error(error)) => {
                // A 2026-07-28 error has the HTTP status its code calls for.
                let status = if stateless {
                    stateless::status_of(&error)
                } else {
                    StatusCode::OK
                };
                error_response(status, &id, &error)
            }
            Some(Outgoing::Message(first)) => match session {
                // A session's stream is resumable: framed and kept as it happens.
                Some(session) => {
                    let log = session.streams.open();
                    log.emit(|out| out.extend_from_slice(&first));
                    let frames = log.attach(StartAt::Start);
                    tokio::spawn(replay::pump(log, id, rx));
                    event_stream(ResponseBody::frames(frames))
                }
                None => event_stream(ResponseBody::request_stream(
                    id,
                    first,
                    rx,
                    cancellation.on_drop(),
                )),
            },
            None => error_response(
                StatusCode::OK,
                &id,
                &ProtocolError::internal("the request ended without a result"),
            ),
        }
    }
}
