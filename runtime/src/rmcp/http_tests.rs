//! The front of rmcp's Streamable HTTP service: what it refuses before rmcp reads a body.

use super::*;
use serde_json::json;

#[test]
fn origins_match_scheme_host_and_port() {
    let options = HttpOptions::default();
    assert!(options.origin_allowed("http://localhost:3000"));
    assert!(options.origin_allowed("http://127.0.0.1:8080"));
    assert!(!options.origin_allowed("http://localhost.evil.example:3000"));
    assert!(!options.origin_allowed("http://localhost:"));
    assert!(!options.origin_allowed("null"));
    assert!(
        HttpOptions::default()
            .allow_origin("null")
            .origin_allowed("null")
    );
    assert!(
        !HttpOptions::default()
            .only_origins(Vec::<String>::new())
            .origin_allowed("http://localhost:1")
    );
}

#[test]
fn required_params_are_named() {
    let refusal = |body: &str| {
        check_body(body.as_bytes()).map(|response| {
            let status = response.status();
            let bytes = futures_body(response);
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        })
    };
    let (status, call) =
        refusal(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#).unwrap();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(call["id"], 1);
    assert_eq!(call["error"]["code"], -32602);
    assert_eq!(
        call["error"]["message"],
        "tools/call: params.name is required"
    );
    let (_, read) = refusal(r#"{"jsonrpc":"2.0","id":"r","method":"resources/read"}"#).unwrap();
    assert_eq!(
        (&read["id"], &read["error"]["message"]),
        (
            &json!("r"),
            &json!("resources/read: params.uri is required")
        )
    );
    // The wrong JSON type is as good as missing.
    let (_, typed) = refusal(
        r#"{"jsonrpc":"2.0","id":2,"method":"completion/complete","params":{"ref":{"type":"ref/prompt"},"argument":"x"}}"#,
    )
    .unwrap();
    assert_eq!(
        typed["error"]["message"],
        "completion/complete: params.argument is required"
    );
    // `params` that is not an object: the same answer as a missing name.
    let (_, listed) =
        refusal(r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":[1]}"#).unwrap();
    assert_eq!(
        listed["error"]["message"],
        "tools/call: params.name is required"
    );
    let fine = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,{"b":null}]},"_meta":{"k":"v"}}}"#;
    assert!(refusal(fine).is_none());
    // Other methods, notifications and responses pass; so does a batch (rmcp's to judge).
    assert!(refusal(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#).is_none());
    assert!(refusal(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#).is_none());
    assert!(refusal(r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#).is_none());
}

/// rmcp's types read a `null` member as absent: the front refuses it first, naming it,
/// for every method a server answers; notifications and unknown methods pass to rmcp.
#[test]
fn a_null_params_member_is_refused_before_rmcp_reads_it() {
    use crate::rmcp::null_member_tests::{
        NULL_MEMBER_PASSED, NULL_MEMBER_REQUESTS, assert_null_member_reply,
    };
    for (body, key) in NULL_MEMBER_REQUESTS {
        let response = check_body(body.as_bytes()).expect(body);
        assert_eq!(response.status(), StatusCode::OK);
        let reply: Value = serde_json::from_slice(&futures_body(response)).unwrap();
        assert_null_member_reply(body, key, &reply);
    }
    for passed in NULL_MEMBER_PASSED {
        assert!(check_body(passed.as_bytes()).is_none(), "{passed}");
    }
}

/// The reply every transport gives a message that is not JSON, byte for byte.
#[test]
fn a_malformed_request_gets_the_one_parse_error_reply() {
    use crate::transport::parse::{MALFORMED, parse_error_reply};
    for (bytes, named) in MALFORMED {
        let response = check_body(bytes).expect(named);
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{named}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/json",
            "{named}"
        );
        assert_eq!(
            futures_body(response),
            parse_error_reply(bytes, None),
            "{named}"
        );
    }
}

#[test]
fn a_body_that_is_not_json_is_a_parse_error() {
    for body in [
        "{",
        "not json",
        r#"{"method":"tools/call","params":{"name":"x"}"#,
        "",
    ] {
        let response = check_body(body.as_bytes()).expect(body);
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let answer: Value = serde_json::from_slice(&futures_body(response)).unwrap();
        assert_eq!(answer["error"]["code"], -32700, "{body}");
        assert_eq!(answer["id"], Value::Null);
    }
    // Encoding faults are named as such, in values and in keys.
    for (body, named) in [
        (&b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\"}"[..], "byte order mark"),
        (b"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\"}", "invalid UTF-8"),
        (
            br#"{"jsonrpc":"2.0","id":"\ud800"}"#,
            "lone surrogate escape",
        ),
        (br#"{"jsonrpc":"2.0","\udc00":1}"#, "lone surrogate escape"),
    ] {
        let response = check_body(body).expect(named);
        let answer: Value = serde_json::from_slice(&futures_body(response)).unwrap();
        assert_eq!(answer["error"]["code"], -32700, "{named}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{message}");
    }
}

fn futures_body(response: HttpResponse) -> Bytes {
    let body = response.into_body();
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(body.collect())
        .unwrap()
        .to_bytes()
}

/// `HttpOptions` as a layer puts the front before any inner service: a foreign `Origin` is
/// refused before the inner service sees it, an allowed one reaches it.
#[test]
fn the_front_as_a_layer_checks_the_origin_before_the_inner_service() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tower_layer::Layer as _;
    use tower_service::Service as _;

    /// Counts the requests that reach it; answers 202.
    #[derive(Clone)]
    struct Inner(Arc<AtomicUsize>);
    impl tower_service::Service<Request<Full<Bytes>>> for Inner {
        type Response = HttpResponse;
        type Error = Infallible;
        type Future = std::future::Ready<Result<HttpResponse, Infallible>>;
        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }
        fn call(&mut self, _: Request<Full<Bytes>>) -> Self::Future {
            self.0.fetch_add(1, Ordering::SeqCst);
            let mut response = Response::new(Full::new(Bytes::new()).boxed());
            *response.status_mut() = StatusCode::ACCEPTED;
            std::future::ready(Ok(response))
        }
    }
    let reached = Arc::new(AtomicUsize::new(0));
    let inner = Inner(Arc::clone(&reached));
    let mut front = HttpOptions::default()
        .allow_origin("https://app.example.com")
        .layer(inner);
    let call = |origin: &str| {
        Request::post("/mcp")
            .header(header::ORIGIN, origin)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from_static(
                br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            )))
            .unwrap()
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let refused = rt
        .block_on(front.call(call("https://evil.example.com")))
        .unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(reached.load(Ordering::SeqCst), 0);
    let passed = rt
        .block_on(front.call(call("https://app.example.com")))
        .unwrap();
    assert_eq!(passed.status(), StatusCode::ACCEPTED);
    assert_eq!(reached.load(Ordering::SeqCst), 1);
}
