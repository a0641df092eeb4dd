//! Resumable session streams: a client that lost a stream `GET`s with `Last-Event-ID` and
//! receives what it missed (a request's remaining events and its response, or the
//! standalone stream's notifications), nothing twice, nothing of another stream or session;
//! what is kept is bounded.

use std::net::SocketAddr;

use http_body_util::Full;
use serde_json::json;

use super::body::STREAM_QUEUE;
use super::replay::{KEEP_ENDED, KEEP_EVENTS, StartAt, Streams};
use super::session_tests::{Events, call_tool, initialize, post, request, rt, send, start};
use super::*;
use crate::server::changes::ListKind;

const VERSION: &str = "2025-11-25";

/// `GET` on the session, resuming after `last` when given.
async fn get(
    addr: SocketAddr,
    session: &str,
    last: Option<&str>,
) -> Response<hyper::body::Incoming> {
    let mut builder = request(Method::GET, Some(session), Some(VERSION));
    if let Some(last) = last {
        builder = builder.header("last-event-id", last);
    }
    send(addr, builder.body(Full::new(Bytes::new())).unwrap()).await
}

/// A fresh `GET` (no `Last-Event-ID`, or an id the session does not know) right after the
/// test dropped the connection that read the standalone stream: the server learns of the
/// drop asynchronously and answers 409 until then, so ask again (bounded) on 409.
async fn get_fresh(
    addr: SocketAddr,
    session: &str,
    last: Option<&str>,
) -> Response<hyper::body::Incoming> {
    for _ in 0..200 {
        let response = get(addr, session, last).await;
        if response.status() != StatusCode::CONFLICT {
            return response;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the dropped GET stream was never let go");
}

#[test]
fn a_request_stream_resumed_with_last_event_id_delivers_the_missed_response() {
    rt().block_on(async {
        let (addr, _server) = start().await;
        let capabilities = json!({"elicitation": {"form": {}}});
        let (session, _) = initialize(addr, VERSION, capabilities).await;
        let response = post(
            addr,
            Some(&session),
            Some(VERSION),
            &call_tool(7, "ask_name"),
        )
        .await;
        let mut events = Events::of(response);
        let (id, data) = events.next_event().await.unwrap();
        let asked: Value = serde_json::from_slice(&data).unwrap();
        assert_eq!(asked["method"], "elicitation/create");
        let first_id = id.expect("every session event has an id");
        // The connection is lost before the response.
        drop(events);
        let answer = json!({"jsonrpc": "2.0", "id": asked["id"], "result": {
            "action": "accept", "content": {"name": "Ann"},
        }});
        let posted = post(addr, Some(&session), Some(VERSION), &answer).await;
        assert_eq!(posted.status(), StatusCode::ACCEPTED);
        let resumed = get(addr, &session, Some(&first_id)).await;
        assert_eq!(resumed.status(), StatusCode::OK);
        let mut events = Events::of(resumed);
        let (id, data) = events.next_event().await.unwrap();
        let response: Value = serde_json::from_slice(&data).unwrap();
        assert_eq!(response["id"], 7, "{response}");
        assert_eq!(response["result"]["content"][0]["text"], "Hello, Ann!");
        assert_ne!(id.as_deref(), Some(first_id.as_str()));
        // The request's stream ends with its response.
        assert!(events.next_event().await.is_none());
    });
}

#[test]
fn a_resumed_stream_replays_exactly_the_events_after_the_last_one_seen() {
    rt().block_on(async {
        let (addr, _server) = start().await;
        let (session, _) = initialize(addr, VERSION, json!({})).await;
        let set_level = json!({"jsonrpc": "2.0", "id": 1, "method": "logging/setLevel", "params": {"level": "info"}});
        post(addr, Some(&session), Some(VERSION), &set_level).await;
        let mut call = call_tool(2, "chatty");
        call["params"]["_meta"] = json!({"progressToken": "p"});
        let mut events = Events::of(post(addr, Some(&session), Some(VERSION), &call).await);
        let mut seen = Vec::new();
        while let Some((id, data)) = events.next_event().await {
            seen.push((id.unwrap(), serde_json::from_slice::<Value>(&data).unwrap()));
        }
        let kinds: Vec<&str> = seen
            .iter()
            .map(|(_, m)| m["method"].as_str().unwrap_or("response"))
            .collect();
        assert_eq!(kinds, ["notifications/progress", "notifications/message", "response"]);
        // From each point, the rest and only the rest, with the same ids.
        for (from, _) in seen.iter().enumerate() {
            let mut replay = Events::of(get(addr, &session, Some(&seen[from].0)).await);
            let mut rest = Vec::new();
            while let Some((id, data)) = replay.next_event().await {
                rest.push((id.unwrap(), serde_json::from_slice::<Value>(&data).unwrap()));
            }
            assert_eq!(rest, seen[from + 1..].to_vec(), "after {}", seen[from].0);
        }
    });
}

#[test]
fn the_standalone_stream_resumes_with_the_notifications_missed_meanwhile() {
    rt().block_on(async {
        let (addr, server) = start().await;
        let (session, _) = initialize(addr, VERSION, json!({})).await;
        let mut events = Events::of(get(addr, &session, None).await);
        // The stream is attached before its response starts: nothing is missed.
        server
            .router()
            .notify_list_changed(ListKind::Tools)
            .await
            .unwrap();
        let (last, data) = events.next_event().await.unwrap();
        let heard: Value = serde_json::from_slice(&data).unwrap();
        assert_eq!(heard["method"], "notifications/tools/list_changed");
        drop(events);
        // While nobody listens.
        server
            .router()
            .notify_list_changed(ListKind::Prompts)
            .await
            .unwrap();
        server
            .router()
            .notify_list_changed(ListKind::Resources)
            .await
            .unwrap();
        let mut resumed = Events::of(get(addr, &session, last.as_deref()).await);
        for method in [
            "notifications/prompts/list_changed",
            "notifications/resources/list_changed",
        ] {
            assert_eq!(resumed.next().await.unwrap()["method"], method);
        }
        drop(resumed);
        // A fresh `GET` (and one naming an id this session never gave) starts after them.
        for last in [None, Some("99-0"), Some("not an id")] {
            let mut fresh = Events::of(get_fresh(addr, &session, last).await);
            server
                .router()
                .notify_list_changed(ListKind::Tools)
                .await
                .unwrap();
            assert_eq!(
                fresh.next().await.unwrap()["method"],
                "notifications/tools/list_changed",
                "{last:?}"
            );
        }
        // Another session's ids do not reach into this one.
        let (other, _) = initialize(addr, VERSION, json!({})).await;
        let mut theirs = Events::of(get(addr, &other, last.as_deref()).await);
        server
            .router()
            .notify_list_changed(ListKind::Tools)
            .await
            .unwrap();
        assert_eq!(
            theirs.next().await.unwrap()["method"],
            "notifications/tools/list_changed"
        );
    });
}

#[test]
fn a_log_keeps_a_bounded_tail_and_forgets_old_ended_streams() {
    let log = Streams::new().standalone();
    for n in 0..(KEEP_EVENTS as u64 + 10) {
        log.emit(|out| out.extend_from_slice(format!("{{\"n\":{n}}}").as_bytes()));
    }
    let mut rx = log.attach(StartAt::After(0));
    let mut kept = 0;
    while let Ok(frame) = rx.try_recv() {
        kept += 1;
        if kept == 1 {
            // The oldest kept is the one KEEP_EVENTS before the end.
            assert!(frame.starts_with(b"id: 0-10\n"), "{frame:?}");
        }
    }
    assert_eq!(kept, KEEP_EVENTS);
    // The newest event is kept whatever its size.
    log.emit(|out| out.resize(out.len() + (5 << 20), b'x'));
    let mut rx = log.attach(StartAt::After(KEEP_EVENTS as u64 + 9));
    assert!(rx.try_recv().unwrap().len() > 5 << 20);
    // Ended request streams beyond KEEP_ENDED are forgotten, oldest first.
    let streams = Streams::new();
    let opened: Vec<_> = (0..KEEP_ENDED + 3).map(|_| streams.open()).collect();
    for log in &opened {
        log.emit(|out| out.extend_from_slice(b"{}"));
        log.end();
    }
    streams.open();
    assert!(streams.resume("1-0").is_none());
    assert!(streams.resume(&format!("{}-0", KEEP_ENDED + 3)).is_some());
}

#[test]
fn a_reader_too_far_behind_is_let_go_and_resumes_from_what_was_kept() {
    let queue = STREAM_QUEUE.max(2 * KEEP_EVENTS);
    let log = Streams::new().standalone();
    let mut rx = log.attach(StartAt::Now);
    // The client reads nothing while more events than its queue holds are emitted.
    let total = queue as u64 + 20;
    for n in 0..total {
        log.emit(|out| out.extend_from_slice(format!("{{\"n\":{n}}}").as_bytes()));
    }
    // Its connection holds the first `queue` events and then ends; nothing more is held.
    assert!(!log.is_read());
    let mut held = 0;
    while let Ok(frame) = rx.try_recv() {
        assert!(
            frame.starts_with(format!("id: 0-{held}\n").as_bytes()),
            "{frame:?}"
        );
        held += 1;
    }
    assert_eq!(held, queue);
    assert!(rx.is_closed());
    // Resuming after the last event it saw gives what the log kept after it, in order.
    let mut resumed = log.attach(StartAt::After(total - 5));
    let mut last = total - 5;
    while let Ok(frame) = resumed.try_recv() {
        last += 1;
        assert!(
            frame.starts_with(format!("id: 0-{last}\n").as_bytes()),
            "{frame:?}"
        );
    }
    assert_eq!(last, total - 1);
}

#[test]
fn a_resume_takes_the_standalone_stream_over_from_a_connection_still_open() {
    rt().block_on(async {
        let (addr, server) = start().await;
        let (session, _) = initialize(addr, VERSION, json!({})).await;
        let mut old = Events::of(get(addr, &session, None).await);
        server
            .router()
            .notify_list_changed(ListKind::Tools)
            .await
            .unwrap();
        let (last, _) = old.next_event().await.unwrap();
        // A second fresh GET is refused while the first is read …
        let again = get(addr, &session, None).await;
        assert_eq!(again.status(), StatusCode::CONFLICT);
        // … but a client resuming has lost that connection, whatever the server knows.
        server
            .router()
            .notify_list_changed(ListKind::Prompts)
            .await
            .unwrap();
        let mut resumed = Events::of(get(addr, &session, last.as_deref()).await);
        assert_eq!(
            resumed.next().await.unwrap()["method"],
            "notifications/prompts/list_changed"
        );
        server
            .router()
            .notify_list_changed(ListKind::Resources)
            .await
            .unwrap();
        assert_eq!(
            resumed.next().await.unwrap()["method"],
            "notifications/resources/list_changed"
        );
    });
}
