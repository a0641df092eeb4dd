//! A round-robin HTTP proxy, a test helper: each HTTP request goes to the next of N
//! upstreams, its body streamed up and the response (SSE included) streamed back as it comes,
//! so replicas behind one address can be tested as a load balancer would spread requests
//! (`scripts/conformance-replicas.sh`).
//!
//! ```text
//! cargo run -p mcp-content-examples --bin round-robin -- --listen 127.0.0.1:3000 127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003
//! ```
//!
//! Loopback only: it listens on a loopback address and forwards to loopback upstreams. It
//! holds no body: a request's and a response's frames pass through one at a time. It serves
//! at most 256 connections at once, waits 10 s for a request's headers and 5 s to connect to
//! an upstream; an upstream that cannot be reached or does not answer within 120 s gets a
//! `502 Bad Gateway`. `Host` and every end-to-end header pass as sent; hop-by-hop headers
//! (`Connection` and those it names, `Keep-Alive`, `Transfer-Encoding`, `TE`, `Trailer`,
//! `Upgrade`, `Proxy-*`) do not. It prints `round-robin listening on http://ADDR` on stderr
//! once it accepts, and how many requests each upstream was sent when it stops (Ctrl-C,
//! `SIGINT`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderName};
use http::{Request, Response, StatusCode, Uri};
use http_body_util::{Either, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How many connections are served at once; the next waits to be accepted.
const MAX_CONNECTIONS: usize = 256;
/// How long a client may take to send a request's headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long connecting to an upstream may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long an upstream may take to answer with its response's headers (a tool call that
/// answers in JSON answers when it is done).
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(120);

/// What the proxy answers with: an upstream's body as it streams, or its own short error.
type Body = Either<Incoming, Full<Bytes>>;

/// The upstreams and whose turn it is.
struct Proxy {
    upstreams: Vec<SocketAddr>,
    next: AtomicUsize,
    /// How many requests each upstream was sent.
    sent: Vec<AtomicUsize>,
    client: Client<HttpConnector, Incoming>,
}

impl Proxy {
    fn new(upstreams: Vec<SocketAddr>) -> Self {
        let mut connector = HttpConnector::new();
        connector.set_connect_timeout(Some(CONNECT_TIMEOUT));
        connector.set_nodelay(true);
        let client = Client::builder(TokioExecutor::new())
            .pool_max_idle_per_host(32)
            .pool_idle_timeout(Duration::from_secs(30))
            .build(connector);
        Self {
            sent: upstreams.iter().map(|_| AtomicUsize::new(0)).collect(),
            upstreams,
            next: AtomicUsize::new(0),
            client,
        }
    }

    /// The next upstream, in turn.
    fn pick(&self) -> SocketAddr {
        let turn = self.next.fetch_add(1, Ordering::Relaxed) % self.upstreams.len();
        self.sent[turn].fetch_add(1, Ordering::Relaxed);
        self.upstreams[turn]
    }

    /// `127.0.0.1:3001=12 127.0.0.1:3002=11 …`: how many requests each upstream was sent.
    fn tally(&self) -> String {
        let counts: Vec<String> = self
            .upstreams
            .iter()
            .zip(&self.sent)
            .map(|(upstream, sent)| format!("{upstream}={}", sent.load(Ordering::Relaxed)))
            .collect();
        counts.join(" ")
    }

    /// Sends `request` to the next upstream; its response, or a 502 saying why not.
    async fn forward(&self, request: Request<Incoming>) -> Response<Body> {
        let upstream = self.pick();
        let (mut parts, body) = request.into_parts();
        let path = parts
            .uri
            .path_and_query()
            .map_or("/", http::uri::PathAndQuery::as_str);
        let Ok(uri) = format!("http://{upstream}{path}").parse::<Uri>() else {
            return bad_gateway(upstream, "the request's path is not a URI path");
        };
        parts.uri = uri;
        strip_hop_by_hop(&mut parts.headers);
        let request = Request::from_parts(parts, body);
        match tokio::time::timeout(RESPONSE_TIMEOUT, self.client.request(request)).await {
            Ok(Ok(response)) => {
                let (mut parts, body) = response.into_parts();
                strip_hop_by_hop(&mut parts.headers);
                Response::from_parts(parts, Either::Left(body))
            }
            Ok(Err(error)) => bad_gateway(upstream, &error.to_string()),
            Err(_) => bad_gateway(upstream, "no response within 120 s"),
        }
    }
}

/// A `502 Bad Gateway` naming the upstream and what went wrong.
fn bad_gateway(upstream: SocketAddr, why: &str) -> Response<Body> {
    let mut response = Response::new(Either::Right(Full::new(Bytes::from(format!(
        "round-robin: upstream {upstream}: {why}\n"
    )))));
    *response.status_mut() = StatusCode::BAD_GATEWAY;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// Removes the headers that belong to one connection (RFC 9110 §7.6.1): `Connection`, the
/// headers it names, and the fixed hop-by-hop set. hyper frames the body again itself.
fn strip_hop_by_hop(headers: &mut HeaderMap) {
    let named: Vec<HeaderName> = headers
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|name| HeaderName::from_bytes(name.trim().as_bytes()).ok())
        .collect();
    for name in named {
        headers.remove(name);
    }
    for name in [
        header::CONNECTION,
        header::TRANSFER_ENCODING,
        header::TE,
        header::TRAILER,
        header::UPGRADE,
        header::PROXY_AUTHORIZATION,
        header::PROXY_AUTHENTICATE,
    ] {
        headers.remove(name);
    }
    headers.remove("keep-alive");
    headers.remove("proxy-connection");
}

/// `--listen ADDR UPSTREAM...`: every address a loopback `IP:PORT`.
fn parse_args(args: &[String]) -> Result<(SocketAddr, Vec<SocketAddr>), String> {
    let loopback = |text: &str| -> Result<SocketAddr, String> {
        let addr: SocketAddr = text
            .parse()
            .map_err(|_| format!("{text:?} is not an IP:PORT address"))?;
        if addr.ip().is_loopback() {
            Ok(addr)
        } else {
            Err(format!("{text:?} is not a loopback address"))
        }
    };
    let (listen, upstreams) = match args {
        [flag, listen, upstreams @ ..] if flag == "--listen" => (loopback(listen)?, upstreams),
        _ => return Err("expected --listen ADDR first".into()),
    };
    if upstreams.is_empty() {
        return Err("expected at least one UPSTREAM".into());
    }
    let upstreams = upstreams
        .iter()
        .map(|upstream| loopback(upstream))
        .collect::<Result<_, _>>()?;
    Ok((listen, upstreams))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (listen, upstreams) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(why) => {
            eprintln!("round-robin: {why}");
            eprintln!("usage: round-robin --listen 127.0.0.1:PORT UPSTREAM_IP:PORT...");
            std::process::exit(2);
        }
    };
    let proxy = Arc::new(Proxy::new(upstreams));
    let listener = TcpListener::bind(listen).await?;
    eprintln!(
        "round-robin listening on http://{} ({} upstreams)",
        listener.local_addr()?,
        proxy.upstreams.len()
    );
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let accept = async {
        loop {
            let Ok(permit) = permits.clone().acquire_owned().await else {
                return;
            };
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of descriptors, or a connection reset before it was accepted:
                    // wait a moment rather than spin.
                    eprintln!("round-robin: accept: {error}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let proxy = proxy.clone();
            tokio::spawn(async move {
                let service = service_fn(move |request| {
                    let proxy = proxy.clone();
                    async move { Ok::<_, std::convert::Infallible>(proxy.forward(request).await) }
                });
                let _ = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
                drop(permit);
            });
        }
    };
    tokio::select! {
        () = accept => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    eprintln!("round-robin: requests sent: {}", proxy.tally());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn only_loopback_addresses_are_taken() {
        let (listen, upstreams) = parse_args(&args(&[
            "--listen",
            "127.0.0.1:0",
            "127.0.0.1:1",
            "[::1]:2",
        ]))
        .expect("loopback addresses");
        assert_eq!(listen.port(), 0);
        assert_eq!(upstreams.len(), 2);
        assert_eq!(
            parse_args(&args(&["--listen", "0.0.0.0:80", "127.0.0.1:1"])),
            Err("\"0.0.0.0:80\" is not a loopback address".into())
        );
        assert_eq!(
            parse_args(&args(&["--listen", "127.0.0.1:0", "10.0.0.1:1"])),
            Err("\"10.0.0.1:1\" is not a loopback address".into())
        );
        assert_eq!(
            parse_args(&args(&["--listen", "127.0.0.1:0"])),
            Err("expected at least one UPSTREAM".into())
        );
    }

    #[test]
    fn hop_by_hop_headers_are_dropped_and_the_rest_kept() {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONNECTION, "keep-alive, x-hop".parse().unwrap());
        headers.insert("x-hop", "1".parse().unwrap());
        headers.insert("keep-alive", "timeout=5".parse().unwrap());
        headers.insert(header::TRANSFER_ENCODING, "chunked".parse().unwrap());
        headers.insert(header::HOST, "127.0.0.1:3000".parse().unwrap());
        headers.insert("mcp-session-id", "abc".parse().unwrap());
        strip_hop_by_hop(&mut headers);
        let mut left: Vec<&str> = headers.keys().map(HeaderName::as_str).collect();
        left.sort_unstable();
        assert_eq!(left, ["host", "mcp-session-id"]);
    }
}
