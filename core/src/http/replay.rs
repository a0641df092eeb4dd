//! Resumable event streams for the 2025-era session flow: every event a session's stream
//! carries has an id (`<stream>-<n>`), is kept for a while, and a client that lost the
//! connection `GET`s again with `Last-Event-ID` to receive what came after it on that stream
//! (and, for a request still running, the rest of it, its response included). Events are
//! framed once, when they happen, whether or not a connection reads them: the frame that
//! carries a result is written by the result's writer and shared, not copied, between the
//! connection and the log.
//!
//! What is kept is bounded: per stream the newest [`KEEP_EVENTS`] events within
//! [`KEEP_BYTES`] (the newest one always), per session the live streams and the
//! [`KEEP_ENDED`] most recently ended ones.

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

use bytes::Bytes;
use tokio::sync::mpsc;

use super::body::{Outgoing, STREAM_QUEUE, error_body};
use crate::server::handler::ProtocolError;

/// Events kept per stream.
pub(super) const KEEP_EVENTS: usize = 64;
/// Bytes kept per stream (the newest event is kept whatever its size).
pub(super) const KEEP_BYTES: usize = 4 << 20;
/// Ended request streams kept per session.
pub(super) const KEEP_ENDED: usize = 8;

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Where a reader starts in a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StartAt {
    /// Every event kept (a request's stream, opened with its first event).
    Start,
    /// The events after this one (a client resuming with `Last-Event-ID`).
    After(u64),
    /// Only the events still to come (a `GET` without `Last-Event-ID`).
    Now,
}

/// One event stream of a session: a request's, or the standalone `GET` stream.
pub(super) struct StreamLog {
    number: u64,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    next: u64,
    kept: VecDeque<(u64, Bytes)>,
    kept_bytes: usize,
    reader: Option<mpsc::Sender<Bytes>>,
    ended: bool,
}

impl StreamLog {
    fn new(number: u64) -> Arc<Self> {
        Arc::new(Self {
            number,
            inner: Mutex::default(),
        })
    }

    /// Frames one event (`id:` line, then `data:` with what `write` appends), keeps it and
    /// hands it to the connection reading the stream, if one is.
    pub(super) fn emit(&self, write: impl FnOnce(&mut Vec<u8>)) {
        let mut inner = lock(&self.inner);
        if inner.ended {
            return;
        }
        let n = inner.next;
        inner.next += 1;
        let mut frame = Vec::new();
        // A serialized JSON value has no raw line break, so one `data` line carries it.
        let _ = write!(FrameText(&mut frame), "id: {}-{n}\ndata: ", self.number);
        write(&mut frame);
        frame.extend_from_slice(b"\n\n");
        let frame = Bytes::from(frame);
        inner.kept_bytes += frame.len();
        inner.kept.push_back((n, frame.clone()));
        while inner.kept.len() > 1
            && (inner.kept.len() > KEEP_EVENTS || inner.kept_bytes > KEEP_BYTES)
        {
            if let Some((_, old)) = inner.kept.pop_front() {
                inner.kept_bytes -= old.len();
            }
        }
        if let Some(reader) = &inner.reader
            && let Err(error) = reader.try_send(frame)
        {
            // The connection went away, or its client is `STREAM_QUEUE` events behind: its
            // stream ends; the event stays kept for a resuming client.
            if matches!(error, mpsc::error::TrySendError::Full(_)) {
                crate::transport::trace::refused("event stream's reader too far behind: ended");
            }
            inner.reader = None;
        }
    }

    /// Ends the stream: its reader's body ends after what it has; nothing more is emitted.
    pub(super) fn end(&self) {
        let mut inner = lock(&self.inner);
        inner.ended = true;
        inner.reader = None;
    }

    /// The session's standalone (`GET`) stream, not a request's.
    pub(super) fn is_standalone(&self) -> bool {
        self.number == 0
    }

    pub(super) fn is_ended(&self) -> bool {
        lock(&self.inner).ended
    }

    /// Whether a connection reads the stream now.
    pub(super) fn is_read(&self) -> bool {
        lock(&self.inner)
            .reader
            .as_ref()
            .is_some_and(|r| !r.is_closed())
    }

    /// A connection's view of the stream from `from`: the kept events after it, then (while
    /// the stream lives) what is emitted next. A previous reader is let go: a client resumes
    /// a stream when it lost the connection that read it.
    pub(super) fn attach(&self, from: StartAt) -> mpsc::Receiver<Bytes> {
        // Room for every kept event and as many new ones.
        let (tx, rx) = mpsc::channel(STREAM_QUEUE.max(2 * KEEP_EVENTS));
        let mut inner = lock(&self.inner);
        for (n, frame) in &inner.kept {
            let wanted = match from {
                StartAt::Start => true,
                StartAt::After(last) => *n > last,
                StartAt::Now => false,
            };
            if wanted {
                let _ = tx.try_send(frame.clone());
            }
        }
        inner.reader = (!inner.ended).then_some(tx);
        rx
    }
}

/// `fmt::Write` into a byte buffer (the frame's `id:` line).
struct FrameText<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for FrameText<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// A session's streams, by number: 0 is the standalone `GET` stream.
pub(super) struct Streams {
    inner: Mutex<StreamsInner>,
}

struct StreamsInner {
    next: u64,
    by_number: HashMap<u64, Arc<StreamLog>>,
    /// Request streams in the order they were opened, for eviction.
    order: VecDeque<u64>,
}

impl Streams {
    pub(super) fn new() -> Self {
        let mut by_number = HashMap::new();
        by_number.insert(0, StreamLog::new(0));
        Self {
            inner: Mutex::new(StreamsInner {
                next: 1,
                by_number,
                order: VecDeque::new(),
            }),
        }
    }

    /// The standalone (`GET`) stream.
    pub(super) fn standalone(&self) -> Arc<StreamLog> {
        Arc::clone(&lock(&self.inner).by_number[&0])
    }

    /// A new request stream; the oldest ended ones beyond [`KEEP_ENDED`] are forgotten.
    pub(super) fn open(&self) -> Arc<StreamLog> {
        let mut inner = lock(&self.inner);
        let number = inner.next;
        inner.next += 1;
        let log = StreamLog::new(number);
        inner.by_number.insert(number, Arc::clone(&log));
        inner.order.push_back(number);
        let ended: Vec<u64> = inner
            .order
            .iter()
            .copied()
            .filter(|n| inner.by_number.get(n).is_some_and(|s| s.is_ended()))
            .collect();
        if ended.len() > KEEP_ENDED {
            for n in &ended[..ended.len() - KEEP_ENDED] {
                inner.by_number.remove(n);
                inner.order.retain(|o| o != n);
            }
        }
        log
    }

    /// The stream a `Last-Event-ID` (`<stream>-<n>`) names and the event after which to
    /// resume; `None` for an id this session did not give or no longer keeps.
    pub(super) fn resume(&self, last_event_id: &str) -> Option<(Arc<StreamLog>, u64)> {
        let (stream, n) = last_event_id.trim().split_once('-')?;
        let (stream, n) = (stream.parse::<u64>().ok()?, n.parse::<u64>().ok()?);
        let log = lock(&self.inner).by_number.get(&stream).cloned()?;
        Some((log, n))
    }

    /// Ends every stream (the session ended).
    pub(super) fn end_all(&self) {
        for log in lock(&self.inner).by_number.values() {
            log.end();
        }
    }
}

/// Carries a session request's messages into its stream as they come, up to and including
/// its response (written by the result's writer into the event), then ends the stream. It
/// runs whether or not a connection reads the stream, so a client that lost it can resume.
pub(super) async fn pump(
    log: Arc<StreamLog>,
    id: crate::transport::id::RequestId,
    mut rx: mpsc::UnboundedReceiver<Outgoing>,
) {
    loop {
        match rx.recv().await {
            Some(Outgoing::Message(message)) => log.emit(|out| out.extend_from_slice(&message)),
            Some(Outgoing::Reply(reply)) => {
                log.emit(|out| reply(&id, out));
                break;
            }
            Some(Outgoing::Error(error)) => {
                log.emit(|out| out.extend_from_slice(&error_body(&id, &error)));
                break;
            }
            None => {
                // The handler ended (it panicked) without an answer: the client still gets one.
                let error = ProtocolError::internal("the request ended without a result");
                log.emit(|out| out.extend_from_slice(&error_body(&id, &error)));
                break;
            }
        }
    }
    // Nothing after the response: later notifications of the handler are dropped.
    log.end();
}
