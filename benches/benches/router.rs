//! router-dispatch: one `tools/call`, in process, from the request's `params` JSON bytes to the
//! result's JSON bytes (arguments parsed into typed parameters, the tool run, the result
//! written), through this framework's `Router` and through `rmcp`'s `#[tool_router]` (issue 6).
//!
//! Two levels each: the tool call (`Router::call_tool` / rmcp's `ServerHandler::call_tool`),
//! and the method dispatch (`Router::handle("tools/call")` / rmcp's `Service::handle_request`,
//! which also apply the per-version shaping of the result). Plus the same by hand with
//! `serde_json`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mcp_content::{Context, Meta, ProtocolVersion, Router, SerializeFor};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, ClientConfig, ClientRequest,
    NumberOrString, ServerResult,
};
use rmcp::service::{RequestContext, serve_directly};
use rmcp::{RoleServer, ServerHandler, Service, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// The request's `params`, as a client sends them.
const PARAMS: &[u8] = br#"{"name":"echo","arguments":{"text":"hello, router","times":2}}"#;

/// The version both sides answer for (a 2025-11-25 peer: `resultType` is not written).
const VERSION: ProtocolVersion = ProtocolVersion::V2025_11_25;

// ---------------------------------------------------------------------------------------
// This framework

/// Repeats a text.
#[mcp_content::tool]
fn echo(text: String, times: Option<u32>) -> String {
    text.repeat(times.unwrap_or(1) as usize)
}

/// `tools/call` params, read the way a transport would before calling `Router::call_tool`.
#[derive(Deserialize)]
struct CallParams {
    name: String,
    arguments: Option<Map<String, Value>>,
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

fn router_dispatch(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a current-thread runtime");

    let router = Router::builder().tool(echo {}).build().expect("one tool");

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
                ClientConfig::default()
                    .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25),
            ),
        )
    });
    let peer = running.peer().clone();

    // The four paths must agree on the text before they are compared.
    let ours = rt.block_on(ours_call_tool(&router));
    let ours_handled = rt.block_on(ours_handle(&router));
    let theirs = rt.block_on(rmcp_call_tool(&server, &peer, 1));
    let theirs_handled = rt.block_on(rmcp_handle_request(&server, &peer, 1));
    let text = |json: &[u8]| {
        let value: Value = serde_json::from_slice(json).expect("JSON");
        value["content"][0]["text"].clone()
    };
    for json in [&ours, &ours_handled, &theirs, &theirs_handled, &by_hand()] {
        assert_eq!(text(json), json!("hello, routerhello, router"));
    }

    let mut group = c.benchmark_group("router-dispatch");
    group.bench_function("mcp-content/call_tool", |b| {
        b.iter(|| rt.block_on(ours_call_tool(black_box(&router))));
    });
    group.bench_function("rmcp/call_tool", |b| {
        let mut id = 0;
        b.iter(|| {
            id += 1;
            rt.block_on(rmcp_call_tool(black_box(&server), &peer, id))
        });
    });
    group.bench_function("mcp-content/handle", |b| {
        b.iter(|| rt.block_on(ours_handle(black_box(&router))));
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

/// Params bytes → typed call → the tool → result bytes.
async fn ours_call_tool(router: &Router) -> Vec<u8> {
    let params: CallParams = serde_json::from_slice(black_box(PARAMS)).expect("params");
    let context = Context::new(Meta::new(), VERSION);
    let result = router
        .call_tool(&params.name, params.arguments, context)
        .await
        .expect("a known tool");
    result.to_json_for(VERSION)
}

/// Params bytes → `Router::handle` (method dispatch, version shaping) → result bytes.
async fn ours_handle(router: &Router) -> Vec<u8> {
    let params: Map<String, Value> = serde_json::from_slice(black_box(PARAMS)).expect("params");
    let context = Context::new(Meta::new(), VERSION);
    let result = router
        .handle("tools/call", Some(params), context)
        .await
        .expect("a known tool");
    serde_json::to_vec(&result).expect("values serialize")
}

async fn rmcp_call_tool(server: &Demo, peer: &rmcp::Peer<RoleServer>, id: i64) -> Vec<u8> {
    let params: CallToolRequestParams = serde_json::from_slice(black_box(PARAMS)).expect("params");
    let context = RequestContext::new(NumberOrString::Number(id), peer.clone());
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
    let params: CallToolRequestParams = serde_json::from_slice(black_box(PARAMS)).expect("params");
    let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
    let context = RequestContext::new(NumberOrString::Number(id), peer.clone());
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

criterion_group!(benches, router_dispatch);
criterion_main!(benches);
