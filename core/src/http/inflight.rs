//! A session's requests in flight, by id, so `notifications/cancelled` stops the one it
//! names (in that session only) and a session that ends stops them all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value;

use crate::server::handler::cancel::Cancellation;
use crate::transport::id::{RequestId, key_of};

/// The cancellations of a session's running requests, by id ([`RequestId::key`]); one id
/// sent twice at once (against JSON-RPC's rule) names both.
#[derive(Default)]
pub(super) struct InFlight {
    by_id: Mutex<HashMap<String, Vec<Cancellation>>>,
}

impl InFlight {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Cancellation>>> {
        self.by_id.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Cancels the requests `notifications/cancelled` names by its `requestId`; `false`
    /// when none runs (it ended already, or the id was never this session's).
    pub(super) fn cancel(&self, request_id: &Value) -> bool {
        let Some(key) = key_of(request_id) else {
            return false;
        };
        let cancelled = self.lock().remove(&key);
        cancelled
            .map(|all| all.iter().for_each(Cancellation::cancel))
            .is_some()
    }

    /// Cancels every request (the session ended).
    pub(super) fn cancel_all(&self) {
        let all = std::mem::take(&mut *self.lock());
        all.values().flatten().for_each(Cancellation::cancel);
    }
}

/// A request of a session in flight: registered until dropped.
pub(super) struct Registered {
    in_flight: Arc<InFlight>,
    key: String,
    pub(super) cancellation: Cancellation,
}

impl Registered {
    /// Registers request `id` of a session (its `in_flight`) with a new cancellation.
    pub(super) fn new(in_flight: &Arc<InFlight>, id: &RequestId) -> Self {
        let cancellation = Cancellation::new();
        let key = id.key();
        in_flight
            .lock()
            .entry(key.clone())
            .or_default()
            .push(cancellation.clone());
        Self {
            in_flight: Arc::clone(in_flight),
            key,
            cancellation,
        }
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut by_id = self.in_flight.lock();
        if let Some(all) = by_id.get_mut(&self.key) {
            all.retain(|c| !c.same(&self.cancellation));
            if all.is_empty() {
                by_id.remove(&self.key);
            }
        }
    }
}
