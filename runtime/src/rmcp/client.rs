//! What a handler asks of the client on rmcp's transport: [`ClientPeer`] for [`RmcpPeer`]
//! (progress, log messages, sampling, elicitation, roots) through rmcp's `Peer`, and the
//! request's `_meta` and the client's capabilities, read from rmcp's request when asked.

#![allow(deprecated)]

use ::rmcp::model as rm;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use ::rmcp::RoleServer;
use ::rmcp::service::RequestContext;

use crate::model::meta::Meta;
use crate::server::handler::{BoxFuture, ClientPeer, ProtocolError};

/// The `rmcp` request as a [`ClientPeer`]: kept whole (moved, not copied), so its `_meta` and
/// the client's capabilities are converted only when a handler asks for them.
#[derive(Clone)]
pub(super) struct RmcpPeer {
    pub(super) context: RequestContext<RoleServer>,
}

fn service_error(error: &::rmcp::ServiceError) -> ProtocolError {
    match error {
        ::rmcp::ServiceError::McpError(e) => ProtocolError {
            code: e.code.0,
            message: e.message.to_string(),
            data: e.data.clone(),
        },
        other => ProtocolError::internal(other.to_string()),
    }
}

fn params<T: DeserializeOwned>(value: Value) -> Result<T, ProtocolError> {
    serde_json::from_value(value).map_err(|e| ProtocolError::invalid_params(e.to_string()))
}

fn json(value: &impl Serialize) -> Result<Value, ProtocolError> {
    serde_json::to_value(value).map_err(|e| ProtocolError::internal(e.to_string()))
}

impl ClientPeer for RmcpPeer {
    fn notify_progress(&self, value: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async move {
            let param: rm::ProgressNotificationParam = params(value)?;
            self.context
                .peer
                .notify_progress(param)
                .await
                .map_err(|e| service_error(&e))
        })
    }

    fn notify_log(&self, value: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async move {
            let param: rm::LoggingMessageNotificationParam = params(value)?;
            let sent = self.context.peer.notify_logging_message(param).await;
            sent.map_err(|e| service_error(&e))
        })
    }

    fn request(&self, method: &str, value: Value) -> BoxFuture<'_, Result<Value, ProtocolError>> {
        let method = method.to_owned();
        Box::pin(async move {
            match method.as_str() {
                "sampling/createMessage" => {
                    let param: rm::CreateMessageRequestParams = params(value)?;
                    let result = self.context.peer.create_message(param).await;
                    json(&result.map_err(|e| service_error(&e))?)
                }
                "elicitation/create" => {
                    let param: rm::ElicitRequestParams = params(value)?;
                    // `Peer::create_elicitation` needs rmcp's `elicitation` feature (and `url`
                    // with it); the request it sends is this one.
                    let request = rm::ServerRequest::ElicitRequest(rm::ElicitRequest::new(param));
                    match self.context.peer.send_request(request).await {
                        Ok(rm::ClientResult::ElicitResult(result)) => json(&result),
                        Ok(_) => Err(ProtocolError::internal(
                            "unexpected response to elicitation/create",
                        )),
                        Err(e) => Err(service_error(&e)),
                    }
                }
                "roots/list" => {
                    let result = self.context.peer.list_roots().await;
                    json(&result.map_err(|e| service_error(&e))?)
                }
                other => Err(ProtocolError::method_not_found(other)),
            }
        })
    }

    fn client_capabilities(&self) -> Option<Value> {
        // rmcp reads the 2026-07-28 per-request declaration from `_meta` and the 2025-era
        // one from `initialize`.
        self.context
            .client_capabilities()
            .and_then(|c| serde_json::to_value(c).ok())
    }

    fn request_meta(&self) -> Option<Meta> {
        // A key that breaks the grammar is dropped, not the whole `_meta`: the progress
        // token must survive a peer's one odd key.
        let mut meta = Meta::new();
        for (key, value) in &self.context.meta.0.0 {
            if let Ok(key) = crate::model::validated::MetaKey::new(key.as_str()) {
                meta.insert_key(key, value.clone());
            }
        }
        Some(meta)
    }
}
