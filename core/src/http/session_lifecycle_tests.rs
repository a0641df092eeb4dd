//! A session's life on the endpoint: ended by `DELETE`, refused when missing, unknown, on
//! another version or with a narrow `Accept`, ended when idle (on access and by a sweep),
//! limited in number (idle ones make room, live ones never do), and
//! the stateless flow served next to sessions.

use super::*;

#[test]
fn delete_ends_the_session_and_later_requests_get_404() {
    rt().block_on(async {
        let (addr, server) = start().await;
        for version in VERSIONS {
            let (session, _) = initialize(addr, version, json!({})).await;
            let delete = || {
                request(Method::DELETE, Some(&session), Some(version))
                    .body(Full::new(Bytes::new()))
                    .unwrap()
            };
            assert_eq!(send(addr, delete()).await.status(), StatusCode::NO_CONTENT);
            let after = post(addr, Some(&session), Some(version), &call_tool(1, "quiet")).await;
            assert_eq!(after.status(), StatusCode::NOT_FOUND);
            let body = json_of(after).await;
            assert_eq!(body["id"], 1);
            assert_eq!(body["error"]["code"], INVALID_REQUEST);
            let get = request(Method::GET, Some(&session), Some(version))
                .body(Full::new(Bytes::new()))
                .unwrap();
            assert_eq!(send(addr, get).await.status(), StatusCode::NOT_FOUND);
            assert_eq!(send(addr, delete()).await.status(), StatusCode::NOT_FOUND);
        }
        assert_eq!(server.open_sessions(), 0);
    });
}

#[test]
fn a_missing_or_unknown_session_id_is_refused() {
    rt().block_on(async {
        let (addr, _) = start().await;
        for version in VERSIONS {
            // A 2025-era request without its session: 400.
            let missing = post(addr, None, Some(version), &call_tool(1, "quiet")).await;
            assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
            assert_eq!(json_of(missing).await["id"], 1);
            for method in [Method::GET, Method::DELETE] {
                let request = request(method, None, Some(version))
                    .body(Full::new(Bytes::new()))
                    .unwrap();
                assert_eq!(send(addr, request).await.status(), StatusCode::BAD_REQUEST);
            }
            // A session that never was: 404, on every method.
            let unknown = post(
                addr,
                Some("no-such-session"),
                Some(version),
                &call_tool(2, "quiet"),
            )
            .await;
            assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
            let unknown = post(
                addr,
                Some("no-such-session"),
                Some(version),
                &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            )
            .await;
            assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
            for method in [Method::GET, Method::DELETE] {
                let request = request(method, Some("no-such-session"), Some(version))
                    .body(Full::new(Bytes::new()))
                    .unwrap();
                assert_eq!(send(addr, request).await.status(), StatusCode::NOT_FOUND);
            }
        }
    });
}

#[test]
fn the_version_header_must_name_the_sessions_version() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (session, _) = initialize(addr, "2025-06-18", json!({})).await;
        for wrong in ["2025-11-25", "2026-07-28", "1999-01-01"] {
            let response = post(addr, Some(&session), Some(wrong), &call_tool(1, "quiet")).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{wrong}");
            let body = json_of(response).await;
            assert!(
                body["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("not the session's version"),
                "{body}"
            );
        }
        // Without the header, the session's version is assumed.
        let response = post(addr, Some(&session), None, &call_tool(2, "quiet")).await;
        assert_eq!(response.status(), StatusCode::OK);
    });
}

#[test]
fn accept_must_allow_json_and_event_streams() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (session, _) = initialize(addr, "2025-11-25", json!({})).await;
        let body = Full::new(Bytes::from(
            serde_json::to_vec(&call_tool(1, "quiet")).unwrap(),
        ));
        let only_json = Request::builder()
            .method(Method::POST)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json")
            .header("Mcp-Session-Id", &session)
            .body(body)
            .unwrap();
        assert_eq!(
            send(addr, only_json).await.status(),
            StatusCode::NOT_ACCEPTABLE
        );
        let get = Request::builder()
            .method(Method::GET)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1")
            .header(header::ACCEPT, "application/json")
            .header("Mcp-Session-Id", &session)
            .body(Full::new(Bytes::new()))
            .unwrap();
        assert_eq!(send(addr, get).await.status(), StatusCode::NOT_ACCEPTABLE);
    });
}

#[test]
fn a_foreign_origin_is_refused_on_session_requests_too() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (session, _) = initialize(addr, "2025-11-25", json!({})).await;
        for method in [Method::POST, Method::GET, Method::DELETE] {
            let request = request(method, Some(&session), None)
                .header(header::ORIGIN, "https://evil.example")
                .body(Full::new(Bytes::from(
                    serde_json::to_vec(&call_tool(1, "quiet")).unwrap(),
                )))
                .unwrap();
            assert_eq!(send(addr, request).await.status(), StatusCode::FORBIDDEN);
        }
    });
}

#[test]
fn the_stateless_flow_is_served_next_to_sessions() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let (_session, _) = initialize(addr, "2025-11-25", json!({})).await;
        let mut message = call_tool(9, "quiet");
        message["params"]["_meta"] =
            json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"});
        let response = post(addr, None, Some("2026-07-28"), &message).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body = json_of(response).await;
        assert_eq!(body["result"]["resultType"], "complete");
        // A 2026-07-28 `initialize` is not the session flow: the method does not exist.
        let initialize = json!({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {
            "protocolVersion": "2026-07-28",
            "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"},
        }});
        let response = post(addr, None, Some("2026-07-28"), &initialize).await;
        assert!(response.headers().get("mcp-session-id").is_none());
        assert_eq!(
            json_of(response).await["error"]["code"],
            ProtocolError::METHOD_NOT_FOUND
        );
    });
}

#[test]
fn a_session_refused_when_too_many_are_open() {
    rt().block_on(async {
        let router = Router::builder().tool(Quiet).build().unwrap();
        let server = HttpServer::new(router).max_sessions(1);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(server.clone().serve(listener));
        let (session, _) = initialize(addr, "2025-11-25", json!({})).await;
        let message = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
        }});
        let refused = post(addr, None, None, &message).await;
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        let delete = request(Method::DELETE, Some(&session), None)
            .body(Full::new(Bytes::new()))
            .unwrap();
        assert_eq!(send(addr, delete).await.status(), StatusCode::NO_CONTENT);
        assert_eq!(
            post(addr, None, None, &message).await.status(),
            StatusCode::OK
        );
    });
}

#[test]
fn an_idle_session_makes_room_for_a_new_one() {
    rt().block_on(async {
        let router = Router::builder().tool(Quiet).build().unwrap();
        let server = HttpServer::new(router)
            .max_sessions(1)
            .session_idle_timeout(Duration::from_millis(300));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(server.clone().serve(listener));
        let (first, _) = initialize(addr, "2025-11-25", json!({})).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        let (second, _) = initialize(addr, "2025-11-25", json!({})).await;
        assert_eq!(server.open_sessions(), 1);
        let gone = post(addr, Some(&first), None, &call_tool(1, "quiet")).await;
        assert_eq!(gone.status(), StatusCode::NOT_FOUND);
        let kept = post(addr, Some(&second), None, &call_tool(2, "quiet")).await;
        assert_eq!(kept.status(), StatusCode::OK);
    });
}

#[test]
fn an_idle_session_stops_answering_though_the_table_has_room() {
    rt().block_on(async {
        let router = Router::builder().tool(Quiet).build().unwrap();
        let server = HttpServer::new(router)
            .max_sessions(100)
            .session_idle_timeout(Duration::from_millis(300));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(server.clone().serve(listener));
        let (used, _) = initialize(addr, "2025-11-25", json!({})).await;
        let (idle, _) = initialize(addr, "2025-11-25", json!({})).await;
        // Used every 100 ms: alive past the timeout.
        for id in 0..6 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let answer = post(addr, Some(&used), None, &call_tool(id, "quiet")).await;
            assert_eq!(answer.status(), StatusCode::OK);
        }
        let gone = post(addr, Some(&idle), None, &call_tool(9, "quiet")).await;
        assert_eq!(gone.status(), StatusCode::NOT_FOUND);
        let delete = request(Method::DELETE, Some(&idle), None)
            .body(Full::new(Bytes::new()))
            .unwrap();
        assert_eq!(send(addr, delete).await.status(), StatusCode::NOT_FOUND);
    });
}

#[test]
fn idle_sessions_nobody_names_are_swept_on_a_timer() {
    rt().block_on(async {
        let router = Router::builder().tool(Quiet).build().unwrap();
        let server = HttpServer::new(router).session_idle_timeout(Duration::from_millis(200));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(server.clone().serve(listener));
        for _ in 0..3 {
            initialize(addr, "2025-11-25", json!({})).await;
        }
        assert_eq!(server.open_sessions(), 3);
        // The timeout, then a sweep period (a quarter of it, at least 50 ms), with margin.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        while server.open_sessions() > 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{} sessions still open",
                server.open_sessions()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
}

#[test]
fn a_full_table_of_live_sessions_refuses_initialize_and_keeps_every_session() {
    rt().block_on(async {
        let router = Router::builder().tool(Quiet).build().unwrap();
        let server = HttpServer::new(router)
            .max_sessions(2)
            .session_idle_timeout(Duration::from_secs(60));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(server.clone().serve(listener));
        let (first, _) = initialize(addr, "2025-11-25", json!({})).await;
        let (second, _) = initialize(addr, "2025-06-18", json!({})).await;
        let message = json!({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
        }});
        for _ in 0..5 {
            let refused = post(addr, None, None, &message).await;
            assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
            let body = json_of(refused).await;
            assert_eq!(body["id"], 3);
            let text = body["error"]["message"].as_str().unwrap();
            assert!(text.contains("limit of 2 sessions"), "{text}");
        }
        assert_eq!(server.open_sessions(), 2);
        for (id, session) in [(1, &first), (2, &second)] {
            let answer = post(addr, Some(session), None, &call_tool(id, "quiet")).await;
            assert_eq!(answer.status(), StatusCode::OK);
        }
    });
}

#[test]
fn a_stateless_request_that_asked_for_progress_gets_it_on_an_event_stream() {
    rt().block_on(async {
        let (addr, _) = start().await;
        let mut message = call_tool(4, "chatty");
        message["params"]["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/logLevel": "info",
            "progressToken": 8,
        });
        let response = post(addr, None, Some("2026-07-28"), &message).await;
        let mut events = Events::of(response);
        let progress = events.next().await.unwrap();
        assert_eq!(progress["method"], "notifications/progress");
        assert_eq!(progress["params"]["progressToken"], 8);
        let log = events.next().await.unwrap();
        assert_eq!(log["method"], "notifications/message");
        let data = events.next_data().await.unwrap();
        let mut expected = br#"{"jsonrpc":"2.0","id":4,"result":"#.to_vec();
        expected.extend(picture_result().to_json_for(ProtocolVersion::V2026_07_28));
        expected.push(b'}');
        assert_eq!(data, expected);
        assert!(events.next_data().await.is_none());
        // Without a progress token or a log level: one JSON body.
        message["params"]["_meta"] =
            json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"});
        let response = post(addr, None, Some("2026-07-28"), &message).await;
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(json_of(response).await["result"]["resultType"], "complete");
    });
}
