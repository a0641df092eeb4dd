//! The request `_meta` rule on rmcp's transport (`McpServer`): a key the schema types
//! (`io.modelcontextprotocol/logLevel`, `progressToken`, `clientInfo`) holding the wrong
//! type is refused with `-32602` naming `params._meta.<key>`, never read as absent. The own
//! endpoint's side is tested in `core/src/http/meta_tests.rs`, the fronts of
//! rmcp's stdio and HTTP transports in their modules. And the router's one `null` rule on
//! every method's params.

use rmcp::ServerHandler;
use rmcp::model::{CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig};
use rmcp::service::{RequestContext, RunningService, serve_directly};
use serde_json::{Value, json};

/// Answers when it runs.
#[mcp_content::tool]
fn level(_context: &mcp_content::Context) -> String {
    "ran".to_owned()
}

fn server() -> mcp_content::rmcp::McpServer {
    mcp_content::rmcp::McpServer::new(
        mcp_content::Router::builder()
            .tool(level {})
            .build()
            .unwrap(),
    )
}

/// A 2026-07-28 peer's request context with `meta` as its `_meta`.
fn context(
    server: &mcp_content::rmcp::McpServer,
    meta: &Value,
) -> (
    RequestContext<rmcp::RoleServer>,
    RunningService<rmcp::RoleServer, mcp_content::rmcp::McpServer>,
) {
    let (near, _far) = tokio::io::duplex(64 * 1024);
    let running = serve_directly::<rmcp::RoleServer, _, _, _, _>(
        server.clone(),
        near,
        Some(
            ClientConfig::new(
                ClientCapabilities::default(),
                rmcp::model::Implementation::default(),
            )
            .with_protocol_version(rmcp::model::ProtocolVersion::V_2026_07_28),
        ),
    );
    let mut context = RequestContext::new(
        rmcp::model::NumberOrString::Number(1),
        running.peer().clone(),
    );
    for (key, value) in meta.as_object().unwrap() {
        context.meta.0.0.insert(key.clone(), value.clone());
    }
    (context, running)
}

async fn call(meta: Value) -> Result<String, rmcp::ErrorData> {
    let server = server();
    let (context, running) = context(&server, &meta);
    let params: CallToolRequestParams = serde_json::from_value(json!({"name": "level"})).unwrap();
    let answer = server.call_tool(params, context).await;
    drop(running);
    match answer? {
        CallToolResponse::Complete(result) => Ok(result.content[0].as_text().unwrap().text.clone()),
        _ => panic!("level completes"),
    }
}

#[tokio::test]
async fn a_request_with_well_typed_meta_keys_is_served() {
    let said = call(json!({
        "io.modelcontextprotocol/logLevel": "warning",
        "progressToken": "p-1",
        "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
        "com.example/anything": null,
    }))
    .await
    .unwrap();
    assert_eq!(said, "ran");
}

#[tokio::test]
async fn a_mistyped_request_meta_key_is_refused_naming_it() {
    for (meta, path) in [
        (
            json!({"io.modelcontextprotocol/logLevel": "loud"}),
            "params._meta.io.modelcontextprotocol/logLevel: ",
        ),
        (
            json!({"io.modelcontextprotocol/logLevel": 3}),
            "params._meta.io.modelcontextprotocol/logLevel: ",
        ),
        (
            json!({"progressToken": [1]}),
            "params._meta.progressToken: ",
        ),
        (
            json!({"io.modelcontextprotocol/clientInfo": "me"}),
            "params._meta.io.modelcontextprotocol/clientInfo: ",
        ),
    ] {
        let error = call(meta.clone()).await.unwrap_err();
        assert_eq!(error.code.0, -32602, "{meta}: {error:?}");
        assert!(error.message.starts_with(path), "{meta}: {}", error.message);
    }
}

/// The router holds every method's params to the one `null` rule: a member that is `null`
/// is refused naming it, never read as absent (`cursor`, `_meta`, `arguments`, ...).
#[tokio::test]
async fn the_router_refuses_a_null_params_member_of_any_method() {
    let router = mcp_content::Router::builder()
        .tool(level {})
        .build()
        .unwrap();
    let context = || {
        mcp_content::Context::new(
            mcp_content::model::Meta::new(),
            mcp_content::ProtocolVersion::V2026_07_28,
        )
    };
    for (method, params, key) in [
        ("tools/list", json!({"cursor": null}), "cursor"),
        ("resources/templates/list", json!({"_meta": null}), "_meta"),
        (
            "tools/call",
            json!({"name": "level", "arguments": null}),
            "arguments",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "a", "value": ""}, "context": null}),
            "context",
        ),
    ] {
        let params = params.as_object().cloned();
        let error = router.handle(method, params, context()).await.unwrap_err();
        assert_eq!(error.code, -32602, "{method}: {error:?}");
        assert!(
            error
                .message
                .starts_with(&format!("params.{key}: null is not allowed here")),
            "{method}: {}",
            error.message
        );
    }
    let listed = router
        .handle("tools/list", json!({}).as_object().cloned(), context())
        .await
        .unwrap();
    assert_eq!(listed["tools"][0]["name"], "level");
}

/// Called in process (no transport front), the router holds the params it reads to their
/// schema types: a list's `cursor`, and `completion/complete`'s `ref` and `context` down to
/// each argument, each refused naming its path.
#[tokio::test]
async fn the_router_refuses_mistyped_cursor_and_completion_params() {
    let router = mcp_content::Router::builder()
        .tool(level {})
        .build()
        .unwrap();
    let context = || {
        mcp_content::Context::new(
            mcp_content::model::Meta::new(),
            mcp_content::ProtocolVersion::V2026_07_28,
        )
    };
    let argument = json!({"name": "a", "value": "x"});
    let prompt = json!({"type": "ref/prompt", "name": "p"});
    for (method, params, path) in [
        ("tools/list", json!({"cursor": 1}), "params.cursor: "),
        ("prompts/list", json!({"cursor": {}}), "params.cursor: "),
        (
            "completion/complete",
            json!({"ref": {"type": null, "name": "p"}, "argument": argument}),
            "params.ref.type: ",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/tool", "name": "p"}, "argument": argument}),
            "params.ref.type: ",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": null}, "argument": argument}),
            "params.ref.name: ",
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/resource"}, "argument": argument}),
            "params.ref.uri: ",
        ),
        (
            "completion/complete",
            json!({"ref": prompt, "argument": argument, "context": {"arguments": null}}),
            "params.context.arguments: ",
        ),
        (
            "completion/complete",
            json!({"ref": prompt, "argument": argument, "context": {"arguments": {"b": null}}}),
            "params.context.arguments.b: ",
        ),
        (
            "completion/complete",
            json!({"ref": prompt, "argument": argument, "context": []}),
            "params.context: ",
        ),
    ] {
        let error = router
            .handle(method, params.as_object().cloned(), context())
            .await
            .unwrap_err();
        assert_eq!(error.code, -32602, "{params}: {error:?}");
        assert!(
            error.message.starts_with(path),
            "{params}: {}",
            error.message
        );
    }
    for params in [
        json!({"ref": prompt, "argument": argument, "context": {"arguments": {"b": "y"}}}),
        json!({"ref": {"type": "ref/resource", "uri": "a://{x}"}, "argument": argument}),
    ] {
        let done = router
            .handle(
                "completion/complete",
                params.as_object().cloned(),
                context(),
            )
            .await
            .unwrap();
        assert_eq!(done["completion"]["values"], json!([]), "{params}");
    }
    let listed = router
        .handle(
            "tools/list",
            json!({"cursor": "c"}).as_object().cloned(),
            context(),
        )
        .await
        .unwrap();
    assert_eq!(listed["tools"][0]["name"], "level");
}
