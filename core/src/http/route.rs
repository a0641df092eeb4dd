//! The router's part of both flows: a request read for the router, served by it, and
//! whether its handler may talk back to the client.

use serde_json::{Map, Value};

use super::body::Reply;
use super::response::{outcome_reply, value_reply};
use crate::server::handler::{Context, ProtocolError};
use crate::server::request as mcp;
use crate::server::router::Router;
use crate::server::router::dispatch::Answer;
use crate::transport::mcp_span;

/// A request the router serves: a handler's result written by its writer (on 2026-07-28
/// a handler that asks for input ends the round with an `InputRequiredResult`), a list or a
/// completion as the router's value.
pub(super) async fn routed(
    router: &Router,
    request: mcp::Request,
    context: Context,
) -> Result<Reply, ProtocolError> {
    let version = context.protocol_version();
    let answer = router.dispatch(request, context).await;
    mcp_span::learn(|learned| learned.outcome(mcp_span::outcome_of(&answer)));
    Ok(match answer? {
        Answer::Tool(outcome) => outcome_reply(outcome, version),
        Answer::Prompt(outcome) => outcome_reply(outcome, version),
        Answer::Resource(outcome) => outcome_reply(outcome, version),
        answer => value_reply(answer.into_value(version)),
    })
}

/// `tools/call`, `prompts/get` or `resources/read`: a request whose handler may talk back
/// to the client (answered as an event stream once it does) and ask it for input.
pub(super) fn may_ask(request: &mcp::Request) -> bool {
    matches!(
        request,
        mcp::Request::CallTool(_) | mcp::Request::GetPrompt(_) | mcp::Request::ReadResource(_)
    )
}

/// Reads a request for the router, as both flows do: `tools/call`, `prompts/get` and
/// `resources/read` as they are (each member checked as it is read), every other method as
/// [`Router::handle`] reads it (params deeper than the parser reads, a `null` member or a
/// malformed cursor refused first, then a method that is not the router's `-32601`).
pub(super) fn read_routed(
    method: &str,
    known: Option<mcp::Method>,
    params: Map<String, Value>,
) -> Result<mcp::Request, ProtocolError> {
    match known {
        Some(
            asks @ (mcp::Method::CallTool | mcp::Method::GetPrompt | mcp::Method::ReadResource),
        ) => mcp::Request::parse(asks, params),
        _ => mcp::Request::read(method, params),
    }
}
