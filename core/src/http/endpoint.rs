//! The endpoint's front ([`HttpServer::handle`]: its span, `Host`, CORS), as a tower
//! service, and on the accept loop: [`HttpServer::serve`],
//! [`HttpServer::serve_with_shutdown`] and [`HttpServer::serve_with`].

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{Request, Response, StatusCode};

use crate::server::handler::ProtocolError;
use crate::transport::id::RequestId;
use crate::transport::{mcp_span, trace};
use tokio::net::TcpListener;

use super::HttpServer;
use super::body::ResponseBody;
use super::cors;
use super::response::{INVALID_REQUEST, error_response, plain};
use super::serve::Serve;
use super::timed_body::RequestBody;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl HttpServer {
    /// Serves on `listener` with [`Serve`]'s defaults (timeouts, a connection limit, a
    /// backoff when out of descriptors) until an accept fails for good. Requests to another
    /// path than [`path`](Self::path) get 404.
    pub async fn serve(self, listener: TcpListener) -> io::Result<()> {
        self.serve_with(listener, Serve::new(), std::future::pending())
            .await
    }

    /// [`serve`](Self::serve) until `signal` completes, then shuts down gracefully: stops
    /// accepting (new connections are refused), ends the open event streams that have no
    /// end of their own (2025-era `GET` streams, 2026-07-28 `subscriptions/listen`
    /// streams; see [`close_streams`](Self::close_streams)), lets the requests in flight
    /// finish and get their answers, and returns once every connection has closed, or when
    /// [`Serve::shutdown_grace`] (30 s) has passed: then the connections still open are
    /// dropped.
    ///
    /// ```no_run
    /// # async fn run(router: mcp_content::Router) -> std::io::Result<()> {
    /// // The sender goes to whatever decides to stop (`tokio::signal::ctrl_c`, an admin call).
    /// let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
    /// let serving = tokio::spawn(mcp_content::http::HttpServer::new(router).serve_with_shutdown(
    ///     listener,
    ///     async {
    ///         let _ = stopped.await;
    ///     },
    /// ));
    /// // Later:
    /// let _ = stop.send(());
    /// // Within the grace period: requests in flight answered, streams ended, all closed.
    /// serving.await.map_err(std::io::Error::other)?
    /// # }
    /// ```
    pub async fn serve_with_shutdown(
        self,
        listener: TcpListener,
        signal: impl Future<Output = ()> + Send,
    ) -> io::Result<()> {
        self.serve_with(listener, Serve::new(), signal).await
    }

    /// Serves on `listener` with the accept loop `serve` configures, until `shutdown`
    /// completes (then as [`serve_with_shutdown`](Self::serve_with_shutdown), within
    /// `serve`'s [`shutdown_grace`](Serve::shutdown_grace)) or an accept fails for good.
    pub async fn serve_with(
        self,
        listener: TcpListener,
        serve: Serve,
        shutdown: impl Future<Output = ()> + Send,
    ) -> io::Result<()> {
        let server = self.clone();
        let shutdown = async move {
            shutdown.await;
            server.close_streams();
        };
        serve.run_until(listener, Endpoint(self), shutdown).await
    }

    /// Ends every open event stream that has no end of their own, now and from now on:
    /// 2025-era `GET` streams and 2026-07-28 `subscriptions/listen` streams (a stream
    /// opened later ends at once). Streams answering a request are left to end with their
    /// response. [`serve_with_shutdown`](Self::serve_with_shutdown) calls it at its signal;
    /// call it at yours when the server is mounted elsewhere (an axum app shutting down
    /// gracefully waits for every open response to end).
    pub fn close_streams(&self) {
        self.closing.send_replace(true);
    }
}

impl HttpServer {
    /// Answers one HTTP request to the endpoint, whatever its path (see
    /// [`path`](Self::path)). The server is also a tower service doing this (see
    /// [`Service`](#impl-Service%3CRequest%3CB%3E%3E-for-HttpServer)).
    pub async fn handle<B>(&self, request: Request<B>) -> Response<ResponseBody>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        use tracing::Instrument as _;
        let span = trace::request_span(request.method(), request.headers());
        let subject = trace::subject(request.extensions());
        trace::record_subject(&span, subject.as_deref());
        let in_flight = mcp_span::InFlight {
            subject,
            ..Default::default()
        };
        let started = std::time::Instant::now();
        let checked = self.checked(request, &span).instrument(span.clone());
        let response = mcp_span::IN_FLIGHT.scope(in_flight, checked).await;
        trace::finish(&span, response.status(), started);
        response
    }

    /// [`handle`](Self::handle) in its span: `Host` and `Origin` checked, CORS answered.
    async fn checked<B>(&self, request: Request<B>, span: &tracing::Span) -> Response<ResponseBody>
    where
        B: hyper::body::Body<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        if let Some(refused) = self.refuse(request.headers()) {
            return refused;
        }
        let origin = match self.config.cors.decide(request.method(), request.headers()) {
            cors::Decision::Pass(origin) => origin,
            cors::Decision::Preflight(headers) => {
                let mut response = plain(StatusCode::NO_CONTENT);
                *response.headers_mut() = headers;
                return response;
            }
            cors::Decision::Refuse(why) => {
                trace::refused(&why);
                return error_response(
                    StatusCode::FORBIDDEN,
                    &RequestId::null(),
                    &ProtocolError::new(INVALID_REQUEST, why),
                );
            }
        };
        #[cfg(feature = "auth")]
        let mut request = request;
        #[cfg(feature = "auth")]
        if let Err(mut refused) = self.authorize(&mut request).await {
            cors::expose(origin, refused.headers_mut());
            return refused;
        }
        let mut response = self.respond(request, span).await;
        cors::expose(origin, response.headers_mut());
        response
    }
}

/// The endpoint as a tower service: every request answered as [`handle`](HttpServer::handle)
/// does, whatever its path (the service it is mounted in routes to it; axum's
/// `nest_service` strips the prefix, so the configured [`path`](HttpServer::path) is not
/// checked here, only by [`serve`](HttpServer::serve)). Never fails; the body may be any
/// [`http_body::Body`](hyper::body::Body) of [`Bytes`] (axum's, hyper's, [`RequestBody`]).
///
/// ```
/// # fn app(router: mcp_content::Router) -> axum::Router {
/// use mcp_content::http::HttpServer;
///
/// let server = HttpServer::new(router);
/// // Served at `/mcp` (also `/mcp/`); axum answers the other paths.
/// axum::Router::new().nest_service("/mcp", server)
/// # }
/// ```
///
/// Mounted this way, connections are the framework's: serve the app with [`Serve`]
/// (`Serve::new().run_until(listener, app, signal)`) to keep its bounds, and call
/// [`close_streams`](HttpServer::close_streams) at the signal.
impl<B> tower_service::Service<Request<B>> for HttpServer
where
    B: hyper::body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response<ResponseBody>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let server = self.clone();
        Box::pin(async move { Ok(server.handle(request).await) })
    }
}

/// The server at its path: requests to it handled, others 404.
#[derive(Clone)]
struct Endpoint(HttpServer);

impl tower_service::Service<Request<RequestBody>> for Endpoint {
    type Response = Response<ResponseBody>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<RequestBody>) -> Self::Future {
        let server = self.0.clone();
        Box::pin(async move {
            #[cfg(feature = "auth")]
            if let Some(metadata) = server.metadata_route(&request) {
                return Ok(metadata);
            }
            Ok(if request.uri().path() == server.config.path {
                server.handle(request).await
            } else {
                plain(StatusCode::NOT_FOUND)
            })
        })
    }
}
