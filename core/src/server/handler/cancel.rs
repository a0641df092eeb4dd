//! A request's cancellation: set once (the client sent `notifications/cancelled`, went away,
//! or `tasks/cancel` stopped the task), seen by every clone of the request's
//! [`Context`](super::Context), awaited by the router while the handler runs (which then
//! drops the handler's future) and by whatever the handler spawned with a clone.
//!
//! Hand-written, not tokio-util's `CancellationToken`: the core server runs on no runtime
//! (tokio comes with a transport's feature), and a flag with a list of wakers is all it
//! takes.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Poll, Waker};

/// The cancellation shared by a request's contexts and its transport.
#[derive(Clone, Default)]
pub(crate) struct Cancellation(Arc<State>);

#[derive(Default)]
struct State {
    cancelled: AtomicBool,
    waiters: Mutex<Waiters>,
}

/// The tasks waiting for the cancellation, each under the number of its [`Cancelled`].
#[derive(Default)]
struct Waiters {
    next: u64,
    wakers: Vec<(u64, Waker)>,
}

impl State {
    fn waiters(&self) -> std::sync::MutexGuard<'_, Waiters> {
        self.waiters.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for Cancellation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Cancellation")
            .field(&self.is_cancelled())
            .finish()
    }
}

impl Cancellation {
    /// A cancellation not set yet.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Sets it, once: every waiter wakes. Setting it again does nothing.
    pub(crate) fn cancel(&self) {
        if self.0.cancelled.swap(true, Ordering::SeqCst) {
            return;
        }
        let wakers = std::mem::take(&mut self.0.waiters().wakers);
        for (_, waker) in wakers {
            waker.wake();
        }
    }

    /// Whether it is set.
    pub(crate) fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Resolves once it is set.
    pub(crate) fn cancelled(&self) -> Cancelled<'_> {
        Cancelled {
            state: &self.0,
            slot: None,
        }
    }

    /// A guard that sets it when dropped, unless [`disarm`](CancelOnDrop::disarm)ed: a
    /// response dropped before its request ended (the client went away) cancels the request.
    pub(crate) fn on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(Some(self.clone()))
    }

    /// Whether both are the same cancellation.
    #[cfg_attr(
        not(feature = "http"),
        allow(dead_code, reason = "the `http` endpoint's sessions use it")
    )]
    pub(crate) fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Sets a [`Cancellation`] when dropped, unless disarmed.
#[derive(Debug)]
pub(crate) struct CancelOnDrop(Option<Cancellation>);

impl CancelOnDrop {
    /// Dropped without setting it (the request ended, or it outlives this owner).
    pub(crate) fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(cancellation) = self.0.take() {
            cancellation.cancel();
        }
    }
}

/// The future of [`Cancellation::cancelled`].
pub(crate) struct Cancelled<'a> {
    state: &'a State,
    /// The number its waker is kept under, once it waited.
    slot: Option<u64>,
}

impl Future for Cancelled<'_> {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<()> {
        if self.state.cancelled.load(Ordering::SeqCst) {
            return Poll::Ready(());
        }
        let state = self.state;
        let mut waiters = state.waiters();
        // Checked again under the lock: `cancel` sets the flag before it takes the wakers.
        if state.cancelled.load(Ordering::SeqCst) {
            return Poll::Ready(());
        }
        if let Some(slot) = self.slot {
            if let Some((_, waker)) = waiters.wakers.iter_mut().find(|(n, _)| *n == slot) {
                waker.clone_from(cx.waker());
            }
        } else {
            let slot = waiters.next;
            waiters.next += 1;
            waiters.wakers.push((slot, cx.waker().clone()));
            drop(waiters);
            self.slot = Some(slot);
        }
        Poll::Pending
    }
}

impl Drop for Cancelled<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            self.state.waiters().wakers.retain(|(n, _)| *n != slot);
        }
    }
}

/// Runs `future` until it ends or `cancellation` is set: `None` when it was set first (the
/// future is dropped then, unfinished).
pub(crate) async fn until_cancelled<F: Future>(
    cancellation: &Cancellation,
    future: F,
) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    let mut cancelled = std::pin::pin!(cancellation.cancelled());
    std::future::poll_fn(|cx| {
        if cancelled.as_mut().poll(cx).is_ready() {
            return Poll::Ready(None);
        }
        future.as_mut().poll(cx).map(Some)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::task::Wake;

    struct Count(AtomicUsize);
    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_waiter_wakes_once_when_cancelled_and_leaves_no_waker_behind() {
        let cancellation = Cancellation::new();
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let waker = Waker::from(Arc::clone(&count));
        let mut cx = std::task::Context::from_waker(&waker);
        let mut waiting = Box::pin(cancellation.cancelled());
        // Polled twice before the cancellation: one waker kept, not two.
        assert!(waiting.as_mut().poll(&mut cx).is_pending());
        assert!(waiting.as_mut().poll(&mut cx).is_pending());
        assert_eq!(cancellation.0.waiters().wakers.len(), 1);
        cancellation.cancel();
        cancellation.cancel();
        assert_eq!(count.0.load(Ordering::SeqCst), 1);
        assert!(waiting.as_mut().poll(&mut cx).is_ready());
        assert!(cancellation.is_cancelled());
    }

    #[test]
    fn a_dropped_waiter_takes_its_waker_with_it() {
        let cancellation = Cancellation::new();
        let waker = Waker::from(Arc::new(Count(AtomicUsize::new(0))));
        let mut cx = std::task::Context::from_waker(&waker);
        for _ in 0..100 {
            let mut waiting = Box::pin(cancellation.cancelled());
            assert!(waiting.as_mut().poll(&mut cx).is_pending());
        }
        assert!(cancellation.0.waiters().wakers.is_empty());
    }

    #[test]
    fn a_guard_cancels_on_drop_unless_disarmed() {
        let cancellation = Cancellation::new();
        cancellation.on_drop().disarm();
        assert!(!cancellation.is_cancelled());
        drop(cancellation.on_drop());
        assert!(cancellation.is_cancelled());
    }

    #[tokio::test]
    async fn until_cancelled_drops_the_future_when_cancelled() {
        struct Alive(Arc<AtomicUsize>);
        impl Drop for Alive {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::SeqCst);
            }
        }
        let alive = Arc::new(AtomicUsize::new(1));
        let guard = Alive(Arc::clone(&alive));
        let cancellation = Cancellation::new();
        let canceller = cancellation.clone();
        let forever = async move {
            let _guard = guard;
            std::future::pending::<()>().await;
        };
        let (ran, ()) = tokio::join!(until_cancelled(&cancellation, forever), async move {
            tokio::task::yield_now().await;
            canceller.cancel();
        });
        assert!(ran.is_none());
        assert_eq!(alive.load(Ordering::SeqCst), 0);
        let done = until_cancelled(&Cancellation::new(), async { 7 }).await;
        assert_eq!(done, Some(7));
    }
}
