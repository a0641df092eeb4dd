//! How the router runs a handler, the one place every transport's request reaches user
//! code: until it ends, panics or its request is cancelled.
//!
//! - **Panics**: a handler that panics (while building its future or while it runs) is
//!   answered with `-32603` and the message "the handler of … panicked"; the panic's own
//!   message stays in the server's log (the panic hook prints it to stderr) and never
//!   reaches the client. Tools too: a panic is the server's fault, not a result the model
//!   should read, so it is a JSON-RPC error rather than an `isError` result. The server goes
//!   on serving.
//! - **Cancellation**: the handler's future is dropped at its next `.await` once the
//!   request's cancellation ([`Context::cancelled`]) is set, and the request ends with
//!   [`request_cancelled`]; when the request's future is dropped from outside (a client
//!   gone, a task aborted) the cancellation is set, so work the handler spawned with a clone
//!   of its context sees it.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::Poll;

use crate::server::handler::cancel::until_cancelled;
use crate::server::handler::{BoxFuture, Context, ProtocolError};

/// The JSON-RPC code of a request that ended because it was cancelled (the code LSP gives
/// `RequestCancelled`; MCP names none, and a client that cancelled ignores the answer).
pub(crate) const REQUEST_CANCELLED: i32 = -32800;

/// The error a cancelled request ends with, where its transport must still answer it (an
/// HTTP `POST` in flight).
pub fn request_cancelled() -> ProtocolError {
    ProtocolError::new(REQUEST_CANCELLED, "the request was cancelled")
}

/// `-32603` for a handler that panicked, naming the handler only.
fn panicked(handler: &str) -> ProtocolError {
    ProtocolError::internal(format!(
        "the handler of {handler} panicked (the server logged why)"
    ))
}

/// Runs the handler `start` builds with `context`: its output, `-32603` when it panicked,
/// [`request_cancelled`] when the request was cancelled first. `handler` names it in the
/// panic's error (``tool `echo` ``).
pub(crate) async fn run_handler<'a, T: 'a>(
    handler: impl FnOnce() -> String,
    mut context: Context,
    start: impl FnOnce(Context) -> BoxFuture<'a, T>,
) -> Result<T, ProtocolError> {
    let cancellation = context.cancellation();
    if cancellation.is_cancelled() {
        return Err(request_cancelled());
    }
    // Set if this future is dropped before the handler ends: a client gone, a task aborted.
    let on_drop = cancellation.on_drop();
    let Ok(future) = std::panic::catch_unwind(AssertUnwindSafe(|| start(context))) else {
        on_drop.disarm();
        return Err(panicked(&handler()));
    };
    let ran = until_cancelled(&cancellation, CatchPanic(future)).await;
    on_drop.disarm();
    match ran {
        Some(Ok(output)) => Ok(output),
        Some(Err(Panicked)) => Err(panicked(&handler())),
        None => Err(request_cancelled()),
    }
}

/// A handler's future whose panic is caught where it is polled.
///
/// Hand-written, not `futures::FutureExt::catch_unwind`: `futures` is not a dependency of
/// the core server, and the futures here are boxed already (so `Unpin`).
struct CatchPanic<'a, T>(BoxFuture<'a, T>);

/// The handler panicked.
struct Panicked;

impl<T> Future for CatchPanic<'_, T> {
    type Output = Result<T, Panicked>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<Self::Output> {
        // The future is not polled again after it panicked: this returns `Ready`.
        match std::panic::catch_unwind(AssertUnwindSafe(|| self.0.as_mut().poll(cx))) {
            Ok(Poll::Ready(output)) => Poll::Ready(Ok(output)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(_) => Poll::Ready(Err(Panicked)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::meta::Meta;
    use crate::rules::ProtocolVersion;
    use crate::server::handler::cancel::Cancellation;

    fn context() -> Context {
        Context::new(Meta::new(), ProtocolVersion::LATEST)
    }

    #[tokio::test]
    async fn a_panic_while_running_or_starting_is_an_internal_error_without_its_message() {
        let running = run_handler(
            || "tool `boom`".into(),
            context(),
            |_| -> BoxFuture<'_, ()> {
                Box::pin(async {
                    tokio::task::yield_now().await;
                    panic!("secret detail");
                })
            },
        )
        .await
        .unwrap_err();
        assert_eq!(running.code, ProtocolError::INTERNAL_ERROR);
        assert_eq!(
            running.message,
            "the handler of tool `boom` panicked (the server logged why)"
        );
        let starting = run_handler(
            || "prompt `p`".into(),
            context(),
            |_| -> BoxFuture<'_, ()> { panic!("secret detail") },
        )
        .await
        .unwrap_err();
        assert!(!starting.message.contains("secret"), "{}", starting.message);
    }

    #[tokio::test]
    async fn a_cancelled_request_drops_the_handler_and_a_dropped_one_sets_the_cancellation() {
        let cancellation = Cancellation::new();
        let ctx = context().with_cancellation(cancellation.clone());
        let seen = Cancellation::new();
        let seen_by_handler = seen.clone();
        let run = run_handler(
            || "tool `slow`".into(),
            ctx,
            move |context| -> BoxFuture<'static, ()> {
                Box::pin(async move {
                    context.cancelled().await;
                    seen_by_handler.cancel();
                    std::future::pending::<()>().await;
                })
            },
        );
        let canceller = cancellation.clone();
        let (ran, ()) = tokio::join!(run, async move {
            tokio::task::yield_now().await;
            canceller.cancel();
        });
        assert_eq!(ran.unwrap_err().code, REQUEST_CANCELLED);

        // Dropped from outside, unfinished: the cancellation is set for what it spawned.
        let cancellation = Cancellation::new();
        let ctx = context().with_cancellation(cancellation.clone());
        let mut run = Box::pin(run_handler(
            || "tool `slow`".into(),
            ctx,
            |_| -> BoxFuture<'static, ()> { Box::pin(std::future::pending()) },
        ));
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        assert!(run.as_mut().poll(&mut cx).is_pending());
        drop(run);
        assert!(cancellation.is_cancelled());
        let _ = seen;
    }
}
