//! The lease on a running task (see [`TaskStore`], "The lease"): the process running a
//! task owns it and renews its lease while the handler runs; a reader ends a `working` task
//! whose lease lapsed. Every write is an `update` over the version read, so a renewal and a
//! lapse never both apply.

use std::sync::LazyLock;
use std::time::Duration;

use serde_json::json;

use crate::server::handler::ProtocolError;
use crate::server::tasks::{LEASE_LAPSED, TaskRecord, TaskStore};

/// This process as the [`owner`](TaskRecord::owner) of the tasks it runs: random, so two
/// processes (or a restarted one) never take each other's tasks for their own.
fn runner() -> &'static str {
    static RUNNER: LazyLock<String> = LazyLock::new(crate::server::random_id::random_id);
    &RUNNER
}

/// Wall-clock milliseconds since the Unix epoch (leases are compared across processes).
pub(super) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Makes this process the `working` task's owner, with a lease of `lease` from now.
pub(super) fn claim(record: &mut TaskRecord, lease: Duration) {
    record.owner = Some(runner().to_owned());
    let lease_ms = u64::try_from(lease.as_millis()).unwrap_or(u64::MAX);
    record.lease_until_ms = Some(now_ms().saturating_add(lease_ms));
}

/// Awaits the task's handler while renewing this process's lease on the task every third
/// of `lease`. Renewing stops early once the task is no longer `working` under this
/// process's lease (ended by a reader that found the lease lapsed); the handler is still
/// awaited. A task found `cancelled` at a renewal has its handler stopped here: that is how
/// a `tasks/cancel` served by another process sharing the store reaches the one running the
/// task, within a third of the lease.
pub(super) async fn renewing<T>(
    store: &dyn TaskStore,
    id: &str,
    lease: Duration,
    mut handle: tokio::task::JoinHandle<T>,
) -> Result<T, tokio::task::JoinError> {
    let renew_all = async {
        let mut tick = tokio::time::interval((lease / 3).max(Duration::from_millis(1)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await; // the first tick is now: the lease was just taken
        loop {
            tick.tick().await;
            match renew(store, id, lease).await {
                Renewal::Held => {}
                Renewal::Cancelled => return true,
                Renewal::Lost => return false,
            }
        }
    };
    tokio::select! {
        joined = &mut handle => joined,
        cancelled = renew_all => {
            if cancelled {
                handle.abort();
            }
            handle.await
        }
    }
}

/// What a renewal found.
enum Renewal {
    /// The lease is renewed (or the store failed this once: the next tick tries again,
    /// while the lease holds).
    Held,
    /// The task was cancelled (by any process sharing the store).
    Cancelled,
    /// The task is gone, ended or not this process's any more.
    Lost,
}

/// Renews this process's lease on the task once.
async fn renew(store: &dyn TaskStore, id: &str, lease: Duration) -> Renewal {
    loop {
        let mut record = match store.get(id).await {
            Ok(Some(record)) => record,
            Ok(None) => return Renewal::Lost,
            Err(_) => return Renewal::Held,
        };
        if record.status == "cancelled" {
            return Renewal::Cancelled;
        }
        if record.status != "working" || record.owner.as_deref() != Some(runner()) {
            return Renewal::Lost;
        }
        let expected = record.version;
        claim(&mut record, lease);
        match store.update(expected, record).await {
            Ok(true) | Err(_) => return Renewal::Held,
            // Changed meanwhile (cancelled, ended as lapsed): read it again and decide again.
            Ok(false) => {}
        }
    }
}

/// Ends a `working` task whose lease lapsed: `failed`, with [`LEASE_LAPSED`] as its error.
pub(super) fn end_lapsed(record: &mut TaskRecord) {
    record.status = "failed".into();
    record.error = Some(json!({
        "code": ProtocolError::INTERNAL_ERROR,
        "message": LEASE_LAPSED,
    }));
}
