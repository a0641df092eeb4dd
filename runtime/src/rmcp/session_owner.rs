//! Who opened each session of rmcp's Streamable HTTP service (2025-era): the owner key of
//! the principal an authorization layer put in the `initialize` request's extensions (see
//! [`Principal`]), or none. rmcp knows its sessions by id only, so the front keeps this
//! beside them, in this process as rmcp keeps the sessions themselves, and a request naming
//! a session that is not its principal's reaches rmcp under an id rmcp never issued: rmcp
//! answers it exactly as it answers an unknown session (404), and the session (its
//! subscriptions, its `GET` stream, its requests) is out of reach.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use http::{HeaderValue, StatusCode};

use crate::server::auth::Principal;

/// The header that names a 2025 session.
pub(super) const SESSION_HEADER: &str = "mcp-session-id";

/// How many sessions the front remembers. rmcp ends idle sessions without telling the
/// front, so the entries of sessions nobody names again are dropped oldest first past this;
/// a live session dropped so is answered 404 from then on (its client initializes again,
/// as the spec has it), never opened to another principal.
pub(super) const MAX_SESSIONS: usize = 65_536;

/// A request checked by [`SessionOwners::admit`]: its caller, the session it named, and
/// whether that session is the caller's.
pub(super) struct Admission {
    caller: Option<Arc<Principal>>,
    named: Option<String>,
    theirs: bool,
}

/// The owner of each session the front saw opened.
#[derive(Debug, Default)]
pub(super) struct SessionOwners {
    inner: Mutex<Owners>,
}

#[derive(Debug, Default)]
struct Owners {
    by_id: HashMap<String, Option<String>>,
    /// Ids in the order they were opened (ended ones are skipped when met).
    order: VecDeque<String>,
}

impl SessionOwners {
    fn owners(&self) -> std::sync::MutexGuard<'_, Owners> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The session `id` was opened by `caller`.
    pub(super) fn opened(&self, id: &str, caller: Option<&Principal>, max: usize) {
        let mut owners = self.owners();
        while owners.by_id.len() >= max.max(1) {
            let Some(oldest) = owners.order.pop_front() else {
                break;
            };
            owners.by_id.remove(&oldest);
        }
        owners
            .by_id
            .insert(id.to_owned(), caller.map(Principal::owner));
        owners.order.push_back(id.to_owned());
        if owners.order.len() > 2 * max.max(1) {
            let Owners { by_id, order } = &mut *owners;
            order.retain(|id| by_id.contains_key(id));
        }
    }

    /// Whether a request of `caller` may use the session `id`: one the front saw opened,
    /// by the same principal (by owner key), or without one for a request without one.
    pub(super) fn belongs(&self, id: &str, caller: Option<&Principal>) -> bool {
        match (self.owners().by_id.get(id), caller) {
            (Some(None), None) => true,
            (Some(Some(owner)), Some(caller)) => *owner == caller.owner(),
            _ => false,
        }
    }

    /// The session `id` ended (or rmcp no longer knows it).
    pub(super) fn ended(&self, id: &str) {
        self.owners().by_id.remove(id);
    }

    /// Checks the session a request names against its caller (the principal in `parts`'
    /// extensions): a session that is not the caller's is renamed to an id rmcp never issued,
    /// so rmcp answers it as the unknown session it is to them.
    pub(super) fn admit(&self, parts: &mut http::request::Parts) -> Admission {
        let caller = parts.extensions.get::<Arc<Principal>>().cloned();
        let named = parts
            .headers
            .get(SESSION_HEADER)
            .and_then(|id| id.to_str().ok())
            .map(str::to_owned);
        let theirs = named
            .as_deref()
            .is_some_and(|id| self.belongs(id, caller.as_deref()));
        if named.is_some() && !theirs {
            let never = crate::server::random_id::random_id();
            let never = HeaderValue::from_str(&never).expect("ids are hex");
            parts.headers.insert(SESSION_HEADER, never);
        }
        Admission {
            caller,
            named,
            theirs,
        }
    }

    /// Records what rmcp's answer to an admitted request (its status, the session id it
    /// `opened`) did to its session: opened one (the caller's), ended it (a `DELETE`), or no
    /// longer knows it (404).
    pub(super) fn answered(
        &self,
        admission: &Admission,
        is_delete: bool,
        status: StatusCode,
        opened: Option<&HeaderValue>,
    ) {
        match admission.named.as_deref().filter(|_| admission.theirs) {
            Some(id) if is_delete && status.is_success() => self.ended(id),
            Some(id) if status == StatusCode::NOT_FOUND => self.ended(id),
            Some(_) => {}
            None => {
                if admission.named.is_none()
                    && let Some(id) = opened.and_then(|id| id.to_str().ok())
                {
                    self.opened(id, admission.caller.as_deref(), MAX_SESSIONS);
                }
            }
        }
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.owners().by_id.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_its_openers_and_unknown_ones_belong_to_nobody() {
        let owners = SessionOwners::default();
        let alice = Principal::new("alice").with_issuer("i");
        let bob = Principal::new("bob").with_issuer("i");
        owners.opened("a", Some(&alice), 10);
        owners.opened("n", None, 10);
        assert!(owners.belongs("a", Some(&alice)));
        assert!(!owners.belongs("a", Some(&bob)));
        assert!(!owners.belongs("a", None));
        assert!(owners.belongs("n", None));
        assert!(!owners.belongs("n", Some(&alice)));
        assert!(!owners.belongs("never", None));
        owners.ended("a");
        assert!(!owners.belongs("a", Some(&alice)));
    }

    #[test]
    fn past_the_bound_the_oldest_is_forgotten_and_refused() {
        let owners = SessionOwners::default();
        for i in 0..5 {
            owners.opened(&i.to_string(), None, 3);
        }
        assert_eq!(owners.len(), 3);
        assert!(!owners.belongs("0", None));
        assert!(owners.belongs("4", None));
        // Ended sessions do not hold places in the order for long.
        for i in 5..100 {
            owners.opened(&i.to_string(), None, 3);
            owners.ended(&i.to_string());
        }
        assert!(owners.inner.lock().unwrap().order.len() <= 6);
    }
}
