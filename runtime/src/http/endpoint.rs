//! The endpoint on the accept loop: [`HttpServer::serve`] and
//! [`HttpServer::serve_with`], the server as a tower service at its path.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::{Request, Response, StatusCode};
use tokio::net::TcpListener;

use super::HttpServer;
use super::body::ResponseBody;
use super::response::plain;
use super::serve::Serve;
use super::timed_body::RequestBody;

impl HttpServer {
    /// Serves on `listener` with [`Serve`]'s defaults (timeouts, a connection limit, a
    /// backoff when out of descriptors) until an accept fails for good. Requests to another
    /// path than [`path`](Self::path) get 404.
    pub async fn serve(self, listener: TcpListener) -> io::Result<()> {
        self.serve_with(listener, Serve::new(), std::future::pending())
            .await
    }

    /// Serves on `listener` with the accept loop `serve` configures, until `shutdown`
    /// completes (see [`Serve::run_until`]) or an accept fails for good.
    pub async fn serve_with(
        self,
        listener: TcpListener,
        serve: Serve,
        shutdown: impl Future<Output = ()> + Send,
    ) -> io::Result<()> {
        serve.run_until(listener, Endpoint(self), shutdown).await
    }
}

/// The server as a tower service: requests to its path handled, others 404.
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
            Ok(if request.uri().path() == server.config.path {
                server.handle(request).await
            } else {
                plain(StatusCode::NOT_FOUND)
            })
        })
    }
}
