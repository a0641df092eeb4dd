//! The `rmcp` request a handler's `Context` keeps (its `ClientPeer` impl is in `client.rs`):
//! here on its own, so `server::handler` can hold it without importing the bridge.

use ::rmcp::RoleServer;
use ::rmcp::service::RequestContext;

use crate::model::meta::Meta;

/// The `rmcp` request as a [`ClientPeer`]: kept whole (moved, not copied), so its `_meta` and
/// the client's capabilities are converted only when a handler asks for them.
#[derive(Clone)]
pub(crate) struct RmcpPeer {
    pub(super) context: RequestContext<RoleServer>,
}

impl RmcpPeer {
    /// The request's `_meta`. A key that breaks the grammar is dropped, not the whole
    /// `_meta`: the progress token must survive a peer's one odd key.
    pub(crate) fn request_meta(&self) -> Meta {
        let mut meta = Meta::new();
        for (key, value) in &self.context.meta.0.0 {
            if let Ok(key) = crate::model::validated::MetaKey::new(key.as_str()) {
                meta.insert_key(key, value.clone());
            }
        }
        meta
    }
}
