//! The router's stores: tasks, the change bus, the keys that seal `requestState`.

use std::time::Duration;

use super::Router;
use crate::server::changes::{Change, ChangeBus, ListKind};
use crate::server::input::StateKeys;
use crate::server::store::StoreError;
use crate::server::tasks::TaskStore;

impl Router {
    /// Where tasks are kept.
    pub fn task_store(&self) -> &dyn TaskStore {
        self.task_store.as_ref()
    }

    /// How long the lease on a running task lasts ([`RouterBuilder::task_lease`](super::RouterBuilder::task_lease)).
    pub fn task_lease(&self) -> Duration {
        self.task_lease
    }

    /// The change bus subscriptions listen to.
    pub fn changes(&self) -> &dyn ChangeBus {
        self.changes.as_ref()
    }

    /// Announces that the resource at `uri` changed: every subscription to it is told
    /// (`notifications/resources/updated`). Fails only when the [`ChangeBus`] does (the
    /// default never does).
    pub async fn notify_resource_updated(&self, uri: &str) -> Result<(), StoreError> {
        self.changes
            .publish(Change::ResourceUpdated(uri.to_owned()))
            .await
    }

    /// Announces that a list changed: every 2025-era session of `http::HttpServer` (feature
    /// `http`) that has its `GET` stream open is told (`notifications/tools/list_changed`
    /// and its siblings).
    ///
    /// Fails only when the [`ChangeBus`] does (the default never does).
    ///
    /// ```
    /// # async fn example() -> Result<(), mcp_content::store::StoreError> {
    /// let router = mcp_content::Router::builder().build().unwrap();
    /// // Nobody listens yet: nothing to tell, nothing fails.
    /// router.notify_list_changed(mcp_content::changes::ListKind::Tools).await?;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn notify_list_changed(&self, list: ListKind) -> Result<(), StoreError> {
        self.changes.publish(Change::ListChanged(list)).await
    }

    /// The keys that seal `requestState`.
    pub fn state_keys(&self) -> &StateKeys {
        &self.state_keys
    }
}
