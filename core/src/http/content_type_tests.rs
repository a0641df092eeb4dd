//! A `POST` body is JSON: `Content-Type: application/json` (parameters and case allowed), or
//! 415 with a JSON-RPC error naming the rule, in both eras.

use http::{HeaderValue, header};
use http_body_util::Full;

use super::tests::{post_for, rt, send};
use super::*;

const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#;

fn server() -> HttpServer {
    HttpServer::new(Router::builder().build().unwrap())
}

/// A `POST` of `body` as its era's client sends it, with `content_type` (none for `None`).
fn post(body: &str, content_type: Option<&str>) -> Request<Full<Bytes>> {
    let mut request = post_for(body)
        .header(header::ACCEPT, "application/json, text/event-stream")
        .body(Full::new(Bytes::from(body.to_owned())))
        .unwrap();
    let headers = request.headers_mut();
    headers.remove(header::CONTENT_TYPE);
    if let Some(value) = content_type {
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(value).unwrap());
    }
    request
}

#[test]
fn a_post_that_is_not_declared_json_gets_415_naming_the_rule() {
    rt().block_on(async {
        let server = server();
        for body in [LIST, INITIALIZE] {
            for content_type in [
                None,
                Some("text/plain"),
                Some("application/x-www-form-urlencoded"),
                Some("application/json-seq"),
                Some("application/jsonx; charset=utf-8"),
                Some(""),
                Some("multipart/form-data; boundary=application/json"),
            ] {
                let (status, reply) = send(&server, post(body, content_type)).await;
                assert_eq!(
                    status,
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "{content_type:?}"
                );
                assert_eq!(reply["jsonrpc"], "2.0");
                assert_eq!(reply["id"], Value::Null);
                assert_eq!(reply["error"]["code"], -32600);
                let message = reply["error"]["message"].as_str().unwrap();
                assert!(
                    message.contains("Content-Type must be application/json"),
                    "{message}"
                );
            }
        }
        assert_eq!(server.open_sessions(), 0);
    });
}

#[test]
fn two_content_type_headers_get_415() {
    rt().block_on(async {
        let mut request = post(LIST, Some("application/json"));
        request
            .headers_mut()
            .append(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
        let (status, reply) = send(&server(), request).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.contains("2 Content-Type headers"), "{message}");
    });
}

#[test]
fn json_with_parameters_or_in_another_case_is_accepted_in_both_eras() {
    rt().block_on(async {
        let server = server();
        for content_type in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON;charset=UTF-8",
            " application/json ",
        ] {
            let (status, reply) = send(&server, post(LIST, Some(content_type))).await;
            assert_eq!(status, StatusCode::OK, "{content_type:?}: {reply}");
            assert!(reply["result"]["tools"].is_array(), "{reply}");
            let (status, reply) = send(&server, post(INITIALIZE, Some(content_type))).await;
            assert_eq!(status, StatusCode::OK, "{content_type:?}: {reply}");
            assert_eq!(reply["result"]["protocolVersion"], "2025-11-25");
        }
    });
}
