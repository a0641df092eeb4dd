//! The [`Context`]'s cancellation: what a handler (or work it spawned) checks or awaits to
//! stop when its request is cancelled, and how transports give it one.

use super::Context;
use crate::server::handler::cancel::Cancellation;

impl Context {
    /// This context cancelled with `cancellation` (its transport's, or a task's own).
    #[must_use]
    #[allow(
        dead_code,
        reason = "the transports (`crate::http`, `crate::transport::tasks`) use it"
    )]
    pub(crate) fn with_cancellation(mut self, cancellation: Cancellation) -> Self {
        self.cancellation = Some(cancellation);
        self
    }

    /// The request's cancellation, made on first use (a context built by hand gets one
    /// here, which only the router's guards set).
    pub(crate) fn cancellation(&mut self) -> Cancellation {
        self.cancellation
            .get_or_insert_with(Cancellation::new)
            .clone()
    }

    /// Whether the request was cancelled: the client sent `notifications/cancelled` for it,
    /// went away while it ran (see the transports' module docs for when that counts), or
    /// `tasks/cancel` stopped the task it runs in.
    ///
    /// The router drops a cancelled handler's future at its next `.await`, so a handler
    /// that only awaits needs nothing; one that computes for long between awaits, or work
    /// it spawned with a clone of this context, checks this (or awaits
    /// [`cancelled`](Self::cancelled)) and stops.
    pub fn is_cancelled(&self) -> bool {
        self.cancellation
            .as_ref()
            .is_some_and(Cancellation::is_cancelled)
    }

    /// Resolves once the request is cancelled (see [`is_cancelled`](Self::is_cancelled));
    /// never, for a context no transport can cancel (one made with [`Context::new`] and
    /// run by hand).
    ///
    /// Work spawned apart from the handler (which the router cannot drop) races its job
    /// against it:
    ///
    /// ```
    /// use mcp_content::Context;
    ///
    /// #[mcp_content::tool]
    /// /// Starts a slow export; it stops when the request is cancelled.
    /// async fn export(context: Context) -> String {
    ///     let worker = context.clone();
    ///     let job = tokio::spawn(async move {
    ///         tokio::select! {
    ///             () = worker.cancelled() => "cancelled",
    ///             () = tokio::time::sleep(std::time::Duration::from_secs(60)) => "exported",
    ///         }
    ///     });
    ///     job.await.unwrap_or("failed").to_owned()
    /// }
    /// ```
    pub async fn cancelled(&self) {
        match &self.cancellation {
            Some(cancellation) => cancellation.cancelled().await,
            None => std::future::pending().await,
        }
    }
}
