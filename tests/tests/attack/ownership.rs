//! What a principal creates is its own: a task, a payload link, a 2025-era session (and the
//! subscriptions it holds), a sealed `requestState`. Another principal naming it (or a
//! request without a principal naming what one made, or the reverse) gets exactly the
//! answer to an id that never was: the same status, the same error, byte for byte once the
//! id is swapped; and what it tried (a cancel, an answer, an unsubscribe) changes nothing.
//!
//! The principal reaches the own endpoint as an authorization layer leaves it: an
//! `Arc<Principal>` in the request's extensions (these tests put it there themselves).

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Request, StatusCode};
use http_body_util::{BodyExt as _, Full};
use mcp_content::auth::Principal;
use mcp_content::handler::ProtocolError;
use mcp_content::http::HttpServer;
use mcp_content::input::{ClientCapabilities, Elicitation, InputParams, Outcome};
use mcp_content::model::{Base64Data, ImageContent, Meta, MimeType};
use mcp_content::{CallToolResult, ContentBlock, Context, ProtocolVersion, Router, tool};
use serde_json::{Map, Value, json};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Confirm {
    sure: bool,
}

/// Works for `ms` milliseconds, as a task.
#[tool(task = "required")]
async fn slow(ms: u64) -> String {
    tokio::time::sleep(Duration::from_millis(ms)).await;
    format!("slept {ms} ms")
}

/// Becomes a task, asks for a confirmation, then says whom it ran for.
#[tool(task = "required")]
async fn confirm(context: Context) -> Result<String, ProtocolError> {
    context.run_as_task().await;
    context
        .elicit_form_as::<Confirm>("confirm", "Go on?")
        .await?;
    let subject = context.principal().and_then(Principal::subject);
    Ok(format!("confirmed for {}", subject.unwrap_or("nobody")))
}

/// A picture over the payload budget: it goes out as a link.
#[tool]
async fn picture() -> CallToolResult {
    let bytes: Vec<u8> = (0..3000u32).map(|i| (i % 251) as u8).collect();
    let image = ImageContent::new(
        Base64Data::from_bytes(bytes),
        MimeType::new("image/png").unwrap(),
    )
    .unwrap();
    CallToolResult::new(vec![ContentBlock::from(image)])
}

/// Deletes `target` once the user confirms (inline, in rounds).
#[tool]
async fn delete(target: String, context: Context) -> Result<String, ProtocolError> {
    match context
        .elicit_form_as::<Confirm>("confirm", "Delete it?")
        .await?
    {
        Elicitation::Accept(Confirm { sure: true }) => Ok(format!("deleted {target}")),
        _ => Ok("kept".into()),
    }
}

fn router() -> Router {
    mcp_content::router! { tools: [slow, confirm, picture, delete] }
        .max_inline(50)
        .build()
        .unwrap()
}

fn alice() -> Arc<Principal> {
    Arc::new(Principal::new("alice").with_issuer("https://issuer.example"))
}

fn bob() -> Arc<Principal> {
    Arc::new(Principal::new("bob").with_issuer("https://issuer.example"))
}

/// An id of the shape the server issues, that it never issued.
const NEVER: &str = "0123456789abcdef0123456789abcdef";

/// A POST of `message` by `who`: a 2026-07-28 request (its `_meta` and headers filled in,
/// declaring tasks and elicitation) unless `session` names a 2025-era session.
fn post(
    message: &Value,
    who: Option<&Arc<Principal>>,
    session: Option<&str>,
) -> Request<Full<Bytes>> {
    let mut message = message.clone();
    let mut builder = Request::post("/mcp")
        .header("host", "127.0.0.1:3001")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    if let Some(session) = session {
        builder = builder.header("mcp-session-id", session);
    } else if message["method"] != "initialize" {
        message["params"]["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {
                "elicitation": {},
                "extensions": {"io.modelcontextprotocol/tasks": {}},
            },
        });
        builder = builder
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", message["method"].as_str().unwrap());
        let params = &message["params"];
        if let Some(name) = ["name", "uri", "taskId"]
            .iter()
            .find_map(|k| params[*k].as_str())
        {
            builder = builder.header("mcp-name", name);
        }
    }
    let mut request = builder
        .body(Full::new(Bytes::from(message.to_string())))
        .unwrap();
    if let Some(who) = who {
        request.extensions_mut().insert(Arc::clone(who));
    }
    request
}

/// Sends `request`; the status and the body as text (`""` for none).
async fn send(server: &HttpServer, request: Request<Full<Bytes>>) -> (StatusCode, String) {
    let response = tokio::time::timeout(Duration::from_secs(10), server.handle(request))
        .await
        .expect("answered within 10 s");
    let status = response.status();
    let body = tokio::time::timeout(Duration::from_secs(10), response.into_body().collect())
        .await
        .expect("body within 10 s")
        .unwrap()
        .to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// `method` with `params` by `who`, as a 2026-07-28 request.
async fn call(
    server: &HttpServer,
    who: Option<&Arc<Principal>>,
    method: &str,
    params: Value,
) -> (StatusCode, String) {
    let message = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    send(server, post(&message, who, None)).await
}

fn result(body: &str) -> Value {
    let value: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    value["result"].clone()
}

/// Starts a task of `tool` by `who`; its id.
async fn start_task(
    server: &HttpServer,
    who: Option<&Arc<Principal>>,
    tool: &str,
    arguments: Value,
) -> String {
    let (_, body) = call(
        server,
        who,
        "tools/call",
        json!({"name": tool, "arguments": arguments}),
    )
    .await;
    result(&body)["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("a task: {body}"))
        .to_owned()
}

/// Asserts that `who` naming the task `id` with `method` gets what an id never issued gets.
async fn refused_as_unknown_task(
    server: &HttpServer,
    who: Option<&Arc<Principal>>,
    method: &str,
    id: &str,
    extra: &Value,
) {
    let params = |task: &str| {
        let mut params = json!({"taskId": task});
        if let Some(extra) = extra.as_object() {
            params.as_object_mut().unwrap().extend(extra.clone());
        }
        params
    };
    let never = format!("task-{NEVER}");
    let (status, body) = call(server, who, method, params(id)).await;
    let (unknown_status, unknown) = call(server, who, method, params(&never)).await;
    assert!(unknown.contains("unknown task"), "{unknown}");
    assert_eq!(
        (status, body),
        (unknown_status, unknown.replace(&never, id)),
        "{method} of another's task"
    );
}

/// Polls `tasks/get` by `who` until the task leaves `working` (at most 5 s).
async fn settled(server: &HttpServer, who: Option<&Arc<Principal>>, id: &str) -> Value {
    for _ in 0..500 {
        let (_, body) = call(server, who, "tasks/get", json!({"taskId": id})).await;
        let task = result(&body);
        if task["status"] != "working" {
            return task;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("task {id} still working after 5 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_principal_cannot_read_answer_or_cancel_a_task_and_gets_the_unknown_task_answer() {
    let server = HttpServer::new(router());
    let (alice, bob) = (alice(), bob());
    let id = start_task(&server, Some(&alice), "slow", json!({"ms": 60_000})).await;
    let answers =
        json!({"inputResponses": {"confirm": {"action": "accept", "content": {"sure": true}}}});
    for who in [Some(&bob), None] {
        refused_as_unknown_task(&server, who, "tasks/get", &id, &Value::Null).await;
        refused_as_unknown_task(&server, who, "tasks/update", &id, &answers).await;
        refused_as_unknown_task(&server, who, "tasks/cancel", &id, &Value::Null).await;
    }
    // Nothing they sent touched it: still working for alice, who may cancel it.
    let (_, body) = call(&server, Some(&alice), "tasks/get", json!({"taskId": id})).await;
    assert_eq!(result(&body)["status"], "working", "{body}");
    call(&server, Some(&alice), "tasks/cancel", json!({"taskId": id})).await;
    let (_, body) = call(&server, Some(&alice), "tasks/get", json!({"taskId": id})).await;
    assert_eq!(result(&body)["status"], "cancelled", "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_is_answered_only_by_its_principal_and_resumes_as_it() {
    let server = HttpServer::new(router());
    let (alice, bob) = (alice(), bob());
    let id = start_task(&server, Some(&alice), "confirm", json!({})).await;
    let waiting = settled(&server, Some(&alice), &id).await;
    assert_eq!(waiting["status"], "input_required", "{waiting}");
    let yes =
        json!({"inputResponses": {"confirm": {"action": "accept", "content": {"sure": true}}}});
    refused_as_unknown_task(&server, Some(&bob), "tasks/update", &id, &yes).await;
    let still = settled(&server, Some(&alice), &id).await;
    assert_eq!(
        still["status"], "input_required",
        "bob's answer was taken: {still}"
    );
    let mut update = yes.clone();
    update["taskId"] = Value::from(id.clone());
    call(&server, Some(&alice), "tasks/update", update).await;
    let done = settled(&server, Some(&alice), &id).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(
        done["result"]["content"][0]["text"], "confirmed for alice",
        "{done}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_made_without_a_principal_is_not_reached_with_one_nor_the_reverse() {
    let server = HttpServer::new(router());
    let alice = alice();
    let anonymous = start_task(&server, None, "slow", json!({"ms": 60_000})).await;
    refused_as_unknown_task(&server, Some(&alice), "tasks/get", &anonymous, &Value::Null).await;
    refused_as_unknown_task(
        &server,
        Some(&alice),
        "tasks/cancel",
        &anonymous,
        &Value::Null,
    )
    .await;
    let (_, body) = call(&server, None, "tasks/get", json!({"taskId": anonymous})).await;
    assert_eq!(result(&body)["status"], "working", "{body}");
    // One token's subject is the same principal as another token of that subject.
    let owned = start_task(&server, Some(&alice), "slow", json!({"ms": 1})).await;
    let again = Arc::new(
        Principal::new("alice")
            .with_issuer("https://issuer.example")
            .with_scopes(["x"]),
    );
    assert_eq!(
        settled(&server, Some(&again), &owned).await["status"],
        "completed"
    );
    // The same subject from another issuer is someone else.
    let elsewhere = Arc::new(Principal::new("alice").with_issuer("https://other.example"));
    refused_as_unknown_task(&server, Some(&elsewhere), "tasks/get", &owned, &Value::Null).await;
    for task in [anonymous, owned] {
        call(&server, None, "tasks/cancel", json!({"taskId": task})).await;
    }
}

/// The payload link in `picture`'s answer to `who`.
async fn link_for(server: &HttpServer, who: Option<&Arc<Principal>>) -> String {
    let (_, body) = call(
        server,
        who,
        "tools/call",
        json!({"name": "picture", "arguments": {}}),
    )
    .await;
    result(&body)["content"][0]["uri"]
        .as_str()
        .unwrap_or_else(|| panic!("a link: {body}"))
        .to_owned()
}

/// Asserts that `who` reading `link` gets what a link never issued gets.
async fn refused_as_unknown_link(server: &HttpServer, who: Option<&Arc<Principal>>, link: &str) {
    let never = format!("mcp-payload://blob/{NEVER}");
    let (status, body) = call(server, who, "resources/read", json!({"uri": link})).await;
    let (unknown_status, unknown) =
        call(server, who, "resources/read", json!({"uri": never})).await;
    assert!(unknown.contains("\"error\""), "{unknown}");
    assert_eq!(
        (status, body),
        (unknown_status, unknown.replace(&never, link))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payload_link_serves_only_the_principal_it_was_issued_to() {
    let server = HttpServer::new(router());
    let (alice, bob) = (alice(), bob());
    let link = link_for(&server, Some(&alice)).await;
    refused_as_unknown_link(&server, Some(&bob), &link).await;
    refused_as_unknown_link(&server, None, &link).await;
    let (_, body) = call(
        &server,
        Some(&alice),
        "resources/read",
        json!({"uri": link}),
    )
    .await;
    assert!(result(&body)["contents"][0]["blob"].is_string(), "{body}");
    // A link made without a principal is not one a principal reads.
    let anonymous = link_for(&server, None).await;
    refused_as_unknown_link(&server, Some(&alice), &anonymous).await;
    let (_, body) = call(&server, None, "resources/read", json!({"uri": anonymous})).await;
    assert!(result(&body)["contents"][0]["blob"].is_string(), "{body}");
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// A 2025-era session opened by `who`.
async fn open_session(server: &HttpServer, who: Option<&Arc<Principal>>) -> String {
    let message: Value = serde_json::from_str(INITIALIZE).unwrap();
    let response = server.handle(post(&message, who, None)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned()
}

/// `method` on `session` by `who`.
fn on_session(
    method: &str,
    params: Value,
    who: Option<&Arc<Principal>>,
    session: &str,
) -> Request<Full<Bytes>> {
    let mut message = json!({"jsonrpc": "2.0", "id": 3, "method": method});
    message["params"] = params;
    post(&message, who, Some(session))
}

/// `GET` or `DELETE` of `session` by `who`.
fn bare(method: &str, who: Option<&Arc<Principal>>, session: &str) -> Request<Full<Bytes>> {
    let mut request = Request::builder()
        .method(method)
        .uri("/mcp")
        .header("host", "127.0.0.1:3001")
        .header("accept", "text/event-stream")
        .header("mcp-session-id", session)
        .body(Full::new(Bytes::new()))
        .unwrap();
    if let Some(who) = who {
        request.extensions_mut().insert(Arc::clone(who));
    }
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_answers_another_principal_404_as_an_unknown_session() {
    let server = HttpServer::new(router());
    let (alice, bob) = (alice(), bob());
    let session = open_session(&server, Some(&alice)).await;
    for who in [Some(&bob), None] {
        for (method, params) in [
            ("ping", json!({})),
            ("tools/call", json!({"name": "picture", "arguments": {}})),
            ("resources/unsubscribe", json!({"uri": "note://a"})),
        ] {
            let theirs = send(&server, on_session(method, params.clone(), who, &session)).await;
            let unknown = send(&server, on_session(method, params, who, NEVER)).await;
            assert_eq!(theirs.0, StatusCode::NOT_FOUND, "{method}: {}", theirs.1);
            assert_eq!(theirs, unknown, "{method}");
        }
        for method in ["GET", "DELETE"] {
            let theirs = send(&server, bare(method, who, &session)).await;
            let unknown = send(&server, bare(method, who, NEVER)).await;
            assert_eq!(theirs.0, StatusCode::NOT_FOUND, "{method}");
            assert_eq!(theirs, unknown, "{method}");
        }
    }
    // Still alice's, open and answering.
    assert_eq!(server.open_sessions(), 1);
    let (status, _) = send(
        &server,
        on_session("ping", json!({}), Some(&alice), &session),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // A session opened without a principal is not one a principal reaches.
    let anonymous = open_session(&server, None).await;
    let (status, _) = send(
        &server,
        on_session("ping", json!({}), Some(&alice), &anonymous),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(&server, on_session("ping", json!({}), None, &anonymous)).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sessions_subscriptions_are_out_of_another_principals_reach() {
    let server = HttpServer::new(router());
    let (alice, bob) = (alice(), bob());
    let session = open_session(&server, Some(&alice)).await;
    let (status, _) = send(
        &server,
        on_session(
            "resources/subscribe",
            json!({"uri": "note://a"}),
            Some(&alice),
            &session,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Bob cannot drop it, nor take the stream it is heard on.
    let (status, _) = send(
        &server,
        on_session(
            "resources/unsubscribe",
            json!({"uri": "note://a"}),
            Some(&bob),
            &session,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let stream = server.handle(bare("GET", Some(&bob), &session)).await;
    assert_eq!(stream.status(), StatusCode::NOT_FOUND);
    // Alice's stream hears the update.
    let stream = server.handle(bare("GET", Some(&alice), &session)).await;
    assert_eq!(stream.status(), StatusCode::OK);
    server
        .router()
        .notify_resource_updated("note://a")
        .await
        .unwrap();
    let mut body = stream.into_body();
    let mut heard = String::new();
    while !heard.contains("notifications/resources/updated") {
        let frame = tokio::time::timeout(Duration::from_secs(5), body.frame())
            .await
            .expect("the update within 5 s")
            .expect("the stream stays open")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            heard.push_str(&String::from_utf8_lossy(&data));
        }
    }
    assert!(heard.contains("note://a"), "{heard}");
}

fn context(who: Option<&Arc<Principal>>) -> Context {
    let context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28)
        .with_client_capabilities(ClientCapabilities::from_value(json!({ "elicitation": {} })));
    match who {
        Some(who) => context.with_principal(Arc::clone(who)),
        None => context,
    }
}

fn target() -> Option<Map<String, Value>> {
    json!({ "target": "notes.txt" }).as_object().cloned()
}

fn answered(state: &str) -> InputParams {
    InputParams {
        responses: Some(json!({ "confirm": { "action": "accept", "content": { "sure": true } } })),
        state: Some(state.to_owned()),
    }
}

/// The `requestState` `delete` issues to `who` when it asks.
async fn state_for(router: &Router, who: Option<&Arc<Principal>>) -> String {
    let first = router
        .call_tool_round("delete", target(), &InputParams::default(), context(who))
        .await
        .unwrap();
    let Outcome::InputRequired(asked) = first else {
        panic!("delete asks first");
    };
    asked["requestState"].as_str().unwrap().to_owned()
}

/// The answer to `state` resuming `delete` for `who`: its text, or the error.
async fn resume(
    router: &Router,
    who: Option<&Arc<Principal>>,
    state: &str,
) -> Result<Value, ProtocolError> {
    match router
        .call_tool_round("delete", target(), &answered(state), context(who))
        .await?
    {
        Outcome::Complete(result) => {
            Ok(serde_json::to_value(&result.content[0]).unwrap()["text"].clone())
        }
        Outcome::InputRequired(asked) => panic!("asked again: {asked}"),
    }
}

#[tokio::test]
async fn a_request_state_issued_to_one_principal_is_refused_to_another_as_a_forged_one() {
    let router = router();
    let (alice, bob) = (alice(), bob());
    let state = state_for(&router, Some(&alice)).await;
    let forged = resume(&router, Some(&alice), &format!("{state}x"))
        .await
        .unwrap_err();
    assert_eq!(forged.message, "requestState failed its integrity check");
    for who in [Some(&bob), None] {
        let refused = resume(&router, who, &state).await.unwrap_err();
        assert_eq!(
            (refused.code, &refused.message),
            (forged.code, &forged.message)
        );
    }
    assert_eq!(
        resume(&router, Some(&alice), &state).await.unwrap(),
        "deleted notes.txt"
    );
    // A state issued without a principal does not open for one, and opens without.
    let anonymous = state_for(&router, None).await;
    let refused = resume(&router, Some(&alice), &anonymous).await.unwrap_err();
    assert_eq!(
        (refused.code, &refused.message),
        (forged.code, &forged.message)
    );
    assert_eq!(
        resume(&router, None, &anonymous).await.unwrap(),
        "deleted notes.txt"
    );
}

/// A request to rmcp's Streamable HTTP service by `who`; the status and the body as text.
async fn rmcp_send(
    service: &mut mcp_content::rmcp::StreamableHttp,
    method: &str,
    body: Option<&str>,
    session: Option<&str>,
    who: Option<&Arc<Principal>>,
) -> (StatusCode, Option<String>, String) {
    use tower_service::Service as _;
    let mut builder = Request::builder()
        .method(method)
        .uri("http://localhost/mcp")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    if let Some(session) = session {
        builder = builder
            .header("mcp-session-id", session)
            .header("mcp-protocol-version", "2025-11-25");
    }
    let body = Bytes::from(body.unwrap_or("").to_owned());
    let mut request = builder.body(Full::new(body)).unwrap();
    if let Some(who) = who {
        request.extensions_mut().insert(Arc::clone(who));
    }
    tokio::time::timeout(Duration::from_secs(10), async {
        let response = service.call(request).await.unwrap();
        let status = response.status();
        let opened = response
            .headers()
            .get("mcp-session-id")
            .map(|id| id.to_str().unwrap().to_owned());
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, opened, String::from_utf8_lossy(&body).into_owned())
    })
    .await
    .expect("answered within 10 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_rmcp_session_answers_another_principal_as_an_unknown_session() {
    let mut service = mcp_content::rmcp::streamable_http_service(router());
    let (alice, bob) = (alice(), bob());
    let (status, session, body) =
        rmcp_send(&mut service, "POST", Some(INITIALIZE), None, Some(&alice)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session = session.expect("a session id");
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let (status, ..) = rmcp_send(
        &mut service,
        "POST",
        Some(initialized),
        Some(&session),
        Some(&alice),
    )
    .await;
    assert!(status.is_success(), "{status}");
    let subscribe =
        r#"{"jsonrpc":"2.0","id":5,"method":"resources/subscribe","params":{"uri":"note://a"}}"#;
    for who in [Some(&bob), None] {
        for (method, body) in [
            ("POST", Some(PING_2025)),
            ("POST", Some(subscribe)),
            ("GET", None),
            ("DELETE", None),
        ] {
            let theirs = rmcp_send(&mut service, method, body, Some(&session), who).await;
            let unknown = rmcp_send(&mut service, method, body, Some(NEVER), who).await;
            // rmcp answers a `DELETE` of an unknown session as done; the rest 404.
            if method != "DELETE" {
                assert_eq!(
                    theirs.0,
                    StatusCode::NOT_FOUND,
                    "{method} {body:?}: {}",
                    theirs.2
                );
            }
            assert_eq!(theirs, unknown, "{method} {body:?}");
        }
    }
    // Still alice's, and alive.
    let (status, _, body) = rmcp_send(
        &mut service,
        "POST",
        Some(PING_2025),
        Some(&session),
        Some(&alice),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("\"result\""), "{body}");
}

const PING_2025: &str = r#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#;
