//! The router's change feed: a handler (or anything holding the router) announces that a
//! resource or a list changed, and every open subscription that asked for it is told — a
//! 2026-07-28 `subscriptions/listen` stream or a 2025-era session's `resources/subscribe`
//! (list changes reach the 2025-era sessions of `http::HttpServer` on their `GET`
//! stream).

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use crate::server::store::StoreFuture;

/// Something that changed on the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The resource at this URI changed (`notifications/resources/updated`).
    ResourceUpdated(String),
    /// A list changed (`notifications/tools/list_changed` and its siblings).
    ListChanged(ListKind),
}

/// Which list changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// `tools/list` (`notifications/tools/list_changed`).
    Tools,
    /// `prompts/list` (`notifications/prompts/list_changed`).
    Prompts,
    /// `resources/list` and `resources/templates/list`
    /// (`notifications/resources/list_changed`).
    Resources,
}

impl ListKind {
    /// The notification's method.
    ///
    /// ```
    /// use mcp_content::changes::ListKind;
    /// assert_eq!(ListKind::Tools.notification_method(), "notifications/tools/list_changed");
    /// ```
    pub fn notification_method(self) -> &'static str {
        match self {
            ListKind::Tools => "notifications/tools/list_changed",
            ListKind::Prompts => "notifications/prompts/list_changed",
            ListKind::Resources => "notifications/resources/list_changed",
        }
    }
}

/// What a subscriber is called with for every change.
pub type ChangeListener = Box<dyn Fn(&Change) + Send + Sync>;

/// Where changes are announced and heard: the router publishes on it
/// ([`Router::notify_resource_updated`](crate::Router::notify_resource_updated),
/// [`Router::notify_list_changed`](crate::Router::notify_list_changed)) and the transports
/// subscribe to it for their open subscriptions. [`ChangeFeed`] (this process's memory) is the
/// default; a bus shared by replicas (Redis pub/sub, say) implements this so that a change
/// published on one replica reaches the listeners on every replica
/// ([`RouterBuilder::change_bus`](crate::RouterBuilder::change_bus)).
///
/// `publish` is async and fallible (it may cross a network). `subscribe` registers a listener
/// in this process and is neither: a shared bus keeps one upstream subscription per process
/// (opened when it is built, re-opened by itself after a failure) and fans each change out to
/// its local listeners, so registering one does no I/O.
pub trait ChangeBus: Send + Sync + 'static {
    /// Tells every listener about `change` (on every process sharing the bus). Once the
    /// future resolves, the listeners of this process have been called.
    fn publish(&self, change: Change) -> StoreFuture<'_, ()>;
    /// Calls `listener` for every change published until the returned subscription is
    /// dropped. A listener is called outside any lock of the bus's, so it may subscribe or
    /// drop subscriptions itself; it should not block.
    fn subscribe(&self, listener: ChangeListener) -> FeedSubscription;
    /// How many listeners this process has registered.
    fn listeners(&self) -> usize;
    /// Whether processes other than this one hear what is published here (replicas);
    /// `false` unless the bus says so. A router with a shared bus needs shared
    /// `requestState` keys (`RouterBuilder::build` refuses it otherwise).
    fn is_shared(&self) -> bool {
        false
    }
}

type Listener = Arc<dyn Fn(&Change) + Send + Sync>;

/// The default [`ChangeBus`]: the listeners of this process, in its memory. Cheap to clone;
/// clones share the listeners.
#[derive(Clone, Default)]
pub struct ChangeFeed {
    inner: Arc<Mutex<FeedState>>,
}

#[derive(Default)]
struct FeedState {
    next_id: u64,
    listeners: Vec<(u64, Listener)>,
}

impl fmt::Debug for ChangeFeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("ChangeFeed")
            .field("listeners", &state.listeners.len())
            .finish()
    }
}

/// A listener's registration; dropping it stops the calls.
#[must_use = "dropping the subscription ends it"]
pub struct FeedSubscription {
    end: Option<Box<dyn FnOnce() + Send + Sync>>,
}

impl FeedSubscription {
    /// A registration that runs `end` when dropped (a [`ChangeBus`] removes its listener
    /// there).
    pub fn new(end: impl FnOnce() + Send + Sync + 'static) -> Self {
        Self {
            end: Some(Box::new(end)),
        }
    }
}

impl fmt::Debug for FeedSubscription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FeedSubscription").finish_non_exhaustive()
    }
}

impl Drop for FeedSubscription {
    fn drop(&mut self) {
        if let Some(end) = self.end.take() {
            end();
        }
    }
}

impl ChangeFeed {
    /// Calls `listener` for every change until the returned subscription is dropped.
    pub fn subscribe(
        &self,
        listener: impl Fn(&Change) + Send + Sync + 'static,
    ) -> FeedSubscription {
        let mut state = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        state.next_id += 1;
        let id = state.next_id;
        state.listeners.push((id, Arc::new(listener)));
        let feed = self.clone();
        FeedSubscription::new(move || {
            let mut state = feed.inner.lock().unwrap_or_else(PoisonError::into_inner);
            state.listeners.retain(|(listener, _)| *listener != id);
        })
    }

    /// Tells every listener about `change`.
    pub fn publish(&self, change: &Change) {
        // Listeners are called outside the lock, so one may subscribe or drop others.
        let listeners: Vec<Listener> = {
            let state = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            state.listeners.iter().map(|(_, l)| Arc::clone(l)).collect()
        };
        for listener in listeners {
            listener(change);
        }
    }

    /// How many listeners are registered.
    pub fn listeners(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .listeners
            .len()
    }
}

// Never fails, never waits: the listeners are called before the future is returned.
impl ChangeBus for ChangeFeed {
    fn publish(&self, change: Change) -> StoreFuture<'_, ()> {
        ChangeFeed::publish(self, &change);
        Box::pin(std::future::ready(Ok(())))
    }

    fn subscribe(&self, listener: ChangeListener) -> FeedSubscription {
        ChangeFeed::subscribe(self, listener)
    }

    fn listeners(&self) -> usize {
        ChangeFeed::listeners(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn listeners_hear_changes_until_dropped() {
        let feed = ChangeFeed::default();
        let heard = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&heard);
        let subscription = feed.subscribe(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        feed.publish(&Change::ResourceUpdated("a://b".into()));
        drop(subscription);
        feed.publish(&Change::ResourceUpdated("a://b".into()));
        assert_eq!(heard.load(Ordering::SeqCst), 1);
        assert_eq!(feed.listeners(), 0);
    }

    #[test]
    fn the_feed_as_a_bus_calls_its_listeners_before_publish_resolves() {
        let bus: Arc<dyn ChangeBus> = Arc::new(ChangeFeed::default());
        let heard = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&heard);
        let subscription = bus.subscribe(Box::new(move |change| {
            assert_eq!(change, &Change::ListChanged(ListKind::Prompts));
            counter.fetch_add(1, Ordering::SeqCst);
        }));
        assert_eq!(bus.listeners(), 1);
        let mut publish = bus.publish(Change::ListChanged(ListKind::Prompts));
        assert_eq!(heard.load(Ordering::SeqCst), 1);
        let waker = std::task::Waker::noop();
        let polled = publish
            .as_mut()
            .poll(&mut std::task::Context::from_waker(waker));
        assert_eq!(polled, std::task::Poll::Ready(Ok(())));
        drop(subscription);
        assert_eq!(bus.listeners(), 0);
    }
}
