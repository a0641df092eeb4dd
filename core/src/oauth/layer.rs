//! [`BearerLayer`]: the bearer-token check as a tower layer, for `rmcp`'s Streamable HTTP
//! service or any other tower / axum service.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{Method, Request, Response};
use http_body_util::{Either, Full};

use super::resource::ResourceServer;
use crate::server::auth::Principal;

/// The bearer-token check of a [`ResourceServer`] as a tower [`Layer`](tower_layer::Layer)
/// ([`ResourceServer::layer`]), for a service that is not this crate's endpoint: `rmcp`'s
/// `StreamableHttpService` (feature `rmcp-http`), an axum app.
///
/// For every request but a CORS preflight (`OPTIONS`, passed on as it is; put
/// [`Cors`](crate::http::Cors) outside this layer so the preflight and the 401s get their
/// CORS headers):
///
/// - without a usable `Authorization: Bearer <token>` header: 401, `WWW-Authenticate: Bearer
///   resource_metadata="<metadata_url>"`, a JSON-RPC error body; the inner service does not
///   see the request;
/// - with a token the [`TokenVerifier`](crate::auth::TokenVerifier) refuses: 401, `Bearer
///   error="invalid_token", error_description="…", resource_metadata="…"` (the description
///   is the verifier's message, never the token);
/// - a 2026-07-28 request that names its handler in `Mcp-Method` / `Mcp-Name` (a tool, a
///   prompt, a resource of the [`router`](ResourceServer::router) attached to the resource
///   server) whose token lacks that handler's scopes: 403, `Bearer
///   error="insufficient_scope", scope="<needed>", resource_metadata="…"`;
/// - otherwise the request goes on with the verified principal in its extensions
///   (`Arc<`[`Principal`]`>`).
///
/// A layer sees headers, not the JSON-RPC body. What each transport does with the scopes of
/// a handler:
///
/// - **this crate's endpoint** ([`HttpServer::authorization`](crate::http::HttpServer::authorization),
///   no layer needed) reads the body: every `tools/call`, `prompts/get`, `resources/read`
///   and `resources/subscribe` lacking scopes gets the 403 above, in both eras;
/// - **`rmcp`'s service behind this layer**: a request with `Mcp-Method` / `Mcp-Name`
///   headers gets the 403 here; one without them (a 2025-era client) reaches the handler,
///   where the bridge (`mcp_content::rmcp::McpServer`) takes the principal from the
///   request's HTTP parts into [`Context`](crate::Context) and the router refuses the call
///   (a `tools/call`, `prompts/get`, `resources/read` or `resources/subscribe`) with the
///   JSON-RPC error [`INSUFFICIENT_SCOPE`](crate::auth::INSUFFICIENT_SCOPE), naming the scopes (a body whose method disagrees with its headers is refused the
///   same way).
///
/// The metadata is not served by the layer: route [`ResourceServer::metadata_service`] at
/// [`ResourceServer::metadata_path`].
///
/// ```
/// # #[cfg(feature = "__rmcp-http")]
/// # fn app(
/// #     router: std::sync::Arc<mcp_content::Router>,
/// #     verifier: impl mcp_content::auth::TokenVerifier,
/// # ) -> Result<axum::Router, mcp_content::auth::UriError> {
/// use mcp_content::auth::ResourceServer;
/// use tower_layer::Layer as _;
///
/// let resource = ResourceServer::new("https://mcp.example.com/mcp", verifier)?
///     .authorization_server("https://auth.example.com")?
///     .router(router.clone());
/// let service = mcp_content::rmcp::streamable_http_service(router);
/// Ok(axum::Router::new()
///     .nest_service("/mcp", resource.layer().layer(service))
///     .route_service(resource.metadata_path(), resource.metadata_service()))
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct BearerLayer {
    server: ResourceServer,
}

impl ResourceServer {
    /// The bearer-token check as a tower layer (see [`BearerLayer`]).
    pub fn layer(&self) -> BearerLayer {
        BearerLayer {
            server: self.clone(),
        }
    }
}

impl<S> tower_layer::Layer<S> for BearerLayer {
    type Service = BearerService<S>;

    fn layer(&self, inner: S) -> BearerService<S> {
        BearerService {
            inner,
            server: self.server.clone(),
        }
    }
}

/// A service behind [`BearerLayer`]: its responses' body is the inner one, or the layer's
/// own (a 401 or 403 with a JSON-RPC error).
#[derive(Debug, Clone)]
pub struct BearerService<S> {
    inner: S,
    server: ResourceServer,
}

/// What a [`BearerService`]'s future resolves to.
type BearerFuture<B, E> = Pin<Box<dyn Future<Output = Result<Response<B>, E>> + Send>>;

impl<S, B, ResBody> tower_service::Service<Request<B>> for BearerService<S>
where
    S: tower_service::Service<Request<B>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
    ResBody: Send + 'static,
{
    type Response = Response<Either<ResBody, Full<Bytes>>>;
    type Error = S::Error;
    type Future = BearerFuture<Either<ResBody, Full<Bytes>>, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        // The ready clone answers this call; the fresh one waits for the next `poll_ready`.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let server = self.server.clone();
        Box::pin(async move {
            if request.method() != Method::OPTIONS {
                let principal = match server.authenticate(request.headers()).await {
                    Ok(principal) => principal,
                    Err(refused) => {
                        return Ok(refused.response().map(|b| Either::Right(Full::new(b))));
                    }
                };
                if let Some((required, what)) = server.scopes_named(request.headers())
                    && let Some(refused) = server.insufficient(&principal, &required, &what)
                {
                    return Ok(refused.response().map(|b| Either::Right(Full::new(b))));
                }
                request.extensions_mut().insert::<Arc<Principal>>(principal);
            }
            Ok(inner.call(request).await?.map(Either::Left))
        })
    }
}
