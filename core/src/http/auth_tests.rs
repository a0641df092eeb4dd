//! The endpoint as a resource server ([`HttpServer::authorization`]): 401 with the exact
//! `WWW-Authenticate` challenge for every way a request can lack a valid token, 403
//! `insufficient_scope` naming the scopes (both eras), the principal in the handler's
//! `Context`, lists not filtered, CORS on the refusals, and the token in no log, span or
//! body.

use http::header;
use http_body_util::Full;

use super::tests::{post, request, rt, send};
use super::*;
use crate::auth::{AuthError, AuthErrorKind, Principal, ResourceServer, TokenVerifier};
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::Context;
use crate::server::handler::{BoxFuture, ToolHandler};
use crate::transport::capture::captured;
use serde_json::Map;

const METADATA: &str = "http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp";
const READER: &str = "reader-token-5f1c9a";
const WRITER: &str = "writer-token-0b77e2";

/// Static tokens: the reader may read notes, the writer also write them.
struct Static;

impl TokenVerifier for Static {
    fn verify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, AuthError>> {
        Box::pin(async move {
            match token {
                READER => Ok(Principal::new("alice").with_scopes(["notes:read"])),
                WRITER => Ok(Principal::new("bob").with_scopes(["notes:read", "notes:write"])),
                "down-token" => Err(AuthError::new(
                    AuthErrorKind::Unavailable,
                    "the issuer's keys could not be fetched",
                )),
                _ => Err(AuthError::invalid("unknown token")),
            }
        })
    }
}

/// `whoami`: the caller's subject and scopes, from `Context::principal`.
struct WhoAmI;

impl ToolHandler for WhoAmI {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("whoami").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        let who = context.principal().map_or_else(
            || "nobody".to_owned(),
            |p| format!("{} {}", p.subject().unwrap_or("?"), p.scopes().join(",")),
        );
        Box::pin(async move { CallToolResult::text(who) })
    }
}

/// `write`: needs `notes:write`.
struct Write;

impl ToolHandler for Write {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("write").unwrap())
    }

    fn scopes(&self) -> &[&str] {
        &["notes:write"]
    }

    fn call(&self, _: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async { CallToolResult::text("written") })
    }
}

fn resource() -> ResourceServer {
    ResourceServer::new("http://127.0.0.1:3001/mcp", Static)
        .unwrap()
        .authorization_server("http://127.0.0.1:9000")
        .unwrap()
}

fn server() -> HttpServer {
    let router = Router::builder().tool(WhoAmI).tool(Write).build().unwrap();
    HttpServer::new(router).authorization(resource())
}

fn call(tool: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"{tool}","arguments":{{}}}}}}"#
    )
}

fn with_token(mut request: Request<Full<Bytes>>, authorization: &str) -> Request<Full<Bytes>> {
    request.headers_mut().insert(
        header::AUTHORIZATION,
        http::HeaderValue::from_str(authorization).unwrap(),
    );
    request
}

/// The response's status, `WWW-Authenticate` and body text.
async fn answer(
    server: &HttpServer,
    request: Request<Full<Bytes>>,
) -> (StatusCode, String, String) {
    let response = server.handle(request).await;
    let status = response.status();
    let challenge = response
        .headers()
        .get(header::WWW_AUTHENTICATE)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, challenge, String::from_utf8(body.to_vec()).unwrap())
}

#[test]
fn a_request_without_a_usable_bearer_token_gets_401_pointing_to_the_metadata() {
    rt().block_on(async {
        let server = server();
        let missing = format!("Bearer resource_metadata=\"{METADATA}\"");
        for authorization in [
            None,
            Some("Bearer"),
            Some("Bearer "),
            Some("Basic dXNlcjpwYXNz"),
        ] {
            let mut req = request(&call("whoami"));
            if let Some(value) = authorization {
                req = with_token(req, value);
            }
            let (status, challenge, body) = answer(&server, req).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{authorization:?}");
            assert_eq!(challenge, missing, "{authorization:?}");
            let body: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(body["id"], Value::Null);
            assert_eq!(body["error"]["code"], -32600);
            assert!(
                body["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("Authorization: Bearer"),
                "{body}"
            );
        }
    });
}

#[test]
fn a_refused_token_gets_401_invalid_token_with_the_reason_and_never_the_token() {
    rt().block_on(async {
        let server = server();
        let req = with_token(request(&call("whoami")), "Bearer wrong-token-9c2d41");
        let (status, challenge, body) = answer(&server, req).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            challenge,
            format!(
                "Bearer error=\"invalid_token\", error_description=\"unknown token\", \
                 resource_metadata=\"{METADATA}\""
            )
        );
        assert!(!body.contains("wrong-token-9c2d41"), "{body}");

        // 100 KiB: refused before the verifier, by its length.
        let long = "a".repeat(100 << 10);
        let req = with_token(request(&call("whoami")), &format!("Bearer {long}"));
        let (status, challenge, body) = answer(&server, req).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(
            challenge.contains("error_description=\"the token is over 16384 bytes long\""),
            "{challenge}"
        );
        assert!(!body.contains(&long[..64]));

        // A verifier that cannot decide: refused too (never let through).
        let req = with_token(request(&call("whoami")), "Bearer down-token");
        let (status, challenge, _) = answer(&server, req).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(
            challenge.starts_with("Bearer error=\"invalid_token\""),
            "{challenge}"
        );
    });
}

#[test]
fn a_token_without_the_tools_scope_gets_403_insufficient_scope_naming_it() {
    rt().block_on(async {
        let server = server();
        let req = with_token(request(&call("write")), &format!("Bearer {READER}"));
        let (status, challenge, body) = answer(&server, req).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            challenge,
            format!(
                "Bearer error=\"insufficient_scope\", scope=\"notes:write\", \
                 resource_metadata=\"{METADATA}\", error_description=\"insufficient scope: \
                 tool `write` needs the scope notes:write; the token lacks notes:write\""
            )
        );
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["id"], 7);
        assert_eq!(body["error"]["code"], crate::auth::INSUFFICIENT_SCOPE);
        assert_eq!(body["error"]["data"]["scope"], "notes:write");

        // With the scope, the call runs.
        let req = with_token(request(&call("write")), &format!("Bearer {WRITER}"));
        let (status, _, body) = answer(&server, req).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.contains("written"), "{body}");
    });
}

#[test]
fn a_tool_the_caller_may_not_call_is_still_listed() {
    rt().block_on(async {
        let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
        let req = with_token(request(list), &format!("Bearer {READER}"));
        let (status, body) = send(&server(), req).await;
        assert_eq!(status, StatusCode::OK);
        let names: Vec<&str> = body["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["whoami", "write"]);
    });
}

#[test]
fn the_principal_reaches_the_handler_without_a_session_and_in_a_2025_session() {
    rt().block_on(async {
        let server = server();
        let req = with_token(request(&call("whoami")), &format!("Bearer {READER}"));
        let (status, body) = send(&server, req).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["result"]["content"][0]["text"], "alice notes:read");

        // A 2025 session: opened with a token, every request carries one.
        let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
        let session_post = || {
            post()
                .header(header::ACCEPT, "application/json, text/event-stream")
                .header(header::AUTHORIZATION, format!("Bearer {WRITER}"))
        };
        let opened = server
            .handle(session_post().body(Full::new(Bytes::from(initialize))).unwrap())
            .await;
        assert_eq!(opened.status(), StatusCode::OK);
        let id = opened.headers()["mcp-session-id"].to_str().unwrap().to_owned();
        let in_session = |body: String, token: Option<&str>| {
            let mut builder = post()
                .header(header::ACCEPT, "application/json, text/event-stream")
                .header("mcp-session-id", id.as_str());
            if let Some(token) = token {
                builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
            }
            builder.body(Full::new(Bytes::from(body))).unwrap()
        };
        let (status, body) = send(&server, in_session(call("whoami"), Some(WRITER))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["result"]["content"][0]["text"],
            "bob notes:read,notes:write"
        );
        // Without a token: 401, in the session too.
        let (status, challenge, _) = answer(&server, in_session(call("whoami"), None)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(challenge, format!("Bearer resource_metadata=\"{METADATA}\""));
        // A session request lacking the scope (no Mcp-Method headers): 403 from the body.
        let (status, challenge, _) = answer(&server, in_session(call("write"), Some(READER))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(challenge.contains("scope=\"notes:write\""), "{challenge}");
        // GET and DELETE need a token too.
        for method in [Method::GET, Method::DELETE] {
            let req = Request::builder()
                .method(method.clone())
                .uri("/mcp")
                .header(header::HOST, "127.0.0.1:3001")
                .header(header::ACCEPT, "text/event-stream")
                .header("mcp-session-id", id.as_str())
                .body(Full::new(Bytes::new()))
                .unwrap();
            let (status, _, _) = answer(&server, req).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method}");
        }
    });
}

#[test]
fn a_browser_can_read_the_challenge_and_its_preflight_needs_no_token() {
    rt().block_on(async {
        let server = server();
        let origin = "http://localhost:5173";
        let mut req = request(&call("whoami"));
        req.headers_mut()
            .insert(header::ORIGIN, origin.parse().unwrap());
        let response = server.handle(req).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let headers = response.headers();
        assert_eq!(headers[header::ACCESS_CONTROL_ALLOW_ORIGIN], origin);
        let exposed = headers[header::ACCESS_CONTROL_EXPOSE_HEADERS]
            .to_str()
            .unwrap();
        assert!(exposed.contains("WWW-Authenticate"), "{exposed}");

        let preflight = Request::builder()
            .method(Method::OPTIONS)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1:3001")
            .header(header::ORIGIN, origin)
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .header(
                header::ACCESS_CONTROL_REQUEST_HEADERS,
                "authorization, content-type",
            )
            .body(Full::new(Bytes::new()))
            .unwrap();
        let response = server.handle(preflight).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        let allowed = response.headers()[header::ACCESS_CONTROL_ALLOW_HEADERS]
            .to_str()
            .unwrap();
        assert!(allowed.contains("authorization"), "{allowed}");
    });
}

#[test]
fn the_router_refuses_a_principal_without_the_scopes_whatever_the_transport() {
    rt().block_on(async {
        let router = Router::builder().tool(Write).build().unwrap();
        let context = |principal: Principal| {
            Context::new(crate::model::meta::Meta::default(), ProtocolVersion::LATEST)
                .with_principal(Arc::new(principal))
        };
        let params = serde_json::json!({ "name": "write", "arguments": {} });
        let params = params.as_object().cloned();
        let reader = context(Principal::new("alice").with_scopes(["notes:read"]));
        let error = router
            .handle("tools/call", params.clone(), reader)
            .await
            .unwrap_err();
        assert_eq!(error.code, crate::auth::INSUFFICIENT_SCOPE);
        assert!(error.message.contains("notes:write"), "{}", error.message);
        let writer = context(Principal::new("bob").with_scopes(["notes:write"]));
        assert!(
            router
                .handle("tools/call", params.clone(), writer)
                .await
                .is_ok()
        );
        // No principal (stdio, no authorization): nothing to check.
        let anyone = Context::new(crate::model::meta::Meta::default(), ProtocolVersion::LATEST);
        assert!(router.handle("tools/call", params, anyone).await.is_ok());
    });
}

#[test]
fn the_token_is_in_no_log_span_or_body_whether_refused_or_accepted() {
    let bodies = Arc::new(std::sync::Mutex::new(String::new()));
    let seen = Arc::clone(&bodies);
    let text = captured(async move || {
        let server = server();
        for token in ["refused-token-77aa31", READER] {
            for tool in ["whoami", "write"] {
                let req = with_token(request(&call(tool)), &format!("Bearer {token}"));
                let (status, challenge, body) = answer(&server, req).await;
                assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR);
                let mut seen = seen.lock().unwrap();
                seen.push_str(&challenge);
                seen.push_str(&body);
            }
        }
    });
    let bodies = bodies.lock().unwrap();
    assert!(text.contains("bearer token refused"), "{text}");
    assert!(text.contains("insufficient scope"), "{text}");
    for token in ["refused-token-77aa31", READER] {
        assert!(!text.contains(token), "{text}");
        assert!(!bodies.contains(token), "{bodies}");
    }
}
