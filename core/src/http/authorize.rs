//! The endpoint as an OAuth 2.1 resource server (feature `auth`):
//! [`HttpServer::authorization`], the bearer-token check of every request, the 403 of a
//! call whose token lacks its handler's scopes, and the RFC 9728 metadata route.

use std::sync::Arc;

use http::{Request, Response, header};

use super::HttpServer;
use super::body::ResponseBody;
use super::request::{Headers, Message};
use super::response::error_response;
use crate::oauth::{Refusal, ResourceServer, metadata_answer};
use crate::server::auth::Principal;
use crate::server::router::scopes::handler_label;
use crate::transport::id::RequestId;

impl HttpServer {
    /// Makes the endpoint an OAuth 2.1 resource server (MCP authorization) checking bearer
    /// tokens with `resource` (its resource URI, authorization servers and
    /// [`TokenVerifier`](crate::auth::TokenVerifier); its router, unless it has one, is
    /// this server's, for every clone of `resource` too).
    ///
    /// - The RFC 9728 metadata is served at
    ///   [`resource.metadata_path()`](ResourceServer::metadata_path)
    ///   (`/.well-known/oauth-protected-resource/mcp` for `https://host/mcp`) by
    ///   [`serve`](Self::serve), whatever the endpoint's [`path`](Self::path); nested in
    ///   another framework, route [`ResourceServer::metadata_service`] there.
    /// - Every `POST`, `GET` and `DELETE` needs `Authorization: Bearer <token>` that the
    ///   verifier accepts, else 401 with `WWW-Authenticate: Bearer
    ///   resource_metadata="<metadata_url>"` (and `error="invalid_token"`,
    ///   `error_description` for a token presented and refused; `scope` when the request's
    ///   `Mcp-Method` / `Mcp-Name` headers name a handler with scopes) and a JSON-RPC error
    ///   body. A CORS preflight needs none.
    /// - `tools/call`, `prompts/get`, `resources/read` and `resources/subscribe` need the
    ///   handler's scopes ([`ToolHandler::scopes`](crate::handler::ToolHandler::scopes),
    ///   else the router's [`default_scopes`](crate::RouterBuilder::default_scopes)): a
    ///   token without them gets 403 `WWW-Authenticate: Bearer error="insufficient_scope",
    ///   scope="<needed, space-separated>", resource_metadata="…"` (the spec's step-up: the
    ///   client asks for a token with those scopes and sends the request again). Lists are
    ///   not filtered: every caller sees every tool, so it can see what to step up for.
    /// - The verified [`Principal`] is in every handler's [`Context`](crate::Context)
    ///   ([`Context::principal`](crate::Context::principal)), on 2026-07-28 requests and in
    ///   2025 sessions alike.
    ///
    /// The token is never written to a log, a span, an error message or a response.
    ///
    /// ```no_run
    /// # async fn run(
    /// #     router: mcp_content::Router,
    /// #     verifier: impl mcp_content::auth::TokenVerifier,
    /// # ) -> Result<(), Box<dyn std::error::Error>> {
    /// use mcp_content::auth::ResourceServer;
    /// use mcp_content::http::HttpServer;
    ///
    /// // The URL clients use (behind a TLS-terminating proxy), not the bind address.
    /// let resource = ResourceServer::new("https://mcp.example.com/mcp", verifier)?
    ///     .authorization_server("https://auth.example.com")?;
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
    /// HttpServer::new(router)
    ///     .allowed_hosts(["mcp.example.com"])
    ///     .authorization(resource)
    ///     .serve(listener)
    ///     .await?;
    /// # Ok(()) }
    /// ```
    #[must_use]
    pub fn authorization(mut self, resource: ResourceServer) -> Self {
        resource.attach(&self.router);
        self.config_mut().authorization = Some(resource);
        self
    }

    /// The resource server checking this endpoint's tokens, if any.
    pub fn resource_server(&self) -> Option<&ResourceServer> {
        self.config.authorization.as_ref()
    }

    /// The metadata's answer, for a request to its path.
    pub(super) fn metadata_route<B>(&self, request: &Request<B>) -> Option<Response<ResponseBody>> {
        let resource = self.config.authorization.as_ref()?;
        (request.uri().path() == resource.metadata_path())
            .then(|| metadata_answer(resource, request.method()).map(ResponseBody::once))
    }

    /// Checks the request's bearer token and puts the principal in its extensions; the 401
    /// when it has no valid one. Without [`authorization`](Self::authorization), the
    /// request goes on as it is (with the principal a layer outside put there, if any).
    pub(super) async fn authorize<B>(
        &self,
        request: &mut Request<B>,
    ) -> Result<(), Response<ResponseBody>> {
        let Some(resource) = &self.config.authorization else {
            return Ok(());
        };
        if request.method() == http::Method::OPTIONS {
            return Ok(());
        }
        match resource.authenticate(request.headers()).await {
            Ok(principal) => {
                request.extensions_mut().insert::<Arc<Principal>>(principal);
                Ok(())
            }
            Err(refused) => Err(refusal(&refused, &RequestId::null())),
        }
    }

    /// The 403 for a request whose token lacks the scopes of the handler its params name.
    pub(super) fn scope_refusal(
        &self,
        headers: &Headers,
        message: &Message,
        id: &RequestId,
    ) -> Option<Response<ResponseBody>> {
        let resource = self.config.authorization.as_ref()?;
        let principal = headers.principal.as_deref()?;
        let method = message.method.as_deref()?;
        let key = match method {
            "tools/call" | "prompts/get" => "name",
            "resources/read" | "resources/subscribe" => "uri",
            _ => return None,
        };
        let name = message.params.as_ref()?.get(key)?.as_str()?;
        let required = self.router.scopes_for(method, name)?;
        let what = handler_label(method, name);
        let refused = resource.insufficient(principal, &required, &what)?;
        Some(refusal(&refused, id))
    }
}

fn refusal(refused: &Refusal, id: &RequestId) -> Response<ResponseBody> {
    let mut response = error_response(refused.status(), id, refused.error());
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, refused.challenge().clone());
    response
}
