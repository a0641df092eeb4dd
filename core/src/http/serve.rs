//! The hardened accept loop: any tower service over HTTP/1.1 on hyper, with timeouts on
//! everything a client controls, a bound on open connections, and a backoff when the
//! process runs out of descriptors.

use std::error::Error as StdError;
use std::io;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use http::{Request, Response};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use super::timed_body::RequestBody;
use super::timed_io::TimedWrites;

type BoxError = Box<dyn StdError + Send + Sync>;

/// The accept loop [`HttpServer::serve`](super::HttpServer::serve) runs, for any tower
/// service: this crate's endpoint, `rmcp`'s `StreamableHttpService`, an axum `Router`.
///
/// HTTP/1.1 with keep-alive, on hyper, with what a server needs facing clients it does not
/// trust (defaults in parentheses):
///
/// - [`header_read_timeout`](Self::header_read_timeout) (10 s): from the moment a
///   connection waits for a request, after it opened or after its previous response, to
///   the end of that request's headers. A half request line, dribbled headers and an idle
///   keep-alive connection are all closed when it runs out. (hyper bounds the head's size
///   too: about 400 KiB, 100 headers.)
/// - [`body_frame_timeout`](Self::body_frame_timeout) (10 s) and
///   [`body_timeout`](Self::body_timeout) (60 s): the longest wait for the next piece of a
///   request body, and for the whole body (see [`RequestBody`]); a stalled body or a chunked
///   body that never ends fails the read, and the connection closes after the response.
/// - [`write_timeout`](Self::write_timeout) (30 s): the longest a response write may wait
///   on a client that stopped reading; then the connection closes.
/// - [`max_connections`](Self::max_connections) (512): while that many connections are
///   open, the loop stops accepting; new clients wait in the listener's backlog (they are
///   not accepted and dropped) and are served as others close. 512 stays under the usual
///   soft limit of 1,024 descriptors.
/// - Accept errors: out of descriptors or buffers (`EMFILE`, `ENFILE`, `ENOBUFS`,
///   `ENOMEM`), the loop sleeps before the next accept, 5 ms doubling up to 1 s, instead of
///   spinning; an error of one connection (`ECONNABORTED`, `ECONNRESET`, `EINTR`, `EPROTO`,
///   `EPERM` from a firewall) is skipped; any other error ends the loop with it.
/// - Every accepted socket has `TCP_NODELAY` (without it a response written in two segments
///   waits for the client's delayed ACK, about 40 ms).
///
/// [`run_until`](Self::run_until) takes a shutdown signal: it stops accepting (the listener
/// is closed, so new connections are refused), lets each connection finish the request it
/// is serving, and returns once they are closed, or after
/// [`shutdown_grace`](Self::shutdown_grace) (30 s): then the connections still open are
/// dropped. An event stream that never ends keeps its connection until then:
/// [`HttpServer::serve_with`](super::HttpServer::serve_with) ends the endpoint's own at the
/// signal.
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// use std::time::Duration;
/// use mcp_content::http::{HttpServer, Serve};
///
/// let server = HttpServer::new(mcp_content::Router::builder().build().unwrap());
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:3001").await?;
/// let serve = Serve::new()
///     .header_read_timeout(Duration::from_secs(5))
///     .max_connections(256);
/// server
///     .serve_with(listener, serve, async {
///         // e.g. `tokio::signal::ctrl_c()`
///     })
///     .await
/// # }
/// ```
///
/// Any tower service that takes a request with a [`RequestBody`] is served the same way:
/// an axum `Router` as it is (`Serve::new().run(listener, app)`), `rmcp`'s
/// `StreamableHttpService` (nested in a `Router`, or alone).
#[derive(Debug, Clone)]
pub struct Serve {
    header_read_timeout: Duration,
    body_frame_timeout: Duration,
    body_timeout: Duration,
    write_timeout: Duration,
    max_connections: usize,
    shutdown_grace: Duration,
}

impl Default for Serve {
    fn default() -> Self {
        Self::new()
    }
}

impl Serve {
    /// The defaults: see [`Serve`].
    pub fn new() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            body_frame_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(30),
            max_connections: 512,
            shutdown_grace: Duration::from_secs(30),
        }
    }

    /// The longest a connection may wait for a request's headers to be complete, counted
    /// from when it opened or sent its previous response (default 10 s): also the idle
    /// keep-alive timeout.
    #[must_use]
    pub fn header_read_timeout(mut self, timeout: Duration) -> Self {
        self.header_read_timeout = timeout;
        self
    }

    /// The longest wait for the next piece of a request body (default 10 s).
    #[must_use]
    pub fn body_frame_timeout(mut self, timeout: Duration) -> Self {
        self.body_frame_timeout = timeout;
        self
    }

    /// The longest a whole request body may take, from the first read that waits for data (default 60 s).
    #[must_use]
    pub fn body_timeout(mut self, timeout: Duration) -> Self {
        self.body_timeout = timeout;
        self
    }

    /// The longest a response write may wait on a client that reads none of it (default
    /// 30 s); then the connection closes. An event stream with nothing to send is not
    /// waiting: only a client whose window stays shut while the server has bytes for it is.
    #[must_use]
    pub fn write_timeout(mut self, timeout: Duration) -> Self {
        self.write_timeout = timeout;
        self
    }

    /// How many connections may be open at once (default 512, at least 1): at the limit
    /// the loop stops accepting until one closes.
    #[must_use]
    pub fn max_connections(mut self, limit: usize) -> Self {
        // `Semaphore::acquire_many` counts in u32.
        self.max_connections = limit.clamp(1, u32::MAX as usize);
        self
    }

    /// How long [`run_until`](Self::run_until) waits, after its shutdown signal, for the
    /// open connections to finish their requests (default 30 s); then it drops them and
    /// returns.
    #[must_use]
    pub fn shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// Serves `service` on `listener` until an accept fails for good.
    pub async fn run<S, B>(self, listener: TcpListener, service: S) -> io::Result<()>
    where
        S: tower_service::Service<Request<RequestBody>, Response = Response<B>>
            + Clone
            + Send
            + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<BoxError>,
    {
        self.run_until(listener, service, std::future::pending())
            .await
    }

    /// Serves `service` on `listener` until `shutdown` completes (then stops accepting,
    /// lets open connections finish their requests and returns once they have closed, or
    /// drops them after [`shutdown_grace`](Self::shutdown_grace)) or an accept fails for
    /// good.
    pub async fn run_until<S, B>(
        self,
        listener: TcpListener,
        service: S,
        shutdown: impl Future<Output = ()> + Send,
    ) -> io::Result<()>
    where
        S: tower_service::Service<Request<RequestBody>, Response = Response<B>>
            + Clone
            + Send
            + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<BoxError>,
    {
        let config = Arc::new(self);
        let shared = Arc::clone(&config);
        accept_loop(
            listener,
            &config,
            shutdown,
            move |stream, permit, closing| {
                tokio::spawn(connection(
                    stream,
                    permit,
                    Arc::clone(&shared),
                    service.clone(),
                    closing,
                ));
            },
        )
        .await
    }
}

/// What the loop accepts from: a [`TcpListener`], or a stand-in in tests.
pub(super) trait Acceptor {
    fn accept(&mut self) -> impl Future<Output = io::Result<TcpStream>> + Send;
}

impl Acceptor for TcpListener {
    async fn accept(&mut self) -> io::Result<TcpStream> {
        TcpListener::accept(self).await.map(|(stream, _)| stream)
    }
}

/// The first pause after an accept failed for want of descriptors; it doubles up to
/// [`MAX_BACKOFF`] while accepts keep failing.
pub(super) const FIRST_BACKOFF: Duration = Duration::from_millis(5);
/// The longest pause between accepts that fail for want of descriptors.
pub(super) const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// Where a shutdown stands, as the connections hear it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Phase {
    Serving,
    /// Finish the request in flight, then close.
    Closing,
    /// The grace period is over: close now.
    Dropping,
}

/// Accepts until `shutdown` or a fatal error, handing each connection (with its slot and
/// the shutdown phase) to `spawn`; on shutdown waits for every slot back, up to the grace
/// period, before returning.
pub(super) async fn accept_loop<A: Acceptor>(
    mut acceptor: A,
    config: &Serve,
    shutdown: impl Future<Output = ()>,
    mut spawn: impl FnMut(TcpStream, OwnedSemaphorePermit, watch::Receiver<Phase>),
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(config.max_connections));
    let (closing_tx, closing) = watch::channel(Phase::Serving);
    let mut shutdown = pin!(shutdown);
    let mut backoff = FIRST_BACKOFF;
    loop {
        // Back-pressure: no accept while every slot is taken.
        let permit = tokio::select! {
            permit = Arc::clone(&slots).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let accepted = tokio::select! {
            accepted = acceptor.accept() => accepted,
            () = &mut shutdown => break,
        };
        match accepted {
            Ok(stream) => {
                backoff = FIRST_BACKOFF;
                // A socket that refuses the option still serves, only slower.
                let _ = stream.set_nodelay(true);
                spawn(stream, permit, closing.clone());
            }
            Err(e) if is_exhaustion(&e) => {
                // Accepting again at once fails again at once: wait for descriptors to free up.
                drop(permit);
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {}
                    () = &mut shutdown => break,
                }
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
            Err(e) if is_per_connection(&e) => {}
            Err(e) => return Err(e),
        }
    }
    // Stop listening first, then ask the connections to close after their requests.
    drop(acceptor);
    let _ = closing_tx.send(Phase::Closing);
    let all = u32::try_from(config.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(config.shutdown_grace, slots.acquire_many(all))
        .await
        .is_err()
    {
        let _ = closing_tx.send(Phase::Dropping);
    }
    Ok(())
}

/// One connection, from its accept to its close.
async fn connection<S, B>(
    stream: TcpStream,
    permit: OwnedSemaphorePermit,
    config: Arc<Serve>,
    service: S,
    mut closing: watch::Receiver<Phase>,
) where
    S: tower_service::Service<Request<RequestBody>, Response = Response<B>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<BoxError>,
{
    let _slot = permit;
    let service = TowerToHyperService::new(TimedBodies {
        inner: service,
        frame: config.body_frame_timeout,
        total: config.body_timeout,
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout)
        .keep_alive(true);
    let io = TokioIo::new(TimedWrites::new(stream, config.write_timeout));
    let mut conn = pin!(builder.serve_connection(io, service));
    // A loop that ended on an error leaves its connections alone.
    let mut reach = async |phase: Phase| {
        if closing.wait_for(|now| *now >= phase).await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    // A connection that fails (the client went away, a timeout) ends alone.
    tokio::select! {
        _ = conn.as_mut() => return,
        () = reach(Phase::Closing) => conn.as_mut().graceful_shutdown(),
    }
    // After the grace period the connection is dropped, whatever it was doing.
    tokio::select! {
        _ = conn.as_mut() => {}
        () = reach(Phase::Dropping) => {}
    }
}

/// The service with every request body read within the timeouts.
#[derive(Clone)]
struct TimedBodies<S> {
    inner: S,
    frame: Duration,
    total: Duration,
}

impl<S> tower_service::Service<Request<Incoming>> for TimedBodies<S>
where
    S: tower_service::Service<Request<RequestBody>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Incoming>) -> S::Future {
        let (frame, total) = (self.frame, self.total);
        self.inner
            .call(request.map(|body| RequestBody::new(body, frame, total)))
    }
}

/// The process (or the system) is out of descriptors, buffers or memory: every accept fails
/// until some are freed.
fn is_exhaustion(error: &io::Error) -> bool {
    if error.kind() == io::ErrorKind::OutOfMemory {
        return true;
    }
    #[cfg(unix)]
    {
        matches!(
            error.raw_os_error(),
            Some(libc::EMFILE | libc::ENFILE | libc::ENOBUFS | libc::ENOMEM)
        )
    }
    #[cfg(windows)]
    {
        // WSAEMFILE, WSAENOBUFS
        matches!(error.raw_os_error(), Some(10024 | 10055))
    }
    #[cfg(not(any(unix, windows)))]
    {
        false
    }
}

/// The error belongs to one connection (it went away before it was accepted, a firewall
/// refused it, a signal interrupted the call): the listener is still good.
fn is_per_connection(error: &io::Error) -> bool {
    if matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::PermissionDenied
            | io::ErrorKind::TimedOut
            | io::ErrorKind::WouldBlock
    ) {
        return true;
    }
    #[cfg(unix)]
    {
        matches!(error.raw_os_error(), Some(libc::EPROTO))
    }
    #[cfg(not(unix))]
    {
        false
    }
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
