//! A `#[derive(Content)]` type returned from a tool written with rmcp's own `#[tool]`
//! (`#[tool_router]` / `#[tool_handler]`, no `Router` of ours): the derive implements rmcp's
//! `IntoCallToolResult` (feature `rmcp`), so the blocks, `_meta` and `structuredContent` reach
//! rmcp's result as this crate writes them.

use mcp_content::Content;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig};
use rmcp::service::{RequestContext, serve_directly};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Content)]
#[content(meta("com.example/source" = "sensor"))]
struct Reading {
    #[content(text)]
    summary: String,
    #[content(image(mime = "image/png"))]
    chart: Vec<u8>,
}

#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[content(structured)]
struct Total {
    #[content(text)]
    sum: i64,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AddArgs {
    a: i64,
    b: i64,
}

#[derive(Clone)]
struct Sensors {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
// rmcp's `#[tool]` methods take `&self`, used or not.
#[allow(clippy::unused_self)]
impl Sensors {
    #[tool(description = "Reads the sensor.")]
    async fn read(&self) -> Reading {
        Reading {
            summary: "dry".into(),
            chart: vec![0x89, b'P', b'N', b'G'],
        }
    }

    #[tool(description = "Adds two numbers.")]
    fn add(&self, Parameters(args): Parameters<AddArgs>) -> Total {
        Total {
            sum: args.a + args.b,
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Sensors {}

async fn call(name: &str, arguments: serde_json::Value) -> serde_json::Value {
    let server = Sensors {
        tool_router: Sensors::tool_router(),
    };
    let (near, _far) = tokio::io::duplex(64 * 1024);
    let running = serve_directly::<rmcp::RoleServer, _, _, _, _>(
        server.clone(),
        near,
        Some(
            ClientConfig::new(
                ClientCapabilities::default(),
                rmcp::model::Implementation::default(),
            )
            .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25),
        ),
    );
    let context = RequestContext::new(
        rmcp::model::NumberOrString::Number(1),
        running.peer().clone(),
    );
    let params: CallToolRequestParams =
        serde_json::from_value(json!({"name": name, "arguments": arguments})).unwrap();
    let answer = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        server.call_tool(params, context),
    )
    .await
    .expect("the tool answers")
    .expect("the call succeeds");
    drop(running);
    let CallToolResponse::Complete(result) = answer else {
        panic!("the tool completes")
    };
    serde_json::to_value(result).unwrap()
}

#[tokio::test]
async fn a_derived_type_is_an_rmcp_tool_result() {
    let read = call("read", json!({})).await;
    assert_eq!(read["content"][0], json!({"type": "text", "text": "dry"}));
    assert_eq!(
        read["content"][1],
        json!({"type": "image", "data": "iVBORw==", "mimeType": "image/png"})
    );
    assert_eq!(read["_meta"]["com.example/source"], "sensor");
}

#[tokio::test]
async fn a_derived_structured_type_carries_structured_content_through_rmcp() {
    let total = call("add", json!({"a": 2, "b": 40})).await;
    assert_eq!(total["structuredContent"], json!({"sum": 42}));
    assert_eq!(total["content"][0], json!({"type": "text", "text": "42"}));
}
