//! router-dispatch: one `tools/call`, in process, from the request's `params` JSON bytes to the
//! result's JSON bytes (arguments parsed into typed parameters, the tool run, the result
//! written), through this framework's `Router` and through `rmcp`'s `#[tool_router]` (issue 6).
//!
//! Two levels each: the tool call (`Router::call_tool` / rmcp's `ServerHandler::call_tool`),
//! and the method dispatch (`Router::handle("tools/call")` / rmcp's `Service::handle_request`,
//! which also apply the per-version shaping of the result). Plus the same by hand with
//! `serde_json`, and this framework's router served through rmcp (`McpServer`, the path a
//! user composing with rmcp runs), called exactly like rmcp's own server.
//!
//! Every path gets a realistic request: `_meta` with a progress token and a vendor key, a
//! client that declared sampling and roots, and a peer to talk back to (rmcp: the peer of a
//! session on an in-memory pipe; this framework's `Router`: a shared `ClientPeer`). The
//! `Router` paths take `_meta` as a transport of this crate does (`Context::from_raw_meta`:
//! checked JSON text, read into a `Meta` only if the handler asks; the echo tool does not,
//! as rmcp's does not) and share the session's capabilities (an `Arc`).
//!
//! Two groups of the same paths: `router-dispatch` (wall clock) and `router-dispatch-cpu`
//! (the bench thread's CPU time, which a loaded machine does not inflate).

#[path = "common/thread_cpu.rs"]
mod thread_cpu;

use std::hint::black_box;
use std::sync::Arc;

use criterion::measurement::Measurement;
use criterion::{Criterion, criterion_group, criterion_main};
use mcp_content::handler::{ClientPeer, ProtocolError};
use mcp_content::input::ClientCapabilities;
use mcp_content::model::Meta;
use mcp_content::rmcp::McpServer;
use mcp_content::{Context, ProtocolVersion, Router, SerializeFor};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, ClientCapabilities as RmcpCaps,
    ClientConfig, ClientRequest, Implementation, NumberOrString, ServerResult,
};
use rmcp::service::{RequestContext, serve_directly};
use rmcp::{RoleServer, ServerHandler, Service, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use thread_cpu::ThreadCpu;

/// The request's `params`, as a client sends them (with `_meta`).
const PARAMS: &[u8] = br#"{"name":"echo","arguments":{"text":"hello, router","times":2},"_meta":{"progressToken":7,"com.example/trace":"a1b2c3"}}"#;

/// The version both sides answer for (a 2025-11-25 peer: `resultType` is not written).
const VERSION: ProtocolVersion = ProtocolVersion::V2025_11_25;

// ---------------------------------------------------------------------------------------
// This framework

/// Repeats a text.
#[mcp_content::tool]
fn echo(text: String, times: Option<u32>) -> String {
    text.repeat(times.unwrap_or(1) as usize)
}

/// `tools/call` params, read the way a transport would before calling `Router::call_tool`:
/// `_meta` kept as the JSON text the parser checked, read into a `Meta` only if the handler
/// asks (`Context::from_raw_meta`).
#[derive(Deserialize)]
struct CallParams {
    name: String,
    arguments: Option<Map<String, Value>>,
    #[serde(rename = "_meta", default)]
    meta: Option<Box<RawValue>>,
}

/// What a session holds for this framework's `Router` paths: the client's declaration and a
/// peer (both shared; a call clones an `Arc` of each). The echo tool uses neither, as rmcp's
/// does not.
struct Session {
    capabilities: ClientCapabilities,
    peer: Arc<dyn ClientPeer>,
}

type BoxFuture<'a, T> = std::pin::Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A client that answers nothing (the tool never asks).
struct QuietPeer;

impl ClientPeer for QuietPeer {
    fn notify_progress(&self, _: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async { Ok(()) })
    }
    fn notify_log(&self, _: Value) -> BoxFuture<'_, Result<(), ProtocolError>> {
        Box::pin(async { Ok(()) })
    }
    fn request(&self, method: &str, _: Value) -> BoxFuture<'_, Result<Value, ProtocolError>> {
        let error = ProtocolError::method_not_found(method);
        Box::pin(async move { Err(error) })
    }
    fn client_capabilities(&self) -> Option<Value> {
        Some(json!({"sampling": {}, "roots": {}}))
    }
}

// ---------------------------------------------------------------------------------------
// rmcp

#[derive(Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct EchoArgs {
    text: String,
    #[serde(default)]
    times: Option<u32>,
}

#[derive(Clone)]
struct Demo {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Demo {
    #[tool(description = "Repeats a text.")]
    async fn echo(&self, Parameters(args): Parameters<EchoArgs>) -> String {
        args.text.repeat(args.times.unwrap_or(1) as usize)
    }
}

// The router lives in the field: the default `Self::tool_router()` would rebuild it per call.
#[tool_handler(router = self.tool_router, name = "bench", version = "0.1.0")]
impl ServerHandler for Demo {}

// ---------------------------------------------------------------------------------------

fn router_dispatch_wall(c: &mut Criterion) {
    router_dispatch(c, "router-dispatch");
}

fn router_dispatch_cpu(c: &mut Criterion<ThreadCpu>) {
    router_dispatch(c, "router-dispatch-cpu");
}

fn router_dispatch<M: Measurement>(c: &mut Criterion<M>, group: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a current-thread runtime");

    let router = Router::builder().tool(echo {}).build().expect("one tool");
    let session = Session {
        capabilities: ClientCapabilities::from_value(json!({"sampling": {}, "roots": {}})),
        peer: Arc::new(QuietPeer),
    };
    let on_rmcp = McpServer::new(Router::builder().tool(echo {}).build().expect("one tool"));

    let server = Demo {
        tool_router: Demo::tool_router(),
    };
    // rmcp's `Peer::new` is crate-private: a throwaway service on an in-memory pipe gives
    // one (see /tmp/notes/rmcp.md §5). Both ends and the running service must stay alive.
    let (near, _far) = tokio::io::duplex(64 * 1024);
    let running = rt.block_on(async {
        serve_directly::<RoleServer, _, _, _, _>(
            Demo {
                tool_router: Demo::tool_router(),
            },
            near,
            Some(
                ClientConfig::new(
                    // JSON: rmcp's builder methods for these are deprecated (SEP-2577).
                    serde_json::from_value::<RmcpCaps>(json!({"sampling": {}, "roots": {}}))
                        .expect("capabilities"),
                    Implementation::default(),
                )
                .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25),
            ),
        )
    });
    let peer = running.peer().clone();

    // The four paths must agree on the text before they are compared.
    let ours = rt.block_on(ours_call_tool(&router, &session));
    let ours_handled = rt.block_on(ours_handle(&router, &session));
    let ours_on_rmcp = rt.block_on(rmcp_call_tool(&on_rmcp, &peer, 1));
    let theirs = rt.block_on(rmcp_call_tool(&server, &peer, 1));
    let theirs_handled = rt.block_on(rmcp_handle_request(&server, &peer, 1));
    let text = |json: &[u8]| {
        let value: Value = serde_json::from_slice(json).expect("JSON");
        value["content"][0]["text"].clone()
    };
    for json in [
        &ours,
        &ours_handled,
        &ours_on_rmcp,
        &theirs,
        &theirs_handled,
        &by_hand(),
    ] {
        assert_eq!(text(json), json!("hello, routerhello, router"));
    }

    let mut group = c.benchmark_group(group);
    group.bench_function("mcp-content/call_tool", |b| {
        b.iter(|| rt.block_on(ours_call_tool(black_box(&router), &session)));
    });
    group.bench_function("mcp-content/rmcp call_tool", |b| {
        let mut id = 0;
        b.iter(|| {
            id += 1;
            rt.block_on(rmcp_call_tool(black_box(&on_rmcp), &peer, id))
        });
    });
    group.bench_function("rmcp/call_tool", |b| {
        let mut id = 0;
        b.iter(|| {
            id += 1;
            rt.block_on(rmcp_call_tool(black_box(&server), &peer, id))
        });
    });
    group.bench_function("mcp-content/handle", |b| {
        b.iter(|| rt.block_on(ours_handle(black_box(&router), &session)));
    });
    group.bench_function("rmcp/handle_request", |b| {
        let mut id = 0;
        b.iter(|| {
            id += 1;
            rt.block_on(rmcp_handle_request(black_box(&server), &peer, id))
        });
    });
    group.bench_function("serde_json", |b| b.iter(by_hand));
    group.finish();
    drop(running);
}

/// The context a transport builds for a call of this session.
fn context(session: &Session, meta: Context) -> Context {
    meta.with_client_capabilities(session.capabilities.clone())
        .with_peer(Arc::clone(&session.peer))
}

/// Params bytes → typed call → the tool → result bytes.
async fn ours_call_tool(router: &Router, session: &Session) -> Vec<u8> {
    let params: CallParams = serde_json::from_slice(black_box(PARAMS)).expect("params");
    let meta = match params.meta {
        Some(meta) => Context::from_raw_meta(meta, VERSION),
        None => Context::new(Meta::new(), VERSION),
    };
    let context = context(session, meta);
    let result = router
        .call_tool(&params.name, params.arguments, context)
        .await
        .expect("a known tool");
    result.to_json_for(VERSION)
}

/// Params bytes → `Router::handle` (method dispatch, version shaping) → result bytes.
async fn ours_handle(router: &Router, session: &Session) -> Vec<u8> {
    let mut params: Map<String, Value> = serde_json::from_slice(black_box(PARAMS)).expect("params");
    // The transport takes `_meta` out of the params, as rmcp's does.
    let meta = match params.remove("_meta") {
        Some(Value::Object(meta)) => Context::from_meta_map(meta, VERSION),
        _ => Context::new(Meta::new(), VERSION),
    };
    let context = context(session, meta);
    let result = router
        .handle("tools/call", Some(params), context)
        .await
        .expect("a known tool");
    serde_json::to_vec(&result).expect("values serialize")
}

/// Params bytes → `ServerHandler::call_tool` (rmcp's own server, or this framework's router
/// served by rmcp) → result bytes. The `_meta` moves from the params into the request
/// context, as rmcp's service does.
async fn rmcp_call_tool(
    server: &impl ServerHandler,
    peer: &rmcp::Peer<RoleServer>,
    id: i64,
) -> Vec<u8> {
    let mut params: CallToolRequestParams =
        serde_json::from_slice(black_box(PARAMS)).expect("params");
    let mut context = RequestContext::new(NumberOrString::Number(id), peer.clone());
    if let Some(meta) = params.meta.take() {
        context.meta = meta;
    }
    match server
        .call_tool(params, context)
        .await
        .expect("a known tool")
    {
        CallToolResponse::Complete(result) => serde_json::to_vec(&result).expect("serializes"),
        _ => unreachable!("echo completes"),
    }
}

async fn rmcp_handle_request(server: &Demo, peer: &rmcp::Peer<RoleServer>, id: i64) -> Vec<u8> {
    let mut params: CallToolRequestParams =
        serde_json::from_slice(black_box(PARAMS)).expect("params");
    let mut context = RequestContext::new(NumberOrString::Number(id), peer.clone());
    if let Some(meta) = params.meta.take() {
        context.meta = meta;
    }
    let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
    let result: ServerResult = Service::<RoleServer>::handle_request(server, request, context)
        .await
        .expect("a known tool");
    serde_json::to_vec(&result).expect("serializes")
}

/// The same by hand: `Value` in, match the name, `json!` out (no schema, no argument types).
fn by_hand() -> Vec<u8> {
    let params: Value = serde_json::from_slice(black_box(PARAMS)).expect("params");
    assert_eq!(params["name"], "echo");
    let arguments = &params["arguments"];
    let text = arguments["text"].as_str().expect("text");
    let times = arguments["times"].as_u64().unwrap_or(1);
    let result = json!({
        "content": [{"type": "text", "text": text.repeat(usize::try_from(times).expect("small"))}],
    });
    serde_json::to_vec(&result).expect("values serialize")
}

criterion_group!(wall, router_dispatch_wall);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu::default());
    targets = router_dispatch_cpu
}
criterion_main!(wall, cpu);
