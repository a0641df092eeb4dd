//! `Router::handle` of a request built as JSON, run to its end: what `security/deep_requests.rs`
//! and `security/peer_quotes_and_shared_rules.rs` share (included with `#[path]`).

use mcp_content::handler::ProtocolError;
use mcp_content::model::Meta;
use mcp_content::{Context, ProtocolVersion, Router};
use serde_json::Value;

/// Runs `future` on a current-thread runtime.
pub(crate) fn block_on<T>(future: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

/// `method` with `params` (an object) through `router.handle`, for a peer on `version`.
pub(crate) fn handle(
    router: &Router,
    version: ProtocolVersion,
    method: &str,
    params: Value,
) -> Result<Value, ProtocolError> {
    let Value::Object(params) = params else {
        panic!("params are an object")
    };
    block_on(router.handle(method, Some(params), Context::new(Meta::new(), version)))
}
