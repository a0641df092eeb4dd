//! The router's change feed: a handler (or anything holding the router) announces that a
//! resource or a list changed, and every open subscription that asked for it is told — a
//! 2026-07-28 `subscriptions/listen` stream or a 2025-era session's `resources/subscribe`
//! (list changes reach the 2025-era sessions of `http::HttpServer` on their `GET`
//! stream).

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

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

type Listener = Arc<dyn Fn(&Change) + Send + Sync>;

/// Who is listening for changes. Cheap to clone; clones share the listeners.
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
    feed: ChangeFeed,
    id: u64,
}

impl fmt::Debug for FeedSubscription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FeedSubscription")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Drop for FeedSubscription {
    fn drop(&mut self) {
        let mut state = self
            .feed
            .inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        state.listeners.retain(|(id, _)| *id != self.id);
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
        FeedSubscription {
            feed: self.clone(),
            id,
        }
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
}
