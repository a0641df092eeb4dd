//! The endpoint's response body: the whole answer at once (`application/json`, or empty), or
//! a stream of server-sent events (`text/event-stream`) fed by a channel.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use hyper::body::{Frame, SizeHint};
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use crate::server::handler::ProtocolError;
use crate::server::handler::cancel::CancelOnDrop;
use crate::transport::id::RequestId;

/// Writes a JSON-RPC response for the request's id into the buffer (appending).
pub(super) type Reply = Box<dyn FnOnce(&RequestId, &mut Vec<u8>) + Send>;

/// What goes out on an event stream.
pub(super) enum Outgoing {
    /// A JSON-RPC notification or request, already serialized.
    Message(Vec<u8>),
    /// The response to the stream's request: written into the event and ends the stream.
    Reply(Reply),
    /// The request failed: its error response ends the stream.
    Error(ProtocolError),
}

/// The body of the endpoint's responses.
///
/// A JSON answer is one buffer (its exact length known, so it goes out with
/// `Content-Length`); an event stream yields one frame per server-sent event as the handler
/// produces them and ends after the request's response (a `GET` stream ends with its session).
pub struct ResponseBody {
    inner: Inner,
}

enum Inner {
    Once(Option<Bytes>),
    Events(Events),
    /// Events framed already (a session's resumable streams, see `replay`).
    Frames(mpsc::Receiver<Bytes>),
    /// Framed events of a stream with no end of its own (a `GET` or listen stream), until
    /// the server closes its streams (shutdown).
    Standing(mpsc::Receiver<Bytes>, Closing),
}

/// How many events a stream holds for a client that does not read them: past this a
/// client is too far behind, and its stream ends (a 2025 client resumes it with
/// `Last-Event-ID` from what the session kept; a listener listens again). What a client
/// does not read never grows the server's memory past this.
pub(super) const STREAM_QUEUE: usize = 256;

/// Resolves when the server closes its standing streams.
type Closing = Pin<Box<dyn Future<Output = ()> + Send + Sync>>;

struct Events {
    rx: mpsc::UnboundedReceiver<Outgoing>,
    /// The id of the request the stream answers.
    id: RequestId,
    /// The first message, already received when the stream was chosen.
    first: Option<Vec<u8>>,
    done: bool,
    /// Cancels the request when the body is dropped before its response (the client went
    /// away: a 2026-07-28 stream is not resumed, so nobody will read the answer).
    _cancel: CancelOnDrop,
}

impl std::fmt::Debug for ResponseBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.inner {
            Inner::Once(bytes) => f
                .debug_tuple("ResponseBody::Once")
                .field(&bytes.as_ref().map_or(0, Bytes::len))
                .finish(),
            Inner::Events(events) => f
                .debug_struct("ResponseBody::Events")
                .field("id", &events.id)
                .field("done", &events.done)
                .finish_non_exhaustive(),
            Inner::Frames(_) => f.debug_tuple("ResponseBody::Frames").finish(),
            Inner::Standing(..) => f.debug_tuple("ResponseBody::Standing").finish(),
        }
    }
}

impl ResponseBody {
    /// A body of these bytes (none for an empty one).
    pub(super) fn once(bytes: Bytes) -> Self {
        let bytes = (!bytes.is_empty()).then_some(bytes);
        Self {
            inner: Inner::Once(bytes),
        }
    }

    /// The event stream answering request `id`: `first` (a message), then what `rx` brings,
    /// up to the response; dropped before that, it cancels the request (`cancel`).
    pub(super) fn request_stream(
        id: RequestId,
        first: Vec<u8>,
        rx: mpsc::UnboundedReceiver<Outgoing>,
        cancel: CancelOnDrop,
    ) -> Self {
        Self {
            inner: Inner::Events(Events {
                rx,
                id,
                first: Some(first),
                done: false,
                _cancel: cancel,
            }),
        }
    }

    /// A stream of events framed by a session's stream log: what `rx` brings, until the
    /// log lets it go (the stream ended, or another connection resumed it).
    pub(super) fn frames(rx: mpsc::Receiver<Bytes>) -> Self {
        Self {
            inner: Inner::Frames(rx),
        }
    }
}

impl ResponseBody {
    /// A stream of framed events with no end of its own: what `rx` brings, until the log
    /// lets it go or `closing` turns true (the server shuts down; at once if it already
    /// has).
    pub(super) fn standing(
        rx: mpsc::Receiver<Bytes>,
        mut closing: tokio::sync::watch::Receiver<bool>,
    ) -> Self {
        let closed = async move {
            // A dropped sender (the server is gone) closes the stream too.
            let _ = closing.wait_for(|closing| *closing).await;
        };
        Self {
            inner: Inner::Standing(rx, Box::pin(closed)),
        }
    }
}

/// `data: ` + the message + a blank line: one event. A serialized JSON value has no raw line
/// break (strings escape theirs), so one `data` line carries it whole.
pub(super) fn event(message: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(message.len() + 8);
    out.extend_from_slice(b"data: ");
    out.extend_from_slice(message);
    out.extend_from_slice(b"\n\n");
    Bytes::from(out)
}

impl Events {
    fn next(&mut self, cx: &mut Context<'_>) -> Poll<Option<Bytes>> {
        if self.done {
            return Poll::Ready(None);
        }
        if let Some(first) = self.first.take() {
            return Poll::Ready(Some(event(&first)));
        }
        let Some(outgoing) = std::task::ready!(self.rx.poll_recv(cx)) else {
            self.done = true;
            // The handler ended (it panicked) without an answer: the client still gets one.
            let error = ProtocolError::internal("the request ended without a result");
            return Poll::Ready(Some(event(&error_body(&self.id, &error))));
        };
        let id = &self.id;
        let bytes = match outgoing {
            Outgoing::Message(message) => event(&message),
            Outgoing::Reply(reply) => {
                self.done = true;
                // The result is written by its writer straight into the event.
                let mut out = Vec::new();
                out.extend_from_slice(b"data: ");
                reply(id, &mut out);
                out.extend_from_slice(b"\n\n");
                Bytes::from(out)
            }
            Outgoing::Error(error) => {
                self.done = true;
                event(&error_body(id, &error))
            }
        };
        if self.done {
            // Nothing after the response: later notifications of the handler are dropped.
            self.rx.close();
        }
        Poll::Ready(Some(bytes))
    }
}

impl hyper::body::Body for ResponseBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        match &mut self.get_mut().inner {
            Inner::Once(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Inner::Events(events) => events.next(cx).map(|b| b.map(|b| Ok(Frame::data(b)))),
            Inner::Frames(rx) => rx.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b)))),
            Inner::Standing(rx, closing) => match rx.poll_recv(cx) {
                Poll::Ready(b) => Poll::Ready(b.map(|b| Ok(Frame::data(b)))),
                Poll::Pending => closing.as_mut().poll(cx).map(|()| {
                    rx.close();
                    None
                }),
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.inner {
            Inner::Once(bytes) => bytes.is_none(),
            Inner::Events(events) => events.done,
            Inner::Frames(_) | Inner::Standing(..) => false,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.inner {
            Inner::Once(bytes) => {
                SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64))
            }
            Inner::Events(_) | Inner::Frames(_) | Inner::Standing(..) => SizeHint::default(),
        }
    }
}

/// A JSON-RPC error response to request `id` (its text as sent), as bytes.
pub(super) fn error_body(id: &RequestId, error: &ProtocolError) -> Vec<u8> {
    let mut body = Map::new();
    body.insert("code".into(), Value::from(error.code));
    body.insert("message".into(), Value::from(error.message.clone()));
    if let Some(data) = &error.data {
        body.insert("data".into(), data.clone());
    }
    let mut out = Vec::with_capacity(128);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    id.write(&mut out);
    out.extend_from_slice(b",\"error\":");
    serde_json::to_writer(&mut out, &body).expect("values serialize");
    out.push(b'}');
    out
}
