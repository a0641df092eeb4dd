//! The request body the accept loop hands a service: hyper's body with a bound on the time
//! between its frames and on the whole body, so a client that stalls its body or never ends
//! a chunked one cannot hold a connection (and a handler) forever.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use bytes::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use tokio::time::{Instant, Sleep};

/// The body of a request served by [`Serve`](super::Serve): hyper's [`Incoming`] body, read
/// within the loop's body timeouts.
///
/// Reading it fails with an [`io::Error`] of kind [`TimedOut`](io::ErrorKind::TimedOut)
/// when a read waits [`Serve::body_frame_timeout`](super::Serve::body_frame_timeout) for
/// data, or the whole body takes longer than
/// [`Serve::body_timeout`](super::Serve::body_timeout), counted from the first read that
/// waits (a handler that reads late is not punished for it); other read failures (the
/// client went away, a malformed chunk) come as an [`io::Error`] too.
/// [`HttpServer`](super::HttpServer) answers a timeout with 408, and any service that reads
/// the body sees the error; the connection is closed after the response either way, as its
/// body was not read to the end.
#[derive(Debug)]
pub struct RequestBody {
    inner: Incoming,
    frame_timeout: Duration,
    total_timeout: Duration,
    /// Set at the first read that waits: the end of the whole body's time.
    deadline: Option<Instant>,
    /// The time the current wait for a frame may take.
    timer: Option<Pin<Box<Sleep>>>,
    failed: bool,
}

impl RequestBody {
    pub(super) fn new(inner: Incoming, frame_timeout: Duration, total_timeout: Duration) -> Self {
        Self {
            inner,
            frame_timeout,
            total_timeout,
            deadline: None,
            timer: None,
            failed: false,
        }
    }

    /// The current wait's end: the frame timeout from now, never past the whole body's end.
    fn wait_until(&mut self) -> Instant {
        let now = Instant::now();
        let deadline = *self.deadline.get_or_insert(now + self.total_timeout);
        (now + self.frame_timeout).min(deadline)
    }
}

impl Body for RequestBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let this = &mut *self;
        if this.failed {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(frame) => {
                // The next wait starts afresh.
                this.timer = None;
                return Poll::Ready(frame.map(|f| f.map_err(io::Error::other)));
            }
            Poll::Pending => {}
        }
        if this.timer.is_none() {
            let until = this.wait_until();
            this.timer = Some(Box::pin(tokio::time::sleep_until(until)));
        }
        let timer = this.timer.as_mut().expect("set above");
        ready!(timer.as_mut().poll(cx));
        this.failed = true;
        let whole = this.deadline.is_some_and(|d| Instant::now() >= d);
        let message = if whole {
            format!(
                "the request body was not received within {:?}",
                this.total_timeout
            )
        } else {
            format!(
                "the request body stalled: no data for {:?}",
                this.frame_timeout
            )
        };
        Poll::Ready(Some(Err(io::Error::new(io::ErrorKind::TimedOut, message))))
    }

    fn is_end_stream(&self) -> bool {
        self.failed || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Whether `error`, from reading a body, is a [`RequestBody`] timeout (maybe wrapped by a
/// body adapter such as `http_body_util::Limited`).
pub(super) fn is_timeout(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(error) = next {
        if error
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::TimedOut)
        {
            return true;
        }
        next = error.source();
    }
    false
}
