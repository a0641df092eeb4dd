//! Large base64 written once (issue 27): rmcp's serializer escapes a string byte by byte,
//! and for a 1 MiB image that was most of a call's cost, though base64 has nothing to escape.
//! For a request [`streamable_http_service`](super::streamable_http_service)'s front marks
//! (a stateless 2026-07-28 POST, answered in this response and kept by no event store),
//! [`McpServer`](super::McpServer) gives a tool result a short placeholder (itself base64) for
//! each large image, audio or blob before it crosses into rmcp's model, and the front puts the base64 back
//! into the answer's bytes in its place. The bytes on the wire are the ones rmcp would have
//! written: the placeholder is a string with nothing to escape, written as `"<token>"`, and
//! the base64 goes exactly where it stood.
//!
//! A placeholder is `mcp-content-splice-<process key>-<request>-<n>`: the process key is
//! random, so no text a tool writes (nor anything a client sends it to echo) can be taken for
//! one. A request's placeholders are put back only into its own response; an answer whose
//! body never carries them (an error in place of the result) is left as it is.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, header};
use http_body::{Body, Frame, SizeHint};
use http_body_util::BodyExt;

use super::session_owner::SESSION_HEADER;
use crate::model::Base64Data;

/// A response as rmcp's service writes it (the front's `HttpResponse`).
type HttpResponse = http::Response<http_body_util::combinators::BoxBody<Bytes, Infallible>>;

/// Strings shorter than this cross as they are: the placeholder's bookkeeping would cost
/// more than the escaping it saves.
pub(super) const MIN_SPLICED_BYTES: usize = 4096;

/// The process's random key (`None` if the system has no randomness to give: nothing is
/// spliced then).
static PROCESS_KEY: LazyLock<Option<String>> = LazyLock::new(|| {
    let mut key = [0u8; 16];
    getrandom::fill(&mut key).ok()?;
    Some(format!("{:032x}", u128::from_le_bytes(key)))
});

static NEXT_REQUEST: AtomicU64 = AtomicU64::new(0);

/// The session header's name (looked up without parsing it again).
static SESSION_NAME: http::HeaderName = http::HeaderName::from_static(SESSION_HEADER);

/// One request's placeholders and the base64 each stands for.
#[derive(Debug)]
pub(crate) struct Splices {
    request: u64,
    entries: Mutex<Vec<(String, Bytes)>>,
}

impl Splices {
    /// An empty table for one request.
    pub(super) fn new() -> Arc<Self> {
        Arc::new(Self {
            request: NEXT_REQUEST.fetch_add(1, Ordering::Relaxed),
            entries: Mutex::new(Vec::new()),
        })
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Vec<(String, Bytes)>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A table for the request of `parts`, put in its extensions, when the front splices
    /// (`enabled`) and the request is a POST outside a session: its answer is this
    /// response, and only this one.
    pub(super) fn for_request(
        enabled: bool,
        parts: &mut http::request::Parts,
    ) -> Option<Arc<Self>> {
        if !enabled
            || parts.method != http::Method::POST
            || parts.headers.contains_key(&SESSION_NAME)
        {
            return None;
        }
        let splices = Self::new();
        parts.extensions.insert(Arc::clone(&splices));
        Some(splices)
    }

    /// The table the front put in the request `context` came with, if any.
    pub(super) fn of(
        context: &::rmcp::service::RequestContext<::rmcp::RoleServer>,
    ) -> Option<Arc<Self>> {
        context
            .extensions
            .get::<http::request::Parts>()?
            .extensions
            .get::<Arc<Self>>()
            .cloned()
    }

    /// Whether any string was taken.
    pub(super) fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }

    /// Takes `data`'s base64 for a placeholder (itself base64: a `Base64Data` holds it), if
    /// it is large. A `Base64Data`'s text is the standard alphabet, which JSON writes as it is.
    fn take(&self, data: &mut Base64Data) {
        if data.encoded_len() < MIN_SPLICED_BYTES {
            return;
        }
        let Some(key) = PROCESS_KEY.as_deref() else {
            return;
        };
        let mut entries = self.entries();
        // 16 + 32 + 16 + 4 characters, all alphanumeric: base64 without padding.
        let token = format!(
            "mcpcontentsplice{key}{:016x}{:04x}",
            self.request,
            entries.len()
        );
        let Ok(placeholder) = Base64Data::from_base64(token.clone()) else {
            return;
        };
        let base64 = std::mem::replace(data, placeholder).into_base64();
        entries.push((token, Bytes::from(base64)));
    }

    /// Takes the large base64 of `result`'s images, audio and blobs.
    pub(super) fn take_from(&self, result: &mut crate::CallToolResult) {
        use crate::model::content::{ContentBlock, ResourceContents};
        for block in &mut result.content {
            match block {
                ContentBlock::Image(image) => self.take(&mut image.data),
                ContentBlock::Audio(audio) => self.take(&mut audio.data),
                ContentBlock::Resource(resource) => {
                    if let ResourceContents::Blob(contents) = &mut resource.resource {
                        self.take(&mut contents.blob);
                    }
                }
                // Texts (JSON escapes them), links (short) and unknown blocks.
                _ => {}
            }
        }
    }

    /// `response` with the base64 back in place of its placeholders: a JSON body read whole
    /// and answered with its exact length, an event stream event by event.
    pub(super) async fn put_back(self: Arc<Self>, response: HttpResponse) -> HttpResponse {
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
        let (mut parts, body) = response.into_parts();
        if !is_json {
            let body = Spliced {
                inner: body,
                splices: self,
                pending: VecDeque::new(),
            };
            return HttpResponse::from_parts(parts, body.boxed());
        }
        let Ok(collected) = body.collect().await;
        let chunks = self.splice(collected.to_bytes());
        let length: usize = chunks.iter().map(Bytes::len).sum();
        if parts.headers.contains_key(header::CONTENT_LENGTH) {
            parts
                .headers
                .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        }
        let body = Chunks {
            chunks: chunks.into(),
            remaining: length as u64,
        };
        HttpResponse::from_parts(parts, body.boxed())
    }

    /// `data` cut at each placeholder, the base64 between the pieces (`data` alone when it
    /// holds none).
    fn splice(&self, data: Bytes) -> Vec<Bytes> {
        let entries = self.entries();
        let mut found: Vec<(usize, usize, &Bytes)> = entries
            .iter()
            .filter_map(|(token, base64)| {
                memchr::memmem::find(&data, token.as_bytes())
                    .map(|at| (at, at + token.len(), base64))
            })
            .collect();
        if found.is_empty() {
            return vec![data];
        }
        found.sort_unstable_by_key(|(at, ..)| *at);
        let mut chunks = Vec::with_capacity(found.len() * 2 + 1);
        let mut from = 0;
        for (at, end, base64) in found {
            chunks.push(data.slice(from..at));
            chunks.push(base64.clone());
            from = end;
        }
        chunks.push(data.slice(from..));
        chunks
    }
}

/// A body of known chunks (a spliced JSON answer).
struct Chunks {
    chunks: VecDeque<Bytes>,
    remaining: u64,
}

impl Body for Chunks {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let next = self.chunks.pop_front();
        if let Some(chunk) = &next {
            self.remaining -= chunk.len() as u64;
        }
        Poll::Ready(next.map(|chunk| Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.chunks.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

/// An event stream with the base64 put back into each event that holds a placeholder.
struct Spliced {
    inner: http_body_util::combinators::BoxBody<Bytes, Infallible>,
    splices: Arc<Splices>,
    pending: VecDeque<Bytes>,
}

impl Body for Spliced {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if let Some(chunk) = self.pending.pop_front() {
            return Poll::Ready(Some(Ok(Frame::data(chunk))));
        }
        let frame = match Pin::new(&mut self.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => frame,
            other => return other,
        };
        match frame.into_data() {
            Ok(data) => {
                let this = &mut *self;
                this.pending = this.splices.splice(data).into();
                let first = this.pending.pop_front().unwrap_or_default();
                Poll::Ready(Some(Ok(Frame::data(first))))
            }
            Err(frame) => Poll::Ready(Some(Ok(frame))),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.pending.is_empty() && self.inner.is_end_stream()
    }
}

#[cfg(test)]
#[path = "splice_tests.rs"]
mod tests;
