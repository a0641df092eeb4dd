//! [`Traced`]: [`McpServer`] with the `mcp.request` span around each request `rmcp` hands
//! it, the fields and the SEP-414 remote parent as on the own endpoint. What
//! [`serve_stdio`](super::serve_stdio) serves. (rmcp's Streamable HTTP service takes a
//! `ServerHandler`, not any `Service`: its front opens the span, see `http.rs`.)

use std::borrow::Cow;
use std::time::Instant;

use ::rmcp::model as rm;
use ::rmcp::service::{NotificationContext, RequestContext, Service};
use ::rmcp::{ErrorData, RoleServer};
use tracing::Instrument as _;

use super::McpServer;
use super::crossing::version_of;
use crate::transport::mcp_span::{self, Names, Outcome, Transport};

/// An [`McpServer`] that opens a `tracing` span `mcp.request` for each request (the fields
/// of the own endpoint's, listed in [`http`](crate::http)'s docs, with
/// `network.transport = "pipe"`; with the feature `otel`, the request's
/// `_meta.traceparent` as its remote parent): what [`serve_stdio`](super::serve_stdio)
/// serves. It is an `rmcp` [`Service`] like the server it wraps: serve it on another
/// `rmcp` transport the same way (`Traced::new(server).serve(transport)`).
#[derive(Clone, Debug)]
pub struct Traced {
    server: McpServer,
    transport: Transport,
}

impl Traced {
    /// `server`, traced as a server on a pipe (stdio).
    pub fn new(server: McpServer) -> Self {
        Self {
            server,
            transport: Transport::Pipe,
        }
    }

    /// The server traced.
    pub fn server(&self) -> &McpServer {
        &self.server
    }
}

/// The span of `request`, not entered yet.
fn span_of(
    request: &rm::ClientRequest,
    context: &RequestContext<RoleServer>,
    transport: Transport,
) -> tracing::Span {
    let (name, uri) = match request {
        rm::ClientRequest::CallToolRequest(r) => (Some(r.params.name.as_ref()), None),
        rm::ClientRequest::GetPromptRequest(r) => (Some(r.params.name.as_str()), None),
        rm::ClientRequest::ReadResourceRequest(r) => (None, Some(r.params.uri.as_str())),
        rm::ClientRequest::SubscribeRequest(r) => (None, Some(r.params.uri.as_str())),
        rm::ClientRequest::UnsubscribeRequest(r) => (None, Some(r.params.uri.as_str())),
        _ => (None, None),
    };
    let version = match request {
        rm::ClientRequest::InitializeRequest(r) => r.params.protocol_version.as_str(),
        _ => version_of(context).as_str(),
    };
    let names = Names {
        method: request.method(),
        name,
        uri,
        version: Some(version),
        // No session id and no principal on a pipe.
        session: None,
        subject: None,
    };
    let span = mcp_span::request_span(&names, transport);
    mcp_span::set_remote_parent(&span, Some(&context.meta.0.0));
    span
}

impl Service<RoleServer> for Traced {
    async fn handle_request(
        &self,
        request: rm::ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<rm::ServerResult, ErrorData> {
        let span = span_of(&request, &context, self.transport);
        let started = Instant::now();
        let result = Service::handle_request(&self.server, request, context)
            .instrument(span.clone())
            .await;
        let (outcome, code) = match &result {
            Err(error) => (Outcome::Error, Some(error.code.0)),
            Ok(rm::ServerResult::CallToolResult(result)) if result.is_error == Some(true) => {
                (Outcome::ToolError, None)
            }
            Ok(rm::ServerResult::InputRequiredResult(_)) => (Outcome::InputRequired, None),
            Ok(_) => (Outcome::Ok, None),
        };
        mcp_span::finish(&span, outcome, code, started);
        result
    }

    async fn handle_notification(
        &self,
        notification: rm::ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Service::handle_notification(&self.server, notification, context).await
    }

    fn get_info(&self) -> rm::ServerConfig {
        Service::get_info(&self.server)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [rm::ProtocolVersion]> {
        Service::supported_protocol_versions(&self.server)
    }
}
