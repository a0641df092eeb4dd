//! The fixture that announces a resource change, and the router it announces it on.

use std::sync::{Arc, OnceLock};

use mcp_content::handler::ProtocolError;
use mcp_content::{Router, tool};

/// The router serving this process, for the fixture that announces a change.
pub(crate) static ROUTER: OnceLock<Arc<Router>> = OnceLock::new();

/// Announces that a resource changed: `notifications/resources/updated` to its subscribers
/// (`subscriptions/listen`, `resources/subscribe`), on every replica sharing the change bus.
///
/// # Arguments
/// * `uri` - The resource that changed (`test://static-text` when absent)
#[tool]
pub(crate) async fn test_resource_changed(uri: Option<String>) -> Result<String, ProtocolError> {
    let uri = uri.unwrap_or_else(|| "test://static-text".into());
    let router = ROUTER
        .get()
        .ok_or_else(|| ProtocolError::internal("the router is not built yet"))?;
    router
        .notify_resource_updated(&uri)
        .await
        .map_err(|e| ProtocolError::internal(format!("{uri} changed, but not announced: {e}")))?;
    Ok(format!("announced {uri}"))
}
