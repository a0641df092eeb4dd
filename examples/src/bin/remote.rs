//! A server you can put on the internet: mcp-content's own endpoint (`http::HttpServer`)
//! behind OAuth 2.1 authorization (a resource server checking JWT access tokens against the
//! issuer's JWKS), with a CORS allow-list and `tracing` spans (text on stderr, or exported
//! over OTLP with `--otlp`), shut down on Ctrl-C.
//!
//! ```text
//! cargo run -p mcp-content-examples --bin remote -- \
//!     --listen 127.0.0.1:3001 \
//!     --issuer https://auth.example.com \
//!     --audience https://mcp.example.com/mcp \
//!     --allow-origin https://app.example.com
//! ```
//!
//! `--audience` is the server's public resource URI (RFC 8707, what tokens must name in
//! `aud`): the https URL clients use, not the bind address (a TLS-terminating proxy sits
//! between them). The protected-resource metadata (RFC 9728) is served beside the endpoint
//! at `/.well-known/oauth-protected-resource/<path>`. `--help` lists the tools and the scope
//! each needs. `scripts/auth-e2e.sh` runs it against a real authorization server and the
//! official SDK clients.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use mcp_content::auth::{JwtVerifier, ResourceServer};
use mcp_content::http::{Cors, HttpServer, Serve};
use mcp_content::rmcp::HttpOptions;
use mcp_content::{Context, Router, tool};
use tower_layer::Layer as _;

const HELP: &str = "\
remote: an MCP server for the internet (OAuth 2.1 resource server, CORS, tracing)

usage: remote --issuer URL --audience URL [--listen ADDR] [--allow-origin ORIGIN]...
              [--otlp URL] [--transport own|rmcp]

  --listen ADDR          address to bind (default 127.0.0.1:3001)
  --issuer URL           the authorization server (its `iss`; keys from its JWKS, found
                         through its RFC 8414 metadata); http: only on loopback, for tests
  --audience URL         this server's public resource URI (RFC 8707): tokens must name it
                         in `aud`; the https URL clients use, not the bind address
  --allow-origin ORIGIN  a browser origin allowed to call (repeatable; CORS)
  --otlp URL             export the request spans over OTLP/HTTP to this collector
                         (http://127.0.0.1:4318); without it, spans are text on stderr
  --transport own|rmcp   mcp-content's own endpoint (default) or rmcp's Streamable HTTP
                         service behind the same authorization layer

tools:
  ping                   answers `pong`; any valid token
  add_note               saves a note; needs the scope `notes:write`
  whoami                 the caller as the server sees it (subject, client, scopes)

A request without a valid token gets 401 with `WWW-Authenticate: Bearer
resource_metadata=...`; a call to add_note with a token lacking `notes:write` gets 403
`insufficient_scope`. Every request is a `tracing` span (method, tool, protocol version,
principal subject, outcome, duration; never a token), written to stderr.
";

/// The notes saved, bounded (a client controls how many it sends).
static NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());
const MAX_NOTES: usize = 1000;
const MAX_NOTE_CHARS: usize = 1000;

/// Answers `pong`. Any caller with a valid token may call it.
#[tool]
fn ping() -> String {
    "pong".into()
}

/// Saves a note (at most 1000 characters). Needs the scope `notes:write`.
#[tool(scopes = ["notes:write"])]
fn add_note(text: String) -> Result<String, String> {
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(format!("text: at most {MAX_NOTE_CHARS} characters"));
    }
    let mut notes = NOTES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if notes.len() >= MAX_NOTES {
        return Err(format!("the server keeps at most {MAX_NOTES} notes"));
    }
    notes.push(text);
    Ok(format!("saved note {}", notes.len()))
}

/// Who is calling, as the server sees it: the verified token's subject, client and scopes.
#[tool]
async fn whoami(context: Context) -> String {
    match context.principal() {
        Some(principal) => format!(
            "subject={} client={} scopes={}",
            principal.subject().unwrap_or("-"),
            principal.client_id().unwrap_or("-"),
            principal.scopes().join(" ")
        ),
        None => "anonymous (no authorization configured)".into(),
    }
}

fn router() -> Router {
    mcp_content::router! { tools: [ping, add_note, whoami] }
        .info("remote", env!("CARGO_PKG_VERSION"))
        .build()
        .expect("the tool names are unique")
}

/// Which HTTP transport serves the router.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Transport {
    Own,
    Rmcp,
}

/// The command line.
#[derive(Debug)]
struct Options {
    listen: String,
    issuer: String,
    audience: String,
    origins: Vec<String>,
    otlp: Option<String>,
    transport: Transport,
}

/// The options, or the error naming the flag (`Ok(None)`: `--help`).
fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut listen = "127.0.0.1:3001".to_owned();
    let (mut issuer, mut audience) = (None, None);
    let mut origins = Vec::new();
    let mut otlp = None;
    let mut transport = Transport::Own;
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let known = [
            "--listen",
            "--issuer",
            "--audience",
            "--allow-origin",
            "--otlp",
            "--transport",
        ];
        if !known.contains(&flag.as_str()) {
            return Err(format!("unknown argument {flag:?} (see --help)"));
        }
        let value = args
            .next()
            .filter(|v| !v.starts_with("--"))
            .ok_or_else(|| format!("{flag} needs a value (see --help)"))?
            .clone();
        match flag.as_str() {
            "--listen" => listen = value,
            "--issuer" => issuer = Some(value),
            "--audience" => audience = Some(value),
            "--allow-origin" => origins.push(value),
            "--otlp" => otlp = Some(value),
            _ => {
                transport = match value.as_str() {
                    "own" => Transport::Own,
                    "rmcp" => Transport::Rmcp,
                    other => return Err(format!("--transport: {other:?} is not own or rmcp")),
                }
            }
        }
    }
    Ok(Some(Options {
        listen,
        issuer: issuer.ok_or("--issuer URL is required (see --help)")?,
        audience: audience.ok_or("--audience URL is required (see --help)")?,
        origins,
        otlp,
        transport,
    }))
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("remote: {message}");
            return ExitCode::from(2);
        }
    };
    // Text on stderr; with --otlp, spans exported too (flushed when this guard drops).
    let _telemetry = mcp_content_examples::telemetry::init(options.otlp.as_deref());
    match serve(options).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("remote: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(options: Options) -> Result<(), BoxError> {
    let router = Arc::new(router());
    // Tokens: JWTs signed by the issuer's keys (its JWKS), naming this server in `aud`.
    // (keys found through the issuer's RFC 8414 metadata, fetched when the first token comes)
    let verifier = JwtVerifier::builder()
        .issuer(&options.issuer)
        .audience(&options.audience)
        .build()?;
    let resource = ResourceServer::new(&options.audience, verifier)?
        .authorization_server(&options.issuer)?
        .router(Arc::clone(&router))
        .resource_name("mcp-content remote example");
    let listener = tokio::net::TcpListener::bind(&options.listen).await?;
    let address = listener.local_addr()?;
    eprintln!(
        "remote listening on http://{address}/mcp ({} transport), resource {}",
        match options.transport {
            Transport::Own => "own",
            Transport::Rmcp => "rmcp",
        },
        resource.resource()
    );
    eprintln!("protected-resource metadata: {}", resource.metadata_url());
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    // The `Host` names served: this machine's, and the public resource URI's (a proxy
    // passes the public name on).
    let mut hosts = ["localhost", "127.0.0.1", "[::1]", "::1"]
        .map(String::from)
        .to_vec();
    hosts.extend(host_of(&options.audience));
    match options.transport {
        Transport::Own => {
            let mut server = HttpServer::new(router)
                .allowed_hosts(hosts)
                .authorization(resource);
            if !options.origins.is_empty() {
                server = server.allowed_origins(options.origins);
            }
            // Serves the metadata at its well-known path beside /mcp.
            server.serve_with_shutdown(listener, shutdown).await?;
        }
        Transport::Rmcp => {
            let mut http = HttpOptions::default();
            let cors = if options.origins.is_empty() {
                Cors::default()
            } else {
                http = http.only_origins(options.origins.clone());
                Cors::new(options.origins)
            };
            let service = mcp_content::rmcp::streamable_http_service_with(router, http);
            // CORS outside the bearer check, so preflights and 401s get their CORS headers.
            let app = axum::Router::new()
                .nest_service("/mcp", cors.layer(resource.layer().layer(service)))
                .route_service(resource.metadata_path(), resource.metadata_service());
            Serve::new().run_until(listener, app, shutdown).await?;
        }
    }
    Ok(())
}

/// The host name of a URL, without its port (`None` when it has none).
fn host_of(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = match authority.strip_prefix('[') {
        Some(v6) => format!("[{}]", v6.split(']').next()?),
        None => authority.split(':').next()?.to_owned(),
    };
    (!host.is_empty()).then_some(host)
}
