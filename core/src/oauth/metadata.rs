//! RFC 9728 protected-resource metadata served: [`MetadataService`], the tower service that
//! answers at [`ResourceServer::metadata_path`], and the own endpoint's answer there.

use std::convert::Infallible;
use std::future::{Ready, ready};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::Full;

use super::resource::ResourceServer;

/// The answer to a request for the metadata: `GET` / `HEAD` get the document (`200`,
/// `application/json`), `OPTIONS` (a browser's preflight) gets 204, anything else 405.
/// Every answer is readable from any origin (`Access-Control-Allow-Origin: *`): the
/// document is public, and browser-based clients discover the authorization server
/// through it.
pub(crate) fn answer(server: &ResourceServer, method: &Method) -> Response<Bytes> {
    let mut response = match *method {
        Method::GET => json(server.metadata()),
        Method::HEAD => {
            let mut response = json(Bytes::new());
            response.headers_mut().insert(
                header::CONTENT_LENGTH,
                HeaderValue::from(server.metadata().len()),
            );
            response
        }
        Method::OPTIONS => {
            let mut response = Response::new(Bytes::new());
            *response.status_mut() = StatusCode::NO_CONTENT;
            let headers = response.headers_mut();
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("GET, HEAD, OPTIONS"),
            );
            // Some clients send their protocol version on discovery requests too.
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static("mcp-protocol-version"),
            );
            headers.insert(
                header::ACCESS_CONTROL_MAX_AGE,
                HeaderValue::from_static("600"),
            );
            response
        }
        _ => {
            let mut response = Response::new(Bytes::new());
            *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
            response.headers_mut().insert(
                header::ALLOW,
                HeaderValue::from_static("GET, HEAD, OPTIONS"),
            );
            response
        }
    };
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

fn json(body: Bytes) -> Response<Bytes> {
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    // Changes only with the server's configuration.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

/// The RFC 9728 metadata as a tower service, for a server whose MCP endpoint is mounted in
/// another framework ([`ResourceServer::metadata_service`]): it answers every request it
/// is given (the framework routes [`ResourceServer::metadata_path`] to it) as the own
/// endpoint answers that path: `GET` / `HEAD` the JSON document, `OPTIONS` 204, other
/// methods 405, each with `Access-Control-Allow-Origin: *`.
#[derive(Debug, Clone)]
pub struct MetadataService {
    server: ResourceServer,
}

impl ResourceServer {
    /// The metadata as a tower service, for `axum::Router::route_service` at
    /// [`metadata_path`](Self::metadata_path) (at the root of the host, beside an
    /// endpoint nested under a path):
    ///
    /// ```
    /// # use mcp_content::auth::{AuthError, Principal, ResourceServer, TokenVerifier};
    /// # use mcp_content::handler::BoxFuture;
    /// # struct Refuse;
    /// # impl TokenVerifier for Refuse {
    /// #     fn verify<'a>(&'a self, _: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
    /// #         Box::pin(async { Err(AuthError::invalid("no")) })
    /// #     }
    /// # }
    /// # #[cfg(feature = "http")]
    /// # fn app(router: mcp_content::Router) -> Result<axum::Router, mcp_content::auth::UriError> {
    /// use mcp_content::http::HttpServer;
    ///
    /// let resource = ResourceServer::new("https://mcp.example.com/mcp", Refuse)?
    ///     .authorization_server("https://auth.example.com")?;
    /// let server = HttpServer::new(router).authorization(resource.clone());
    /// Ok(axum::Router::new()
    ///     .nest_service("/mcp", server)
    ///     // /.well-known/oauth-protected-resource/mcp
    ///     .route_service(resource.metadata_path(), resource.metadata_service()))
    /// # }
    /// ```
    pub fn metadata_service(&self) -> MetadataService {
        MetadataService {
            server: self.clone(),
        }
    }
}

impl<B> tower_service::Service<Request<B>> for MetadataService {
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = Ready<Result<Self::Response, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        ready(Ok(answer(&self.server, request.method()).map(Full::new)))
    }
}
